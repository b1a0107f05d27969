import { Suspense, useEffect, useState } from 'react';
import { promptPayAmountProblem, promptPayLimits } from '../../shared/promptpay/promptpay-amount';
import type { PublicResortSettings } from '../../shared/resort-settings';
import { useI18n } from '../i18n/language';
import { lazyPart } from '../lazy-parts';
import { loadPublicSettings } from '../settings';

/**
 * promptparse and the QR encoder load only when a resort with a PromptPay ID shows a total. Where they cannot be
 * fetched, the amount and the payee still show, and the checkout stays (not the route's error page).
 */
const PromptPayQr = lazyPart(
  () => import('./promptpay-qr').then((module) => module.default),
  'The PromptPay QR code',
);

/** The resort's public settings, once loaded (loadPublicSettings fetches them once per page load). */
export function usePublicSettings(): PublicResortSettings | null {
  const [settings, setSettings] = useState<PublicResortSettings | null>(null);
  useEffect(() => {
    let current = true;
    loadPublicSettings().then((loaded) => {
      if (current) setSettings(loaded);
    });
    return () => {
      current = false;
    };
  }, []);
  return settings;
}

/**
 * "Pay with PromptPay" under the total: a QR code for the exact amount, the amount and the payee. Nothing at
 * all when the resort has no PromptPay ID (the spec's screen stays as it is).
 */
export function PromptPayPanel({ total }: { total: number }) {
  const settings = usePublicSettings();
  const { t, baht, number } = useI18n();
  const promptPayId = settings?.promptPayId;
  if (!promptPayId || total <= 0) return null;
  const payee = settings.promptPayName;
  // Above the limit (or an amount no QR can carry) the guest pays staff, in the page's language.
  const problem =
    promptPayAmountProblem(total) === null
      ? null
      : total > promptPayLimits.amountMax
        ? t.promptPayOverLimit(number(promptPayLimits.amountMax))
        : t.promptPayPayStaff;
  return (
    <section
      aria-labelledby="promptpay-title"
      className="mt-5 flex flex-col items-center gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-start"
    >
      {problem ? null : (
        <Suspense
          fallback={
            <div
              aria-hidden="true"
              data-testid="promptpay-qr-placeholder"
              className="size-48 shrink-0 animate-pulse rounded bg-slate-200 sm:size-44"
            />
          }
        >
          <PromptPayQr promptPayId={promptPayId} amount={total} label={t.qrLabel(baht(total), payee)} />
        </Suspense>
      )}
      <div className="flex flex-col gap-1 text-center sm:text-left">
        <h4 id="promptpay-title" className="text-lg font-bold text-slate-900">
          {t.payWithPromptPay}
        </h4>
        <p className="text-2xl font-bold tabular-nums text-slate-900" data-testid="promptpay-amount">
          {baht(total)}
        </p>
        {payee && <p className="text-slate-700">{t.payeeLine(payee)}</p>}
        <p className="text-sm text-slate-700">{problem ?? t.scanWithBankingApp}</p>
      </div>
    </section>
  );
}
