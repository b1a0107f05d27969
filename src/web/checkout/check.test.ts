import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutInputSchema } from '../../shared/schemas';
import { checkBody, newCheckId } from './check';

const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newCheckId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a version-4 UUID the server accepts', () => {
    const id = newCheckId();
    expect(id).toMatch(v4);
    expect(checkoutInputSchema.safeParse({ bungalow: 1, items: [], checkId: id }).success).toBe(true);
  });

  it('makes one from random bytes where randomUUID is missing (http:// on the resort network)', () => {
    vi.stubGlobal('isSecureContext', false);
    const ids = new Set(Array.from({ length: 1000 }, () => newCheckId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(v4);
      expect(checkoutInputSchema.safeParse({ bungalow: 1, items: [], checkId: id }).success).toBe(true);
    }
  });
});

describe('checkBody', () => {
  it('sends the counted drinks only, with the check', () => {
    const items = [
      { id: 1, name: 'Coke', price: 40, missing: 2 },
      { id: 2, name: 'Wine', price: 450, missing: 0 },
    ];
    expect(checkBody(12, items, 'c')).toEqual({
      bungalow: 12,
      items: [{ drinkId: 1, missing: 2 }],
      checkId: 'c',
    });
  });
});
