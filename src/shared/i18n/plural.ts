/**
 * A count's form in a language, as Intl.PluralRules names it: Russian has one (1, 21), few (2-4, 22) and many
 * (5-20, 11); German and English one and other; Chinese and Korean other only. `other` is always given: it
 * is the form for fractions and the fallback for a form a file does not spell out.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

export function plural(locale: string, count: number, forms: PluralForms): string {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return forms[rule.select(count)] ?? forms.other;
}
