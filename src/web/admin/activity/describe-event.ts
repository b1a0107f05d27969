import type { AuditEvent } from '../../../shared/audit-types';
import type { AdminMessages } from '../../../shared/i18n/admin-en';
import type { Language } from '../../../shared/i18n/languages';
import { type PaymentMethod, paymentMethods } from '../../../shared/payment-constants';
import { formatSatang } from '../format';
import { guestNameText } from '../guest-name';

/** What the describe lines need of the page's language: its texts and its baht. */
export interface DescribeI18n {
  a: AdminMessages;
  baht: (amount: number) => string;
  language: Language;
}

type Details = Record<string, unknown>;

const record = (value: unknown): Details =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Details) : {};
const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));
const str = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));

const methodKeys = {
  cash: 'methodCash',
  promptpay: 'methodPromptpay',
  card: 'methodCard',
  room: 'methodRoom',
} as const satisfies Record<PaymentMethod, keyof AdminMessages>;

function methodName(a: AdminMessages, method: unknown): string {
  return paymentMethods.includes(method as PaymentMethod)
    ? a[methodKeys[method as PaymentMethod]]
    : method === null || method === undefined
      ? a.noValue
      : str(method);
}

const lines = (value: unknown): Details[] => (Array.isArray(value) ? value.map(record) : []);

/** "48 x Chang, 24 x Coke": the lines of a stock document, by the names they had then. */
function namedLines(a: AdminMessages, value: unknown): string {
  const named = lines(value).map((line) => `${num(line.quantity)} x ${str(line.drinkName)}`);
  return named.join(', ') || a.noValue;
}

/** A difference as a count shows it: "+2", "−6" (a minus sign, not a hyphen), "0". */
export function signed(difference: number): string {
  if (difference > 0) return `+${difference}`;
  if (difference < 0) return `\u2212${-difference}`;
  return '0';
}

