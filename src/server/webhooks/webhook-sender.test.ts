import { describe, expect, it } from 'vitest';
import { webhookDefaults } from '../config';
import { retryDelay, wants } from './webhook-sender';

describe('the webhook schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then 10 h again, each within ±10 %', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((failures) =>
      retryDelay(webhookDefaults.retryDelaysMs, failures, () => 0.5),
    );
    expect(waits).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, 36_000_000, 36_000_000,
    ]);
    expect(retryDelay(webhookDefaults.retryDelaysMs, 1, () => 0)).toBe(4_500);
    expect(retryDelay(webhookDefaults.retryDelaysMs, 1, () => 1)).toBe(5_500);
  });

  it('sends an endpoint the actions it asked for, every one for *, and a test event only to the one tested', () => {
    const some = { id: 3, events: JSON.stringify(['checkout.recorded']) };
    const all = { id: 4, events: JSON.stringify(['*']) };
    const checkout = { action: 'checkout.recorded', subject_id: '9' };
    const drink = { action: 'drink.changed', subject_id: '2' };
    const testOf3 = { action: 'webhook.tested', subject_id: '3' };
    expect([wants(some, checkout), wants(some, drink), wants(some, testOf3)]).toEqual([true, false, true]);
    expect([wants(all, checkout), wants(all, drink), wants(all, testOf3)]).toEqual([true, true, false]);
  });
});
