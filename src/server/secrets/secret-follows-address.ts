import { timingSafeEqual } from 'node:crypto';
import { HttpError } from '../http/errors';

/**
 * A stored secret follows its address (seventh stage, DESIGN.md "The trail is the books"): whoever changes
 * where a PMS connection or a webhook sends must send its secret again, or a manager could send the stored one
 * to an address of their choosing ("Test connection", the next delivery). The one rule for both.
 */

/** Whether a change moves the secret: a new address, or (a PMS) a new kind. Nothing sent: it stays. */
export function addressMoved(
  before: { address: string; kind?: string },
  after: { address?: string; kind?: string },
) {
  return (
    (after.address !== undefined && after.address !== before.address) ||
    (after.kind !== undefined && after.kind !== before.kind)
  );
}

const goesOnlyThere = 'a stored secret goes only to the address it was given for';

/** 422 `secret_required`: `what` moved (its address, or kind) and the secret `name` (field `path`) was not sent. */
export function secretRequired(name: string, path: string, what: string, how = ''): HttpError {
  const message = `${name} is required again: ${what} changed, and ${goesOnlyThere}${how ? `. ${how}` : ''}`;
  return new HttpError(422, 'secret_required', message, [{ path, message }]);
}

/** 422 `secret_required` too: a secret was sent to prove it is known, and it is not the stored one. */
export function secretNotTheStoredOne(name: string, path: string, how: string): HttpError {
  const message = `${name} is not the one stored: ${how}`;
  return new HttpError(422, 'secret_required', message, [{ path, message }]);
}

/** Whether a secret sent is the stored one, in time that does not tell how much of it matched. */
export function sameSecret(sent: string, stored: string): boolean {
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(stored, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
