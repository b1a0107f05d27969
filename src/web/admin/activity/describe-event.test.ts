import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../shared/audit-types';
import { adminEn } from '../../../shared/i18n/admin-en';
import { adminTh } from '../../../shared/i18n/admin-th';
import { formatBaht } from '../../../shared/i18n/languages';
import { checkoutOf, describeEvent } from './describe-event';

const en = { a: adminEn, baht: (amount: number) => formatBaht('en', amount), language: 'en' as const };
const th = { a: adminTh, baht: (amount: number) => formatBaht('th', amount), language: 'th' as const };

const event = (action: AuditEvent['action'], details: Record<string, unknown>, id: string | null = '31') => ({
  action,
  subject: { type: action.startsWith('checkout') || action.startsWith('payment') ? 'checkout' : 'drink', id },
  details,
});

describe('describeEvent', () => {
  it('shows a price change before → after, in English and Thai', () => {
    const changed = event('drink.changed', {
      drinkName: 'Chang',
      before: { price: 60 },
      after: { price: 70 },
    });
    expect(describeEvent(en, changed)).toBe('Chang: price 60 → 70 THB');
    expect(describeEvent(th, changed)).toBe('แก้ไข Chang: ราคาจาก ฿60 เป็น ฿70');
    const two = event('drink.changed', {
      drinkName: 'LEO',
      before: { startingQuantity: 4, section: null },
      after: { startingQuantity: 6, section: 'Beers' },
    });
    expect(describeEvent(en, two)).toBe('LEO: starting quantity 4 → 6, section none → Beers');
  });

  it('says who was paid, voided, revised and undone with the bungalow and amount', () => {
    const paid = { bungalow: 12, total: 2000, before: { method: null }, after: { method: 'cash' } };
    expect(describeEvent(en, event('payment.recorded', paid))).toBe(
      'Bungalow 12: checkout #31 (2000 THB) marked paid: Cash',
    );
    expect(describeEvent(th, event('payment.recorded', paid))).toBe(
      'บังกะโล 12: เช็กเอาต์ #31 (฿2,000) ชำระแล้ว: เงินสด',
    );
    const corrected = { ...paid, before: { method: 'cash' }, after: { method: 'card' } };
    expect(describeEvent(en, event('payment.recorded', corrected))).toBe(
      'Bungalow 12: checkout #31 payment Cash → Card',
    );
    const undone = { ...paid, before: { method: 'cash' }, after: { method: null } };
    expect(describeEvent(en, event('payment.undone', undone))).toBe(
      'Bungalow 12: checkout #31 (2000 THB) no longer paid (was Cash)',
    );
    expect(
      describeEvent(en, event('checkout.voided', { bungalow: 12, total: 490, reason: 'Entered twice' })),
    ).toBe('Bungalow 12: checkout #31 (490 THB) voided: Entered twice');
    expect(
      describeEvent(
        en,
        event('checkout.revised', { bungalow: 12, before: { total: 80 }, after: { total: 120 } }),
      ),
    ).toBe('Bungalow 12: checkout #31 changed 80 THB → 120 THB');
    expect(describeEvent(en, event('checkout.recorded', { bungalow: 12, total: 490 }))).toBe(
      'Bungalow 12: checkout #31, 490 THB',
    );
  });

  it('describes stays, settings, restocks and actions it does not know yet', () => {
    expect(
      describeEvent(en, {
        action: 'settings.changed',
        subject: { type: 'settings', id: null },
        details: { before: { resortName: 'Palm' }, after: { resortName: 'Palm Bay' } },
      }),
    ).toBe('Settings: resort name Palm → Palm Bay');
    expect(describeEvent(en, event('stay.opened', { bungalow: 4, after: { guestName: 'Mia' } }))).toBe(
      'Bungalow 4: Mia checked in',
    );
    expect(
      describeEvent(en, {
        action: 'restock.done',
        subject: { type: 'bungalow', id: '4' },
        details: { refilled: [{ drinkName: 'Coke', units: 2 }] },
      }),
    ).toBe('Bungalow 4 restocked: 2 x Coke');
    expect(describeEvent(en, event('day.closed', { day: '2026-04-10' }, null))).toBe(
      'Day closed: 2026-04-10',
    );
    expect(describeEvent(th, event('day.closed', { day: '2026-04-10' }, null))).toBe(
      'ปิดยอดประจำวัน: 2026-04-10',
    );
  });

  it('describes the stock documents: start, delivery, count, write-off, pars and a restock that moved bottles', () => {
    const stock = (
      action: AuditEvent['action'],
      details: Record<string, unknown>,
      id: string | null = '3',
    ) => ({
      action,
      subject: { type: 'stock', id },
      details,
    });
    expect(
      describeEvent(
        en,
        stock('stock.started', {
          storeroom: [
            { drinkId: 1, drinkName: 'Chang', quantity: 48 },
            { drinkId: 2, drinkName: 'Coke', quantity: 24 },
          ],
          fridges: [1, 2],
        }),
      ),
    ).toBe('Stock started, storeroom: 48 x Chang, 24 x Coke');
    const delivery = {
      deliveryId: 3,
      supplier: 'Makro',
      reference: 'INV-9',
      lines: [{ drinkId: 1, drinkName: 'Chang', quantity: 48, unitCost: 3292, expiresOn: null }],
      totalCost: 158_016,
    };
    expect(describeEvent(en, stock('stock.received', delivery))).toBe(
      'Delivery #3 from Makro: 48 x Chang, 1,580.16 THB',
    );
    expect(describeEvent(th, stock('stock.received', { ...delivery, supplier: null }))).toBe(
      'รับของ #3: 48 x Chang, ฿1,580.16',
    );
    const count = {
      countId: 4,
      place: 'storeroom',
      note: null,
      lines: [
        { drinkId: 1, drinkName: 'Chang', expected: 46, counted: 40, difference: -6, before: 34, after: 28 },
        { drinkId: 2, drinkName: 'Coke', expected: 10, counted: 12, difference: 2, before: 10, after: 12 },
      ],
    };
    expect(describeEvent(en, stock('stock.counted', count))).toBe(
      'Storeroom count: Chang 46 → 40, −6; Coke 10 → 12, +2',
    );
    expect(
      describeEvent(th, stock('stock.counted', { ...count, place: 'fridge:12', lines: [count.lines[0]] })),
    ).toBe('นับตู้เย็น 12: Chang: ควรมี 46 นับได้ 40, −6');
    expect(
      describeEvent(
        en,
        stock('stock.written_off', {
          writeOffId: 5,
          place: 'fridge:7',
          reason: 'broken',
          note: null,
          lines: [{ drinkId: 1, drinkName: 'Chang', quantity: 1 }],
        }),
      ),
    ).toBe('Written off in Fridge 7 (Broken): 1 x Chang');
    expect(
      describeEvent(
        en,
        stock('pars.changed', {
          bungalows: [22, 20, 21, 23, 24, 30],
          items: [{ drinkId: 1, drinkName: 'Chang', par: 6 }],
        }),
      ),
    ).toBe('Pars of bungalows 20–24, 30: Chang 6');
    expect(describeEvent(en, stock('pars.changed', { bungalows: [7], items: null }))).toBe(
      "Bungalow 7: pars back to the catalogue's",
    );
    expect(
      describeEvent(en, {
        action: 'restock.done',
        subject: { type: 'bungalow', id: '12' },
        details: {
          restockId: 9,
          refilled: [],
          moved: [
            { drinkId: 1, drinkName: 'Chang', quantity: 2 },
            { drinkId: 2, drinkName: 'Coke', quantity: 1 },
          ],
        },
      }),
    ).toBe('Bungalow 12 restocked: 2 x Chang, 1 x Coke');
  });

  it('links checkout events to their checkout only', () => {
    expect(checkoutOf({ subject: { type: 'checkout', id: '31' } })).toBe(31);
    expect(checkoutOf({ subject: { type: 'drink', id: '3' } })).toBeNull();
  });
});
