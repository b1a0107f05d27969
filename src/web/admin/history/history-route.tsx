import '../zod-jitless';
import type { PaymentMethod } from '../../../shared/payment-constants';
import { staffLimits } from '../../../shared/staff-constants';
import { historyQuerySchema, type VoidBottles } from '../../../shared/staff-schemas';
import type { HistoryPage } from '../../../shared/staff-types';
import type { FullInvoiceCorrection, FullInvoiceRequest } from '../../../shared/tax-schemas';
import type { ApprovalInput } from '../../../shared/team-schemas';
import {
  correctTaxInvoice,
  fetchCheckoutHistory,
  issueTaxInvoice,
  recordPayment,
  voidCheckout,
  voidUnverified,
} from '../admin-api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { liveFilters, useLiveRevalidate } from '../live/use-live';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { issueText } from '../validation';
import { type HistoryFilters, HistorySection } from './history';

/**
 * /admin/history?bungalow=&guest=&from=&to=&paid=&checkout=&page=: the filters live in the URL, so "bungalow 12 this week" is a
 * link that survives a reload, and the browser's back button undoes a filter.
 */

export const loader = pageLoader(({ request }) => {
  const params = new URL(request.url).searchParams;
  const raw = {
    bungalow: params.get('bungalow') ?? '',
    guest: params.get('guest') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    paid: params.get('paid') ?? '',
    checkout: params.get('checkout') ?? '',
    page: params.get('page') ?? '',
  };
  const parsed = historyQuerySchema.safeParse({
    pageSize: String(staffLimits.historyPageSize),
    ...Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '')),
  });
  const filters: HistoryFilters = { ...raw, page: parsed.success ? parsed.data.page : 1 };
  const history: Promise<HistoryPage> = parsed.success
    ? reportLoadFailure(fetchCheckoutHistory(parsed.data))
    : Promise.resolve({ items: [], hasMore: false });
  return {
    filters,
    // The issue itself: the page words it in its language when it renders (and again after a switch).
    filterIssue: parsed.success ? null : (parsed.error.issues[0] ?? null),
    history,
  };
});

export type HistoryCommand =
  | {
      intent: 'void-checkout';
      id: number;
      reason: string;
      approval?: ApprovalInput;
      /** With stock on: where the checkout's bottles are. */
      bottles?: VoidBottles;
    }
  | { intent: 'mark-paid'; id: number; method: PaymentMethod }
  | { intent: 'undo-payment'; id: number }
  // Tax documents (fifth stage)
  | { intent: 'tax-invoice'; id: number; invoice: FullInvoiceRequest }
  // Books an accountant files (sixth stage): a full invoice's buyer corrected
  | { intent: 'tax-invoice-correct'; id: number; correction: FullInvoiceCorrection }
  | { intent: 'void-unverified'; reason: string };

export const action = pageAction<HistoryCommand>({
  run: (command) => {
    if (command.intent === 'void-checkout')
      return voidCheckout(command.id, command.reason, command.approval, command.bottles);
    if (command.intent === 'tax-invoice') return issueTaxInvoice(command.id, command.invoice);
    if (command.intent === 'tax-invoice-correct') return correctTaxInvoice(command.id, command.correction);
    if (command.intent === 'void-unverified') return voidUnverified(command.reason);
    return recordPayment(command.id, command.intent === 'mark-paid' ? command.method : null);
  },
  success: {
    'void-checkout': ({ a }) => a.checkoutVoided,
    'mark-paid': ({ a }) => a.checkoutMarkedPaid,
    'undo-payment': ({ a }) => a.paymentUndone,
    'tax-invoice': ({ a }) => a.taxInvoiceIssued,
    'tax-invoice-correct': ({ a }) => a.taxInvoiceCorrected,
    'void-unverified': ({ a }) => a.unverifiedVoided,
  },
  failure: {
    // The form shows why (a wrong manager's PIN on the pad, the reason under its field).
    'void-checkout': null,
    // The server's reason (a voided checkout cannot be paid) is shown beside the buttons.
    'mark-paid': null,
    'undo-payment': ({ a }) => a.failedToUndoPayment,
    // The form says why (a field's problem under it, a refusal above its buttons).
    'tax-invoice': null,
    'tax-invoice-correct': null,
    'void-unverified': null,
  },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const i18n = useAdminI18n();
  const { a } = i18n;
  useLiveRevalidate(liveFilters.checkouts);
  if (!data) return null;
  const filterError = data.filterIssue ? issueText(data.filterIssue, i18n) : null;
  return (
    <PageSection id="history" title={a.checkoutHistory}>
      <HistorySection filters={data.filters} filterError={filterError} history={data.history} />
    </PageSection>
  );
}
