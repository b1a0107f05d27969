import { toNestErrors } from '@hookform/resolvers';
import { useEffect, useRef } from 'react';
import type {
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormSetError,
  UseFormTrigger,
} from 'react-hook-form';
import type { z } from 'zod';
import { limits } from '../../shared/constants';
import type { AdminMessages } from '../../shared/i18n/admin-en';
import { promptPayIdMessages } from '../../shared/promptpay/promptpay-id';
import { defaultTimeZone } from '../../shared/resort-settings';
import { startAfterEndMessage } from '../../shared/staff-schemas';
import { teamTexts } from '../../shared/team-limits';
import { ApiError } from '../api';
import { type AdminI18n, adminI18n, useAdminI18n } from './admin-i18n';

/**
 * The admin forms check their input with the API's own zod schemas before sending. Those schemas speak
 * English (the API's messages, and the server answers a 422 with the same texts): English shows them as they
 * are, one source. In another language the form says the same thing itself, from the issue's field and kind
 * (required, too long, not a whole number...), since the schemas' messages are fixed texts the admin message
 * files cannot reach.
 */

export type Issue = z.core.$ZodIssue;

/** A field's name in the page's language. */
export type FieldNames = Record<string, (a: AdminMessages) => string>;

/** Each form field the schemas check, by its key, with its name in the page's language. */
const fieldNames: FieldNames = {
  drinkName: (a) => a.drinkName,
  startingQuantity: (a) => a.startingQuantity,
  price: (a) => a.priceThb,
  section: (a) => a.section,
  name: (a) => a.guestName,
  email: (a) => a.guestEmail,
  guestName: (a) => a.guestName,
  guestEmail: (a) => a.guestEmail,
  checkOutOn: (a) => a.plannedCheckOut,
  reason: (a) => a.reason,
  password: (a) => a.password,
  resortName: (a) => a.resortName,
  timeZone: (a) => a.timeZone,
  bungalows: (a) => a.bungalowNumbers,
  promptPayId: (a) => a.promptPayId,
  promptPayName: (a) => a.promptPayName,
  publicUrl: (a) => a.publicAddress,
  cashFloat: (a) => a.cashFloatLabel,
  stockCoverDays: (a) => a.stockCoverDaysLabel,
  bungalow: (a) => a.filterBungalow,
  guest: (a) => a.filterGuest,
  from: (a) => a.fromDay,
  to: (a) => a.toDay,
  role: (a) => a.role,
  staffLockMinutes: (a) => a.staffLock,
  // Tax documents (fifth stage)
  buyerName: (a) => a.buyerName,
  buyerAddress: (a) => a.buyerAddress,
  buyerTaxId: (a) => a.buyerTaxId,
  buyerBranch: (a) => a.buyerBranch,
  sellerName: (a) => a.sellerName,
  address: (a) => a.sellerAddress,
  taxId: (a) => a.sellerTaxId,
  branch: (a) => a.sellerBranch,
  posId: (a) => a.posIdLabel,
  vatRate: (a) => a.vatRateLabel,
  abbPrefix: (a) => a.abbPrefixLabel,
  invoicePrefix: (a) => a.invoicePrefixLabel,
  // Guests' personal data (fifth stage)
  guestDataDays: (a) => a.guestDataDaysLabel,
};

const dateFields = new Set(['checkOutOn', 'from', 'to']);

const promptPayIdTexts = {
  [promptPayIdMessages.empty]: 'promptPayIdEmpty',
  [promptPayIdMessages.notDigits]: 'promptPayIdNotDigits',
  [promptPayIdMessages.mobilePrefix]: 'promptPayIdMobilePrefix',
  [promptPayIdMessages.checkDigit]: 'promptPayIdCheckDigit',
  [promptPayIdMessages.length]: 'promptPayIdLength',
} as const satisfies Record<string, keyof AdminMessages>;

/** Tax documents (fifth stage): the tax fields whose rule one sentence says. */
const taxFieldRules: Record<string, 'taxIdInvalid' | 'branchInvalid' | 'prefixInvalid' | 'vatRateInvalid'> = {
  taxId: 'taxIdInvalid',
  buyerTaxId: 'taxIdInvalid',
  branch: 'branchInvalid',
  buyerBranch: 'branchInvalid',
  abbPrefix: 'prefixInvalid',
  invoicePrefix: 'prefixInvalid',
  vatRate: 'vatRateInvalid',
};

