/**
 * English, the default language, and the one source of the spec's visible texts (constants.ts re-exports
 * them under their old names for the server and the tests). Every other language implements `Messages`:
 * the same keys, so a missing or misspelt key fails the typecheck. Texts with values are functions.
 */
export const en = {
  // The spec's texts, character for character.
  checkoutHeading: 'Please enter the number of missing items from the fridge',
  loadingDrinks: 'Loading drinks...',
  noItemsSelected: 'No items selected',
  summaryTitle: 'Summary',
  totalCost: 'Total Cost',
  generatePdf: 'Generate PDF',
  shareReceipt: 'Share Receipt',
  shareText: 'Your fridge checkout receipt',
  adminAccess: 'Admin Access',
  passwordPlaceholder: 'Enter admin password',
  incorrectPassword: 'Incorrect password',
  adminPanel: 'Admin Panel',
  addNewDrink: 'Add New Drink',
  editDrink: 'Edit Drink',
  saveDrink: 'Save Drink',
  loading: 'Loading...',
  noDrinks: 'No drinks available',
  guestInformation: 'Guest Information',
  saveGuest: 'Save Guest Information',
  routeError: 'Unexpected Application Error!',
  shareTitle: (bungalow: number) => `Bungalow #${bungalow} Checkout`,
  receiptTitle: (bungalow: number) => `Bungalow #${bungalow} Fridge Checkout`,
  startingQuantity: (quantity: number) => `Starting: ${quantity}`,
  lineTotal: (amount: string) => `Total: ${amount}`,

  // The spec's toasts.
  toastFailedToLoad: 'Failed to load data',
  toastGuestNotFound: 'Guest information not found',
  toastNoItemsSelected: 'No items selected',
  toastFailedToShare: 'Failed to share receipt',
  toastFailedToDelete: 'Failed to delete drink',
  toastFailedToSaveDrink: 'Failed to save drink',
  toastFailedToSaveGuest: 'Failed to save guest information',
  toastSharingNotSupported: 'Sharing not supported on this device',
  toastReadyToShare: 'Ready to share receipt!',
  /** Under the Summary after a share: which record the check went to (docs/decisions/031). */
  recordedAs: (id: number) => `Recorded as #${id}`,
  toastDrinkDeleted: 'Drink deleted successfully',
  toastDrinkUpdated: 'Drink updated successfully',
  toastDrinkAdded: 'Drink added successfully',
  toastGuestUpdated: 'Guest information updated successfully',

  // The drink sections' headings (the sections themselves are matched by their English titles).
  sectionSoftDrinks: 'Soft Drinks',
  sectionBeers: 'Beers',
  sectionWine: 'Wine',
  sectionOtherDrinks: 'Other Drinks',

  // Page frame.
  appTitle: 'Bungalow Fridge Check',
  navMain: 'Main',
  navCheckout: 'Checkout',
  navAdmin: 'Admin',
  languageLabel: 'Language',
  backToCheckout: 'Back to the checkout',

  // Checkout screen.
  bungalowHeading: (bungalow: number) => `Bungalow ${bungalow}`,
  noDrinksSetUp: 'No drinks are set up for this fridge yet. Staff can add them in the admin panel.',
  itemsMissing: (units: number) => `${units} ${units === 1 ? 'item' : 'items'} missing`,
  reviewReceipt: 'Review receipt',
  checkConnection: 'Check the connection, then try again.',
  tryAgain: 'Try again',
  removeOne: (drink: string) => `Remove one ${drink}`,
  addOne: (drink: string) => `Add one ${drink}`,
  drinkMissing: (drink: string) => `${drink} missing`,
  shareFailedReload: (reason: string) =>
    `Failed to share receipt: ${reason}. Reload the page to see the current fridge.`,
  shareRefused: (reason: string) => `Failed to share receipt: ${reason}`,
  shareThrottled: (reason: string) => `Failed to share receipt: ${reason}`,
  receiptReadyToShare: 'The receipt is ready to share.',
  shareNow: 'Share now',

  // Offline at the bungalow: the outbox of checks waiting to send.
  waitingToSend: (count: number) => `${count} ${count === 1 ? 'check' : 'checks'} waiting to send`,
  waitingDetail: (count: number) =>
    `${count === 1 ? 'It is' : 'They are'} kept on this device and sent as soon as the connection returns.`,
  sendNow: 'Send now',
  allSent: 'All checks sent.',
  checkRefused: (bungalow: number, reason: string) =>
    `The check of Bungalow ${bungalow} was not accepted: ${reason}`,
  discard: 'Discard',
  /** Safari has no Background Sync, and wipes a site's storage after 7 days unused unless it is installed. */
  iosInstall:
    'On an iPhone or iPad, add this app to the Home Screen (Share, then Add to Home Screen): Safari sends waiting checks only while the app is open, and it deletes what a site that is not installed keeps after 7 days without a visit.',
  /** The share toast when the check was kept on the device instead of sent. */
  queuedToast:
    'No connection: the check is saved on this device and will be sent when the connection returns.',
  /** savedOn: when the service worker saved the drinks, or null when that is unknown. */
  offlineDrinks: (savedOn: string | null) =>
    `The server cannot be reached: these drinks and prices were saved ${savedOn ? `on ${savedOn}` : 'earlier'} and may be out of date.`,

  /** On the admin pages when offline (part of the first load, so it lives here, not with the admin's texts). */
  adminOffline:
    'You are offline. The admin panel works only with a connection: nothing here can be loaded or saved until it returns. The checkout keeps working offline.',

  // The PDF receipt.
  receiptDate: (date: string) => `Date: ${date}`,
  receiptFooter: (bungalow: number, recap: string, total: string) =>
    `Thank you for staying with us in Bungalow #${bungalow}! We hope you enjoyed your stay. Drinks taken from the fridge: ${recap}. Total: ${total}.`,
  receiptNothingTaken: 'none',
  receiptGuest: (name: string) => `Guest: ${name}`,

  // Paying by PromptPay (on the checkout page and the receipt).
  payWithPromptPay: 'Pay with PromptPay',
  /** Under the code: who the money goes to, as the banking app will show it too. */
  payeeLine: (name: string) => `Payee: ${name}`,
  scanWithBankingApp: 'Scan with any Thai banking app',
  qrLabel: (amount: string, payee: string | null) =>
    `PromptPay QR code for ${amount}${payee ? ` to ${payee}` : ''}`,
  /** The limit comes grouped ("200,000"): it is a rule's figure, not one of the spec's amounts. */
  promptPayOverLimit: (limit: string) =>
    `The total is over ${limit} THB, more than one PromptPay payment should carry: please pay staff`,
  promptPayPayStaff: 'This total cannot go into a PromptPay QR code: please pay staff',

  // Stock (the fourth stage): a fridge that holds less than its par, and a check that asks for more.
  notRefilled: (items: string) => `Not refilled since the last check: ${items}`,
  lackLine: (units: number, drink: string) => `${units} ${drink}`,
  exceedsFridge: (reason: string) =>
    `Failed to share receipt: ${reason}. Count again what is missing from what the fridge held.`,
};

/** What a language provides: every key of the English file, texts as strings, values as the same functions. */
export type Messages = {
  [Key in keyof typeof en]: (typeof en)[Key] extends (...args: infer Args) => string
    ? (...args: Args) => string
    : string;
};

export type MessageKey = keyof Messages;
