import type { AdminMessages } from '../../../shared/i18n/admin-en';
import type { WebhookAttempt, WebhookAttemptsPage } from '../../../shared/webhook-types';
import { useAdminI18n } from '../admin-i18n';

const outcomeText = (a: AdminMessages, attempt: WebhookAttempt) =>
  attempt.outcome === 'delivered'
    ? a.attemptDelivered
    : attempt.outcome === 'disabled'
      ? a.attemptDisabled
      : a.attemptRetrying;

/** One endpoint's attempts, newest first: the event, when, what the receiver answered, what happens next. */
export function DeliveryLog({ page }: { page: WebhookAttemptsPage }) {
  const { a, dateTime } = useAdminI18n();
  if (page.attempts.length === 0) return <p className="text-slate-600">{a.noAttempts}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-900">{a.deliveryLog}</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-1 pr-3">
              {a.attemptEvent}
            </th>
            <th scope="col" className="py-1 pr-3">
              {a.attemptTime}
            </th>
            <th scope="col" className="py-1 pr-3">
              {a.attemptStatus}
            </th>
            <th scope="col" className="py-1 pr-3">
              {a.attemptOutcome}
            </th>
          </tr>
        </thead>
        <tbody>
          {page.attempts.map((attempt) => (
            <tr key={attempt.id} className="border-t border-slate-200 align-top">
              <td className="py-1 pr-3">
                <span className="font-mono">{attempt.webhookId}</span> {a.actionName(attempt.type)}
              </td>
              <td className="py-1 pr-3">
                <time dateTime={attempt.at}>{dateTime(attempt.at)}</time> · {attempt.durationMs} ms
              </td>
              <td className="max-w-64 break-words py-1 pr-3">
                {attempt.status ?? a.noAnswer}
                {attempt.response && (
                  <span className="block text-slate-600">{attempt.response.slice(0, 200)}</span>
                )}
              </td>
              <td className="py-1 pr-3">
                {outcomeText(a, attempt)}
                {attempt.nextAttemptAt && (
                  <span className="block">{a.nextTry(dateTime(attempt.nextAttemptAt))}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
