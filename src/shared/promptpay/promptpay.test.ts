import { parse } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { promptPayAmountProblem, promptPayLimits } from './promptpay-amount';
import { parsePromptPayId, thaiIdCheckDigitOk } from './promptpay-id';
import { PromptPayError, promptPayPayload } from './promptpay-payload';
import { qrMatrix } from './qr-matrix';

/** EMVCo TLV: two-digit tag, two-digit length, value. */
const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), bit by bit: the checksum EMVCo tag 63 carries. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const char of text) {
    crc ^= (char.charCodeAt(0) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A dynamic PromptPay payload laid out by hand from the EMVCo merchant-presented layout. */
function expectedPayload(subTag: '01' | '02' | '03', target: string, amount: string): string {
  const merchant = tlv('00', 'A000000677010111') + tlv(subTag, target);
  const body =
    tlv('00', '01') + // payload format indicator
    tlv('01', '12') + // point of initiation: dynamic, for this one payment
    tlv('29', merchant) + // PromptPay: application ID and the proxy
    tlv('53', '764') + // currency: THB
    tlv('58', 'TH') + // country
    tlv('54', amount); // amount
  // The CRC covers everything before it, the CRC tag and its length included.
  return `${body}6304${crc16(`${body}6304`)}`;
}

describe('the test CRC itself', () => {
  it('gives CRC-16/CCITT-FALSE check value 29B1 for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
});

describe('promptPayPayload', () => {
  const cases = [
    { kind: 'mobile', id: '0812345678', subTag: '01', target: '0066812345678' },
    { kind: 'mobile, written +66 with spaces', id: '+66 91 234 5678', subTag: '01', target: '0066912345678' },
    { kind: 'mobile, 06 and dashes', id: '06-1234-5678', subTag: '01', target: '0066612345678' },
    { kind: 'national ID', id: '1101700203298', subTag: '02', target: '1101700203298' },
    { kind: 'tax ID of a company', id: '0105535000123', subTag: '02', target: '0105535000123' },
    { kind: 'e-wallet ID', id: '140000812345678', subTag: '03', target: '140000812345678' },
  ] as const;
  const amounts = [
    { amount: 1, text: '1.00' },
    { amount: 610, text: '610.00' },
    { amount: 4.22, text: '4.22' },
    { amount: 12_345, text: '12345.00' },
    { amount: promptPayLimits.amountMax, text: '200000.00' },
  ];

  for (const { kind, id, subTag, target } of cases) {
    for (const { amount, text } of amounts) {
      it(`for a ${kind} and ${text} THB equals the EMVCo layout built by hand`, () => {
        expect(promptPayPayload(id, amount)).toBe(expectedPayload(subTag, target, text));
      });
    }

    it(`for a ${kind} parses back with promptparse's own parser, CRC checked`, () => {
      const qr = parse(promptPayPayload(id, 610), true, true);
      expect(qr).not.toBeNull();
      expect(qr?.getTagValue('01')).toBe('12');
      expect(qr?.getTagValue('29', '00')).toBe('A000000677010111');
      expect(qr?.getTagValue('29', subTag)).toBe(target);
      expect(qr?.getTagValue('53')).toBe('764');
      expect(qr?.getTagValue('54')).toBe('610.00');
      expect(qr?.getTagValue('58')).toBe('TH');
      expect(qr?.validate('63')).toBe(true);
    });
  }

  it('a changed character fails the CRC check', () => {
    const payload = promptPayPayload('0812345678', 610);
    expect(parse(payload.replace('610.00', '910.00'), true)).toBeNull();
  });

  it.each([
    ['', 'Enter a PromptPay ID'],
    ['08123', 'A PromptPay ID is a 10-digit mobile number'],
    ['0212345678', 'starts with 06, 08 or 09'],
    ['081234567a', 'digits only'],
    ['1101700203299', 'wrong check digit'],
    ['12345678901234567', 'A PromptPay ID is a 10-digit mobile number'],
  ])('refuses the ID %j with a clear error', (id, message) => {
    expect(() => promptPayPayload(id, 100)).toThrow(PromptPayError);
    expect(() => promptPayPayload(id, 100)).toThrow(message);
  });

  it.each([
    [0, 'above 0 THB'],
    [-5, 'above 0 THB'],
    [Number.NaN, 'above 0 THB'],
    [Number.POSITIVE_INFINITY, 'above 0 THB'],
    [promptPayLimits.amountMax + 1, 'over 200,000 THB'],
    [1.005, 'two decimals'],
  ])('refuses the amount %s with a clear error', (amount, message) => {
    expect(() => promptPayPayload('0812345678', amount)).toThrow(PromptPayError);
    expect(() => promptPayPayload('0812345678', amount)).toThrow(message);
    expect(promptPayAmountProblem(amount)).toContain(message);
  });
});

describe('parsePromptPayId', () => {
  it('classifies each kind and keeps only the digits', () => {
    expect(parsePromptPayId('081-234-5678')).toEqual({ ok: true, kind: 'mobile', digits: '0812345678' });
    expect(parsePromptPayId('66812345678')).toEqual({ ok: true, kind: 'mobile', digits: '0812345678' });
    expect(parsePromptPayId('1 1017 00203 29 8')).toEqual({
      ok: true,
      kind: 'nationalId',
      digits: '1101700203298',
    });
    expect(parsePromptPayId('140000812345678')).toMatchObject({ ok: true, kind: 'eWallet' });
  });

  it('checks the 13th digit of a national or tax ID', () => {
    expect(thaiIdCheckDigitOk('3100500123458')).toBe(true);
    for (let wrong = 0; wrong <= 9; wrong++) {
      if (wrong === 8) continue;
      expect(thaiIdCheckDigitOk(`310050012345${wrong}`)).toBe(false);
    }
  });
});

describe('qrMatrix', () => {
  it('is a square of modules with the three finder patterns in the corners', () => {
    const matrix = qrMatrix(promptPayPayload('0812345678', 610));
    const size = matrix.length;
    expect(size).toBeGreaterThanOrEqual(21);
    expect(matrix.every((row) => row.length === size)).toBe(true);
    // A finder pattern's outer ring is dark on its top row: seven modules at each of three corners.
    expect(matrix[0]?.slice(0, 7)).toEqual(Array(7).fill(true));
    expect(matrix[0]?.slice(size - 7)).toEqual(Array(7).fill(true));
    expect(matrix[size - 1]?.slice(0, 7)).toEqual(Array(7).fill(true));
  });
});
