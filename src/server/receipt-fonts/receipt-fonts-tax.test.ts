import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-app';
import type { ShapingFont } from '../../shared/receipt-font/font-data';

/** The served fonts with tax documents on: they carry the tax invoice's words and the seller's name. */
const has = (font: ShapingFont, text: string) =>
  [...text].every((char) => font.cmap.some((code, i) => i % 2 === 0 && code === char.codePointAt(0)));

const tax = {
  sellerName: 'Λαγούνα Ko Lanta Co., Ltd.',
  taxId: '0105558012349',
  branch: '00000',
  address: 'Koh Lanta, Krabi 81150',
};

describeEachDatabase('receipt fonts with tax documents', ({ fresh }) => {
  it("holds the tax words and the seller's letters only while tax is on", async () => {
    const t = await fresh({ seed: false });
    const cookie = await t.login();
    const font = async (face: string) =>
      (await (await t.request('GET', `/api/receipt-fonts/${face}/normal`)).json()) as ShapingFont;

    expect(has(await font('noto-sans'), 'Λαγούνα')).toBe(false);
    expect(has(await font('noto-sans-kr'), '부가세포함')).toBe(false);
    const on = await t.request('PUT', '/api/settings', { cookie, body: { tax } });
    expect(on.status).toBe(200);
    // Russian's "НДС включён" and the seller's Greek name; Korean's "부가세 포함".
    expect(has(await font('noto-sans'), 'НДС включён')).toBe(true);
    expect(has(await font('noto-sans'), 'Λαγούνα')).toBe(true);
    expect(has(await font('noto-sans-kr'), '부가세포함')).toBe(true);
    const off = await t.request('PUT', '/api/settings', { cookie, body: { tax: null } });
    expect(off.status).toBe(200);
    expect(has(await font('noto-sans'), 'Λαγούνα')).toBe(false);
    expect(has(await font('noto-sans-kr'), '부가세포함')).toBe(false);
  });
});
