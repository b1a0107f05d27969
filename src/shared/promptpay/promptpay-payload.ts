import { anyId } from 'promptparse/generate';
import { promptPayAmountProblem } from './promptpay-amount';
import { type PromptPayIdKind, parsePromptPayId } from './promptpay-id';

/** promptparse's names for the proxy types of tag 29 (sub-tags 01, 02 and 03). */
const proxyTypes = { mobile: 'MSISDN', nationalId: 'NATID', eWallet: 'EWALLETID' } as const satisfies Record<
  PromptPayIdKind,
  string
>;

/** A PromptPay ID or amount the payload cannot carry; the message says what to fix. */
export class PromptPayError extends Error {
  override name = 'PromptPayError';
}

/**
 * The EMVCo merchant-presented payload of a PromptPay QR for an exact amount: point of initiation 12
 * (dynamic, one payment), tag 29 with the PromptPay AID and the ID, currency 764 (THB), the amount in tag 54,
 * country TH and the CRC16 in tag 63. Every Thai banking app pays it. Throws PromptPayError for an ID or
 * amount it cannot carry.
 */
export function promptPayPayload(id: string, amount: number): string {
  const parsed = parsePromptPayId(id);
  if (!parsed.ok) throw new PromptPayError(parsed.message);
  const problem = promptPayAmountProblem(amount);
  if (problem) throw new PromptPayError(problem);
  return anyId({ type: proxyTypes[parsed.kind], target: parsed.digits, amount });
}
