import { describe, expect, it } from 'vitest';
import { seller } from '../../tests/support/tax-parties';
import { resortSettingsInputSchema } from './resort-settings-schema';
import { documentNumber, netOf, taxIdCheckDigitOk, vatOf } from './tax';
import { fullInvoiceRequestSchema, taxSettingsSchema } from './tax-schemas';

describe('the tax ID check digit', () => {
  it.each(['0105535000123', '1101700203298'])('accepts %s', (id) => {
    expect(taxIdCheckDigitOk(id)).toBe(true);
  });
  it.each(['0105535000124', '1101700203290', '010553500012', 'abcdefghijklm'])('refuses %s', (id) => {
    expect(taxIdCheckDigitOk(id)).toBe(false);
  });
});

describe('VAT in a VAT-included total', () => {
  it.each([
    [107, 700, 700],
    [100, 700, 654], // 654.2
    [50, 700, 327], // 327.10
    [15, 700, 98], // 98.13
    [1, 700, 7], // 6.54
    [0, 700, 0],
    [100, 0, 0],
    [100, 1000, 909], // 909.09
  ])('total %i THB at %i bp has %i satang of VAT', (total, rate, vat) => {
    expect(vatOf(total, rate)).toBe(vat);
    expect(netOf(total, rate)).toBe(total * 100 - vat);
  });

  it('rounds half up', () => {
    // 79 THB at 112 bp: 7900 × 112 / 10112 = 87.5 exactly
    expect(vatOf(79, 112)).toBe(88);
    // 1 THB at 25 bp: 2500 / 10025 = 0.249
    expect(vatOf(1, 25)).toBe(0);
  });
});

describe('document numbers', () => {
  it('are prefix, YYMM, a dash and five digits', () => {
    expect(documentNumber('ABB', '2611', 1)).toBe('ABB2611-00001');
    expect(documentNumber('', '2701', 12345)).toBe('2701-12345');
  });
});

describe('the tax settings schema', () => {
  it('fills the defaults', () => {
    expect(taxSettingsSchema.parse(seller)).toEqual({
      ...seller,
      posId: null,
      vatRate: 700,
      abbPrefix: 'ABB',
      invoicePrefix: 'INV',
    });
  });

  it('takes null in the settings, and names the field of a wrong tax ID', () => {
    expect(resortSettingsInputSchema.parse({ tax: null }).tax).toBeNull();
    const result = resortSettingsInputSchema.safeParse({ tax: { ...seller, taxId: '0105535000124' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['tax', 'taxId']);
    expect(result.error?.issues[0]?.message).toContain('check digit');
  });

  it.each([
    ['branch', '0000'],
    ['vatRate', 3001],
    ['vatRate', 7.5],
    ['abbPrefix', 'abb'],
    ['invoicePrefix', 'INVOICE-2026'],
    ['sellerName', ''],
    ['address', 'x'.repeat(301)],
    ['posId', 'x'.repeat(31)],
  ])('refuses %s = %j', (field, value) => {
    const result = taxSettingsSchema.safeParse({ ...seller, [field]: value });
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('checks the buyer of a full invoice', () => {
    const buyer = {
      buyerName: 'Acme Co., Ltd.',
      buyerAddress: '99 Sukhumvit Rd, Bangkok',
      buyerTaxId: '0105535000123',
      buyerBranch: '00001',
    };
    expect(fullInvoiceRequestSchema.parse(buyer)).toEqual(buyer);
    const result = fullInvoiceRequestSchema.safeParse({ ...buyer, buyerTaxId: '1234567890123' });
    expect(result.error?.issues[0]?.path).toEqual(['buyerTaxId']);
  });
});
