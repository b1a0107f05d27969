import { describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/i18n/languages';
import { ApiError } from '../api';
import { shareFailureMessage } from './receipt';

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

  it('says why a check cannot be sent again, and when to try again after a 429', () => {
    expect(
      shareFailureMessage(new ApiError(409, 'conflict', 'Checkout #4 of this check was voided by staff')),
    ).toBe('Failed to share receipt: Checkout #4 of this check was voided by staff');
    expect(
      shareFailureMessage(
        new ApiError(
          429,
          'too_many_requests',
          'Too many checkouts were sent from this device. Try again in 3 minutes.',
          [],
          180,
        ),
      ),
    ).toBe('Failed to share receipt: Too many checkouts were sent from this device. Try again in 3 minutes.');
  });

  it('falls back to "Failed to share receipt" for anything else', () => {
    expect(shareFailureMessage(new ApiError(0, 'network_error', 'offline'))).toBe('Failed to share receipt');
    expect(shareFailureMessage(new ApiError(500, 'internal_error', 'boom'))).toBe('Failed to share receipt');
    expect(shareFailureMessage(new Error('boom'))).toBe('Failed to share receipt');
  });
});

describe('the receipt date', () => {
  it("dates the receipt on the resort's calendar, not the device's", () => {
    const instant = new Date('2026-05-20T11:00:00.000Z');
    expect(formatDate('en', instant, 'Pacific/Kiritimati')).toBe(
      new Date('2026-05-21T12:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' }),
    );
    expect(formatDate('en', instant, 'Etc/GMT+12')).toBe(
      new Date('2026-05-19T12:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' }),
    );
  });
});
