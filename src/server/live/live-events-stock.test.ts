import { describe, expect, it } from 'vitest';
import { liveActions } from '../../shared/live-types';
import { liveEventOf } from './live-events';

const row = (action: string, details: Record<string, unknown>, subjectId: string | null = '5') => ({
  seq: 9,
  at: '2026-06-01T08:00:00.000Z',
  action,
  subject_id: subjectId,
  details: JSON.stringify(details),
});

describe('the live desk hears stock', () => {
  it('streams the stock actions with the fridge they concern, never a cost, a note or a line', () => {
    for (const action of [
      'stock.started',
      'stock.received',
      'stock.counted',
      'stock.written_off',
      'pars.changed',
    ]) {
      expect(liveActions).toContain(action);
    }
    const counted = liveEventOf(
      row('stock.counted', {
        place: 'fridge:12',
        note: 'Guest said',
        lines: [{ drinkName: 'Chang', counted: 1 }],
      }),
    );
    expect(counted).toEqual({
      seq: 9,
      at: '2026-06-01T08:00:00.000Z',
      action: 'stock.counted',
      bungalow: 12,
    });
    const storeroom = liveEventOf(
      row('stock.written_off', { place: 'storeroom', reason: 'expired', lines: [] }),
    );
    expect(storeroom).toMatchObject({ action: 'stock.written_off', bungalow: null });
    const received = liveEventOf(row('stock.received', { totalCost: 158016, supplier: 'Makro', lines: [] }));
    expect(received).toEqual({
      seq: 9,
      at: '2026-06-01T08:00:00.000Z',
      action: 'stock.received',
      bungalow: null,
    });
    expect(JSON.stringify(received)).not.toContain('158016');
    expect(liveEventOf(row('pars.changed', { bungalows: [20, 21], items: null }, null))).toMatchObject({
      action: 'pars.changed',
    });
  });
});
