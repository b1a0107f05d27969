import { plural } from './plural';

/**
 * A message that takes a count ("3 items missing"), carried as text for a script that has no messages of its
 * own (the first taps' script, web/checkout/first-tap.ts, inline in the guest's page): one text per plural form
 * the language has (Intl.PluralRules' categories), with `countSlot` where the count goes. Made on the server from
 * the message itself, for a sample count of each form; the messages' test checks every count of every language
 * against the message.
 */
export type CountForms = Partial<Record<Intl.LDMLPluralRule, string>>;

export const countSlot = '{count}';

/** The highest sample tried: every language's forms appear well below it (Russian's 'few' at 2, 'many' at 0). */
const LAST_SAMPLE = 200;

export function countForms(locale: string, message: (count: number) => string): CountForms {
  const rules = new Intl.PluralRules(locale);
  const forms: CountForms = {};
  for (let count = 0; count <= LAST_SAMPLE; count++) {
    const form = rules.select(count);
    if (forms[form] !== undefined) continue;
    // The count as the message writes it, alone (not a digit of another number).
    forms[form] = message(count).replace(new RegExp(`(?<!\\d)${count}(?!\\d)`), countSlot);
  }
  return forms;
}

/** The message for `count` from its forms; the empty string where the forms lack it. */
export function fillCount(locale: string, forms: CountForms, count: number): string {
  return plural(locale, count, { other: '', ...forms }).replace(countSlot, String(count));
}