/** "20–24, 30": bungalow numbers with each run of neighbours as a range. */
export function bungalowRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((x, y) => x - y);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++;
    runs.push(i === j ? `${sorted[i]}` : `${sorted[i]}\u2013${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** A value as a person reads it: text as is, none for null, lists joined. */
function plain(a: AdminMessages, value: unknown): string {
  if (value === null || value === undefined || value === '') return a.noValue;
  if (Array.isArray(value)) return value.map((item) => plain(a, item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return guestNameText(String(value), a);
}

/** "price 60 → 70 THB, starting quantity 4 → 5": each field of `before` and `after` that changed. */
export function changes({ a }: DescribeI18n, details: Details): string {
  const before = record(details.before);
  const after = record(details.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return a.nothingChanged;
  return fields
    .map((field) =>
      field === 'price' && typeof before.price === 'number' && typeof after.price === 'number'
        ? a.priceFromTo(before.price, after.price)
        : a.changeFromTo(a.fieldName(field), plain(a, before[field]), plain(a, after[field])),
    )
    .join(', ');
}

/**
 * One plain line per event, in the page's language: "Chang: price 60 → 70 THB", "Bungalow 12: checkout #31
 * (490 THB) voided: Entered twice". Actions this page does not know yet get their name and any changes.
 */
export function describeEvent(
  i18n: DescribeI18n,
  event: Pick<AuditEvent, 'action' | 'subject' | 'details'>,
): string {
  const { a, baht } = i18n;
  const d = event.details;
  const id = Number(event.subject.id);
  const bungalow = num(d.bungalow);
  const before = record(d.before);
  const after = record(d.after);
  switch (event.action) {
    case 'drink.added':
      return a.describeDrinkAdded(str(after.drinkName), baht(num(after.price)), num(after.startingQuantity));
    case 'drink.changed':
      return a.describeDrinkChanged(str(d.drinkName), changes(i18n, d));
    case 'drink.deleted':
      return a.describeDrinkDeleted(str(before.drinkName), baht(num(before.price)));
    case 'drinks.reordered':
      return a.describeDrinksReordered;
    case 'guest.saved':
      return a.describeGuestSaved(
        Object.keys(before).length > 0 || !d.after ? changes(i18n, d) : plain(a, [after.name, after.email]),
      );
    case 'settings.changed':
      return a.describeSettingsChanged(changes(i18n, d));
    case 'stay.opened':
      return a.describeStayOpened(bungalow, guestNameText(str(after.guestName), a));
    case 'stay.changed':
      return a.describeStayChanged(bungalow, changes(i18n, d));
    case 'stay.closed':
      return a.describeStayClosed(bungalow, guestNameText(str(d.guestName), a));
    case 'checkout.recorded':
      return a.describeCheckoutRecorded(bungalow, id, baht(num(d.total)));
    case 'checkout.revised':
      return a.describeCheckoutRevised(bungalow, id, baht(num(before.total)), baht(num(after.total)));
    case 'checkout.voided': {
      const line = a.describeCheckoutVoided(bungalow, id, baht(num(d.total)), str(d.reason));
      const approver = record(d.approvedBy).name;
      return approver ? `${line} (${a.approvedBy(str(approver))})` : line;
    }
    case 'payment.recorded':
      return before.method
        ? a.describePaymentChanged(bungalow, id, methodName(a, before.method), methodName(a, after.method))
        : a.describePaymentRecorded(bungalow, id, baht(num(d.total)), methodName(a, after.method));
    case 'payment.undone':
      return a.describePaymentUndone(bungalow, id, baht(num(d.total)), methodName(a, before.method));
    case 'restock.done': {
      // With stock on, what went from the storeroom into the fridge; with stock off, what had been taken.
      const moved = lines(d.moved);
      const items =
        moved.length > 0
          ? moved.map((item) => `${num(item.quantity)} x ${str(item.drinkName)}`).join(', ')
          : lines(d.refilled)
              .map((item) => `${num(item.units)} x ${str(item.drinkName)}`)
              .join(', ');
      return a.describeRestockDone(Number(event.subject.id), items || a.noValue);
    }
    case 'webhook.disabled':
      return a.describeWebhookDisabled(str(d.url), str(d.reason));
    case 'webhook.created':
    case 'webhook.deleted':
    case 'webhook.secret_rotated':
    case 'webhook.tested':
    case 'webhook.resent':
      return `${a.actionName(event.action)}: ${str(d.url ?? after.url ?? before.url)}`;
    case 'webhook.changed':
      return `${a.describeWebhook(str(d.url))}: ${changes(i18n, d)}`;
    case 'stock.started':
      return a.describeStockStarted(namedLines(a, d.storeroom));
    case 'stock.received':
      return a.describeStockReceived(
        num(d.deliveryId ?? event.subject.id),
        d.supplier ? str(d.supplier) : '',
        namedLines(a, d.lines),
        formatSatang(num(d.totalCost), i18n.language),
      );
    case 'stock.counted': {
      const counted = lines(d.lines).map((line) =>
        a.countLine(str(line.drinkName), num(line.expected), num(line.counted), signed(num(line.difference))),
      );
      return a.describeStockCounted(a.placeName(str(d.place)), counted.join('; ') || a.noValue);
    }
    case 'stock.written_off':
      return a.describeStockWrittenOff(
        a.placeName(str(d.place)),
        a.reasonName(str(d.reason)),
        namedLines(a, d.lines),
      );
    case 'pars.changed': {
      const bungalows = bungalowRanges(Array.isArray(d.bungalows) ? d.bungalows.map(num) : []);
      if (!Array.isArray(d.items)) return a.describeParsReset(bungalows);
      const items = lines(d.items).map((item) => a.parLine(str(item.drinkName), num(item.par)));
      return a.describeParsChanged(bungalows, items.join(', ') || a.noValue);
    }
    default: {
      const name = a.actionName(event.action);
      const what =
        d.name ?? d.drinkName ?? d.day ?? (d.bungalow === undefined ? undefined : a.bungalow(bungalow));
      const changed = d.before || d.after ? changes(i18n, d) : '';
      return [name, what === undefined ? '' : str(what), changed].filter(Boolean).join(': ');
    }
  }
}

/** The checkout an event is about, for its link to the history; null for the others. */
export function checkoutOf(event: Pick<AuditEvent, 'subject'>): number | null {
  return event.subject.type === 'checkout' && event.subject.id ? Number(event.subject.id) : null;
}
