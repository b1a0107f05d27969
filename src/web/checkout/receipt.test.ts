import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { receiptProblem, shareFailureMessage } from './receipt';

const coke = { id: 1, name: 'Coke', price: 40, missing: 1 };

describe('receiptProblem', () => {
  it('refuses without a guest record first', () => {
    expect(receiptProblem(false, [coke])).toBe('Guest information not found');
    expect(receiptProblem(false, [])).toBe('Guest information not found');
  });

  it('refuses when no drink has anything missing', () => {
    expect(receiptProblem(true, [{ ...coke, missing: 0 }])).toBe('No items selected');
    expect(receiptProblem(true, [])).toBe('No items selected');
  });

  it('lets a receipt with a guest and items through', () => {
    expect(receiptProblem(true, [coke])).toBeNull();
  });
});

describe('shareFailureMessage', () => {
  it("shows the server's reasons for a missing guest or an empty cart as the spec's toasts", () => {
    expect(shareFailureMessage(new ApiError(409, 'conflict', 'Guest information not found'))).toBe(
      'Guest information not found',
    );
    expect(shareFailureMessage(new ApiError(422, 'validation_failed', 'No items selected'))).toBe(
      'No items selected',
    );
  });

  it('names a catalogue change and says what to do', () => {
    expect(shareFailureMessage(new ApiError(422, 'validation_failed', 'At most 1 Coke can be missing'))).toBe(
      'Failed to share receipt: At most 1 Coke can be missing. Reload the page to see the current fridge.',
    );
  });

  it('falls back to "Failed to share receipt" for anything else', () => {
    expect(shareFailureMessage(new ApiError(0, 'network_error', 'offline'))).toBe('Failed to share receipt');
    expect(shareFailureMessage(new ApiError(500, 'internal_error', 'boom'))).toBe('Failed to share receipt');
    expect(shareFailureMessage(new Error('boom'))).toBe('Failed to share receipt');
  });
});
