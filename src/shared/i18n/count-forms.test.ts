import { describe, expect, it } from 'vitest';
import { countForms, countSlot, fillCount } from './count-forms';
import { localeOf } from './language-list';
import { languages, loadMessages } from './languages';

describe('count forms', () => {
  it("give every language's 'N items missing' exactly as its message does, for every count up to 1,000", async () => {
    for (const { code } of languages) {
      const messages = await loadMessages(code);
      const locale = localeOf(code);
      const forms = countForms(locale, messages.itemsMissing);
      for (const form of Object.values(forms)) expect(form, code).toContain(countSlot);
      for (let units = 0; units <= 1000; units++) {
        expect(fillCount(locale, forms, units), `${code} ${units}`).toBe(messages.itemsMissing(units));
      }
    }
  });

  it("keep Russian's three forms apart and English's two", () => {
    const ru = countForms('ru-RU', (n) => `${n} ${n % 10 === 1 && n % 100 !== 11 ? 'a' : 'b'}`);
    expect(ru.one).toBe(`${countSlot} a`);
    expect(ru.many).toBe(`${countSlot} b`);
    const en = countForms('en-US', (n) => `${n} item${n === 1 ? '' : 's'} missing, of 10`);
    // The count alone is replaced, not a digit of another number in the message.
    expect(en).toEqual({
      other: `${countSlot} items missing, of 10`,
      one: `${countSlot} item missing, of 10`,
    });
  });
});