/** What an issue of the shared schemas says, in another language than English (see above). */
function translatedIssue(issue: Issue, a: AdminMessages, names: FieldNames = {}): string {
  const key = String(issue.path[0] ?? '');
  const field = (names[key] ?? fieldNames[key] ?? (() => key))(a);

  // The team's PINs and pairing codes (shared/team-schemas.ts).
  if (key === 'pin' || key === 'pinAgain') {
    if (issue.message === teamTexts.pinsDiffer) return a.pinsDiffer;
    if (issue.code === 'custom') return /repeated/.test(issue.message) ? a.pinRepeated : a.pinRun;
    return a.pinSixDigits;
  }
  if (key === 'pairingCode') return a.pairingCodeInvalid;

  // The rules of one field, whose texts name what the field takes.
  if (key === 'reason' && issue.code === 'too_small') return a.voidReasonRequired;
  if (key === 'to' && issue.code === 'custom' && issue.message === startAfterEndMessage)
    return a.startAfterEnd;
  if (dateFields.has(key)) return issue.code === 'custom' ? a.notRealDate : a.invalidDate;
  if (key === 'bungalows' && issue.code !== 'too_big')
    return a.bungalowListInvalid(limits.bungalowMin, limits.bungalowMax);
  if (key === 'timeZone') return a.unknownTimeZone(defaultTimeZone);
  if (key === 'promptPayId') {
    const text = promptPayIdTexts[issue.message as keyof typeof promptPayIdTexts];
    return a[text ?? 'promptPayIdLength'];
  }
  if (key === 'publicUrl' && issue.code !== 'too_big') return a.publicUrlInvalid;
  if ((key === 'email' || key === 'guestEmail') && issue.code === 'invalid_format') return a.invalidEmail;

  // Tax documents (fifth stage): fields whose one rule the text names (a blank is still "required").
  const taxRule = taxFieldRules[key];
  if (taxRule && !(issue.code === 'too_small' && issue.origin === 'string')) return a[taxRule];

  // The kinds every text and number field shares.
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return a.fieldRequired(field);
      return a.fieldAtLeast(field, Number(issue.minimum));
    case 'too_big':
      if (issue.origin === 'string') return a.fieldTooLong(field, Number(issue.maximum));
      return a.fieldAtMost(field, Number(issue.maximum));
    case 'invalid_type':
      if (issue.expected === 'int') return a.fieldNotWhole(field);
      if (issue.expected === 'number') return a.fieldNotNumber(field);
      // A text field sent nothing at all: what it needs is the text.
      if (issue.expected === 'string') return a.fieldRequired(field);
      return a.fieldInvalid(field);
    case 'invalid_format':
      // Query-string numbers (the history's bungalow) are checked as digits.
      return issue.format === 'regex' ? a.fieldNotWhole(field) : a.fieldInvalid(field);
    case 'custom':
      // The text fields' one custom rule: PostgreSQL text cannot hold U+0000.
      return a.fieldNulCharacter(field);
    default:
      return a.fieldInvalid(field);
  }
}

/** An issue of the shared schemas as the form shows it: English as the schema says it, else translated. */
export function issueText(issue: Issue, i18n: AdminI18n = adminI18n(), names?: FieldNames): string {
  return i18n.language === 'en' ? issue.message : translatedIssue(issue, i18n.a, names);
}

/** The first message per field of a failed parse, in the page's language. */
export function fieldMessages(
  error: z.ZodError,
  i18n: AdminI18n = adminI18n(),
  names?: FieldNames,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    messages[key] ??= issueText(issue, i18n, names);
  }
  return messages;
}

/**
 * react-hook-form's resolver for a shared schema, like @hookform/resolvers' zodResolver (which keeps only
 * the issue's English message), with the messages in the page's language.
 */
export function adminResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, unknown>,
  /** Names for this form's fields where a key means something else elsewhere (a person's `name`). */
  names?: FieldNames,
): Resolver<Values, unknown, Output> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const flat: Record<string, { type: string; message: string }> = {};
    const i18n = adminI18n();
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      flat[key] ??= { type: issue.code, message: issueText(issue, i18n, names) };
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<Values> };
  };
}

/**
 * The server checks with the same schema; its messages for this form's own fields go under them (as type
 * 'server', which a language switch leaves as said).
 */
export function showServerIssues<Values extends FieldValues>(
  issues: readonly { path: string; message: string }[],
  fields: ReadonlySet<string>,
  setError: UseFormSetError<Values>,
): void {
  for (const issue of issues) {
    if (fields.has(issue.path))
      setError(issue.path as Path<Values>, { type: 'server', message: issue.message });
  }
}

/**
 * After a language switch, the messages a form's own checks wrote are written again in the new language (the
 * resolver words them when it runs). The server's (type 'server') stay as the server said them: checking the
 * field again here could not bring them back.
 */
export function useMessagesFollowLanguage<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  trigger: UseFormTrigger<Values>,
): void {
  const { language } = useAdminI18n();
  const shownIn = useRef(language);
  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    const own = Object.entries(errors).flatMap(([name, error]) =>
      error && error.type !== 'server' ? [name] : [],
    );
    if (own.length > 0) void trigger(own as Path<Values>[]);
  }, [language, errors, trigger]);
}

/**
 * A failed request's text: no answer at all is the web code's own sentence (in the page's language); an
 * answer's message is the server's, which stays the API's English.
 */
export function apiErrorText(error: unknown, i18n: AdminI18n = adminI18n()): string | undefined {
  if (error instanceof ApiError && error.status === 0) return i18n.a.serverUnreachable;
  return error instanceof Error ? error.message : undefined;
}
