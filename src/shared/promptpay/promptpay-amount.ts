/**
 * What amount one PromptPay QR may carry: the checkout's panel reads this on the first load, so it is a
 * module of its own, apart from the ID rules that only the settings form and the payload builder need.
 */

export const promptPayLimits = {
  /**
   * The most one PromptPay QR on a receipt asks for, in THB. Banking apps cap a single transfer (each bank
   * and customer sets its own daily limit, commonly 50,000 to 200,000 THB for a personal account, and the
   * Bank of Thailand asks for a face scan from 50,000 THB), so a larger code would fail inside the guest's
   * app with no explanation. 200,000 THB covers two bottles at the highest drink price the catalogue
   * allows; above it the page asks the guest to pay staff instead.
   */
  amountMax: 200_000,
} as const;

/** Why an amount cannot go into a PromptPay QR, or null when it can. */
export function promptPayAmountProblem(amount: number): string | null {
  if (!Number.isFinite(amount) || amount <= 0) {
    return 'A PromptPay QR needs an amount above 0 THB';
  }
  if (amount > promptPayLimits.amountMax) {
    return `The total is over ${promptPayLimits.amountMax.toLocaleString('en-US')} THB, more than one PromptPay payment should carry: please pay staff`;
  }
  if (Math.round(amount * 100) !== amount * 100) {
    return 'A PromptPay amount has at most two decimals (satang)';
  }
  return null;
}
