import type { GuestMessages } from './guest-messages';
import { plural } from './plural';

const count = (n: number, one: string, other: string) => plural('de', n, { one, other });

/** German, for guests (formal "Sie"). Typed `GuestMessages`: a missing key fails the typecheck. */
export const de: GuestMessages = {
  checkoutHeading: 'Bitte tragen Sie ein, wie viele Getränke im Kühlschrank fehlen',
  loadingDrinks: 'Getränke werden geladen …',
  noItemsSelected: 'Nichts ausgewählt',
  summaryTitle: 'Übersicht',
  totalCost: 'Gesamtbetrag',
  generatePdf: 'PDF erstellen',
  shareReceipt: 'Beleg teilen',
  shareText: 'Ihr Beleg für die Getränke aus dem Kühlschrank',
  loading: 'Wird geladen …',
  noDrinks: 'Keine Getränke verfügbar',
  routeError: 'Unerwarteter Fehler in der App!',
  shareTitle: (bungalow) => `Check-out Bungalow Nr. ${bungalow}`,
  receiptTitle: (bungalow) => `Getränkebeleg Bungalow Nr. ${bungalow}`,
  startingQuantity: (quantity) => `Anfangsbestand: ${quantity}`,
  lineTotal: (amount) => `Summe: ${amount}`,

  toastFailedToLoad: 'Die Daten konnten nicht geladen werden',
  toastGuestNotFound: 'Für diesen Bungalow sind keine Gästedaten hinterlegt',
  toastNoItemsSelected: 'Nichts ausgewählt',
  toastFailedToShare: 'Der Beleg konnte nicht geteilt werden',
  toastSharingNotSupported: 'Teilen wird auf diesem Gerät nicht unterstützt',
  toastReadyToShare: 'Der Beleg ist bereit zum Teilen!',
  recordedAs: (id) => `Erfasst unter Nr. ${id}`,

  sectionSoftDrinks: 'Softdrinks',
  sectionBeers: 'Bier',
  sectionWine: 'Wein',
  sectionOtherDrinks: 'Weitere Getränke',

  appTitle: 'Kühlschrank-Check im Bungalow',
  navMain: 'Hauptmenü',
  navCheckout: 'Check-out',
  navAdmin: 'Verwaltung',
  languageLabel: 'Sprache',
  backToCheckout: 'Zurück zum Check-out',

  bungalowHeading: (bungalow) => `Bungalow ${bungalow}`,
  noDrinksSetUp:
    'Für diesen Kühlschrank sind noch keine Getränke eingetragen. Das Personal kann sie in der Verwaltung anlegen.',
  itemsMissing: (units) => count(units, `${units} Getränk fehlt`, `${units} Getränke fehlen`),
  reviewReceipt: 'Beleg ansehen',
  checkConnection: 'Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.',
  tryAgain: 'Erneut versuchen',
  removeOne: (drink) => `${drink}: eins weniger`,
  addOne: (drink) => `${drink}: eins mehr`,
  drinkMissing: (drink) => `${drink}: fehlende Anzahl`,
  // The server's reason is English: the German text says what it means instead.
  shareFailedReload: () =>
    'Der Beleg konnte nicht geteilt werden: Die Getränkeliste hat sich geändert. Bitte laden Sie die Seite neu, um den aktuellen Stand des Kühlschranks zu sehen.',
  shareRefused: () =>
    'Der Beleg konnte nicht geteilt werden: Diese Abrechnung wurde storniert oder gehört zu einem anderen Bungalow. Tippen Sie erneut auf „Beleg teilen“, um eine neue zu beginnen.',
  shareThrottled: () =>
    'Der Beleg konnte nicht geteilt werden: zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  receiptReadyToShare: 'Der Beleg kann jetzt geteilt werden.',
  shareNow: 'Jetzt teilen',

  waitingToSend: (n) =>
    count(n, `${n} Abrechnung wartet auf den Versand`, `${n} Abrechnungen warten auf den Versand`),
  waitingDetail: (n) =>
    n === 1
      ? 'Sie ist auf diesem Gerät gespeichert und wird gesendet, sobald wieder eine Verbindung besteht.'
      : 'Sie sind auf diesem Gerät gespeichert und werden gesendet, sobald wieder eine Verbindung besteht.',
  sendNow: 'Jetzt senden',
  allSent: 'Alle Abrechnungen wurden gesendet.',
  checkRefused: (bungalow, reason) =>
    `Die Abrechnung für Bungalow ${bungalow} wurde nicht angenommen: ${reason}`,
  discard: 'Verwerfen',
  iosInstall:
    'Auf dem iPhone oder iPad: Fügen Sie diese App zum Home-Bildschirm hinzu (Teilen, dann „Zum Home-Bildschirm“). Safari sendet wartende Abrechnungen nur, solange die App geöffnet ist, und löscht nach 7 Tagen ohne Besuch, was eine nicht installierte Website gespeichert hat.',
  queuedToast:
    'Keine Verbindung: Die Abrechnung ist auf diesem Gerät gespeichert und wird gesendet, sobald die Verbindung wieder da ist.',
  offlineDrinks: (savedOn) =>
    `Der Server ist nicht erreichbar: Diese Getränke und Preise wurden ${savedOn ? `am ${savedOn}` : 'früher'} gespeichert und sind möglicherweise nicht mehr aktuell.`,

  receiptDate: (date) => `Datum: ${date}`,
  receiptFooter: (bungalow, recap, total) =>
    `Vielen Dank für Ihren Aufenthalt in Bungalow Nr. ${bungalow}! Wir hoffen, Sie hatten eine schöne Zeit. Getränke aus dem Kühlschrank: ${recap}. Gesamt: ${total}.`,
  receiptNothingTaken: 'keine',
  receiptGuest: (name) => `Gast: ${name}`,

  payWithPromptPay: 'Mit PromptPay bezahlen',
  payeeLine: (name) => `Empfänger: ${name}`,
  scanWithBankingApp: 'Mit jeder thailändischen Banking-App scannen',
  qrLabel: (amount, payee) => `PromptPay-QR-Code über ${amount}${payee ? ` an ${payee}` : ''}`,
  promptPayOverLimit: (limit) =>
    `Der Betrag liegt über ${limit} THB – mehr, als eine einzelne PromptPay-Zahlung umfassen sollte. Bitte bezahlen Sie beim Personal.`,
  promptPayPayStaff:
    'Dieser Betrag passt nicht in einen PromptPay-QR-Code: Bitte bezahlen Sie beim Personal.',
  notRefilled: (items) => `Seit der letzten Kontrolle nicht aufgefüllt: ${items}`,
  lackLine: (units, drink) => `${units} × ${drink}`,
  exceedsFridge: (reason) =>
    `Beleg konnte nicht geteilt werden: ${reason}. Bitte zählen Sie noch einmal, was im Kühlschrank fehlt.`,
};
