import type { HistoryCheckout } from '../../../shared/staff-types';
import { useAdminI18n } from '../admin-i18n';

/**
 * The earlier versions of a checkout whose check was shared again with changed counts, oldest first: what was
 * recorded, and when a later share replaced it (docs/decisions/031-one-fridge-check-one-record.md).
 */
export function Revisions({ checkout }: { checkout: HistoryCheckout }) {
  const count = checkout.revisions.length;
  const { a, baht, dateTime } = useAdminI18n();
  return (
    <details className="mt-2 rounded-lg bg-slate-50 p-2">
      <summary className="cursor-pointer font-semibold text-slate-800">
        {a.earlierVersions(count)} {a.revised(checkout.revisedAt ? dateTime(checkout.revisedAt) : '')}
      </summary>
      <ol className="mt-2 flex flex-col gap-2" aria-label={a.earlierVersionsOf(checkout.id)}>
        {checkout.revisions.map((revision) => (
          <li key={revision.replacedAt} className="text-slate-700">
            <span className="block text-sm">
              {a.recordedReplaced(dateTime(revision.recordedAt), dateTime(revision.replacedAt))}
            </span>
            {revision.lines.map((line) => `${line.quantity} x ${line.drinkName}`).join(', ')} ·{' '}
            {baht(revision.total)}
          </li>
        ))}
      </ol>
    </details>
  );
}
