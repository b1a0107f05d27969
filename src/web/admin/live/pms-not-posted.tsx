import { BookAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { PmsPosting } from '../../../shared/pms-types';
import { inBackground } from '../../api';
import { Button } from '../../components/ui/button';
import { useAdminI18n } from '../admin-i18n';
import { fetchPmsPostings, postPmsAgain, settlePmsOutside } from '../pms-api';
import { useGrant } from '../team/session-context';
import { useLiveSignals } from './use-live';

/**
 * The checkouts the PMS did not take (no reservation in house, a mapping missing, the PMS refusing), with the
 * PMS's reason: the desk posts one again or marks it settled outside the PMS. Read again on every checkout and
 * PMS event of the live stream (the poster's outcomes are audit events too).
 */
export function PmsNotPosted() {
  const { a } = useAdminI18n();
  const frontDesk = useGrant('frontDesk') === 'yes';
  const [postings, setPostings] = useState<PmsPosting[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    if (!frontDesk) return;
    void inBackground(() => fetchPmsPostings('failed'))
      .then((answer) => setPostings(answer.postings))
      .catch(() => {});
  }, [frontDesk]);
  useEffect(load, [load]);
  useLiveSignals((signal) => {
    if (signal.kind === 'event' && /^(pms|checkout)\./.test(signal.event.action)) load();
    else if (signal.kind === 'reset' || signal.kind === 'back') load();
  });

  const act = async (checkoutId: number, work: () => Promise<unknown>) => {
    setBusy(checkoutId);
    setError(null);
    try {
      await work();
      load();
    } catch {
      setError(a.pmsActionFailed);
    } finally {
      setBusy(null);
    }
  };

  if (!frontDesk || postings.length === 0) return null;
  return (
    <section aria-label={a.pmsNotPosted} className="rounded-lg bg-amber-50 px-3 py-2 ring-1 ring-amber-300">
      <h3 className="flex items-center gap-2 font-semibold text-amber-950">
        <BookAlert aria-hidden="true" className="size-4" />
        {a.pmsNotPosted}
      </h3>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      <ul className="flex flex-col gap-2 pt-1">
        {postings.map((posting) => (
          <li key={posting.checkoutId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <strong className="font-semibold">
              {a.pmsNotPostedLine(posting.bungalow, posting.checkoutId)}
            </strong>
            <span className="text-sm text-slate-700">{posting.reason}</span>
            <Button
              variant="secondary"
              aria-label={a.pmsPostAgainOf(posting.checkoutId)}
              pending={busy === posting.checkoutId}
              onClick={() => act(posting.checkoutId, () => postPmsAgain(posting.checkoutId))}
            >
              {a.pmsPostAgain}
            </Button>
            <input
              aria-label={a.pmsSettleNoteOf(posting.checkoutId)}
              placeholder={a.pmsSettleNote}
              maxLength={200}
              value={notes[posting.checkoutId] ?? ''}
              onChange={(event) => setNotes({ ...notes, [posting.checkoutId]: event.target.value })}
              className="min-h-10 rounded-lg px-2 ring-1 ring-slate-300"
            />
            <Button
              variant="ghost"
              disabled={!(notes[posting.checkoutId] ?? '').trim()}
              pending={busy === posting.checkoutId}
              onClick={() =>
                act(posting.checkoutId, () =>
                  settlePmsOutside(posting.checkoutId, (notes[posting.checkoutId] ?? '').trim()),
                )
              }
            >
              {a.pmsSettleOutside}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
