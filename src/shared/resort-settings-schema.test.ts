import { describe, expect, it } from 'vitest';
import { promptPayIdSchema, resortSettingsInputSchema } from './resort-settings-schema';

describe('promptPayId in the settings schema', () => {
  it.each([
    ['0812345678', '0812345678'],
    ['081-234-5678', '0812345678'],
    ['+66 81 234 5678', '0812345678'],
    ['66912345678', '0912345678'],
    ['1-1017-00203-29-8', '1101700203298'],
    ['0105535000123', '0105535000123'],
    ['140000812345678', '140000812345678'],
  ])('accepts %j and stores the digits %j', (input, digits) => {
    expect(promptPayIdSchema.parse(input)).toBe(digits);
  });

  it.each([
    ['0212345678', 'starts with 06, 08 or 09'],
    ['1101700203290', 'wrong check digit'],
    ['12345', '10-digit mobile number, a 13-digit national or tax ID, or a 15-digit e-wallet ID'],
    ['08l2345678', 'digits only'],
  ])('refuses %j with a message that says what to fix', (input, message) => {
    const result = resortSettingsInputSchema.safeParse({ promptPayId: input });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['promptPayId']);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('empty or blank text, or null, clears it', () => {
    expect(resortSettingsInputSchema.parse({ promptPayId: '' }).promptPayId).toBeNull();
    expect(resortSettingsInputSchema.parse({ promptPayId: '  ' }).promptPayId).toBeNull();
    expect(resortSettingsInputSchema.parse({ promptPayId: null }).promptPayId).toBeNull();
  });
});
