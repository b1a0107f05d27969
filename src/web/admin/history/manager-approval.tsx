import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { RosterEntry } from '../../../shared/team-types';
import type { AdminActionResult } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { Loading } from '../load-states';
import { NamePicker } from '../sign-in/name-picker';
import { pinErrorText } from '../sign-in/pin-error';
import { PinPad } from '../sign-in/pin-pad';
import { useSession } from '../team/session-context';
import { fetchRoster } from '../team/team-api';

interface ManagerApprovalProps {
  pending: boolean;
  /** The last void's failure about the approval (a wrong PIN, a wait, not a manager). */
  result: Extract<AdminActionResult, { ok: false }> | undefined;
  attempt: number;
  onApprove: (staffId: number, pin: string) => void;
}

/** The manager on this device picks their name and types their PIN: the second pair of eyes on a void. */
export function ManagerApproval({ pending, result, attempt, onApprove }: ManagerApprovalProps) {
  const i18n = useAdminI18n();
  const { a } = i18n;
  const session = useSession();
  const [roster, setRoster] = useState<RosterEntry[] | 'loading' | 'failed'>('loading');
  const [manager, setManager] = useState<RosterEntry | null>(null);
  const [tries, setTries] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tries` is the trigger: Try again loads again
  useEffect(() => {
    let current = true;
    setRoster('loading');
    fetchRoster()
      .then((people) => current && setRoster(people))
      .catch((error: unknown) => {
        console.error('The names for the approval could not be loaded', error);
        if (current) setRoster('failed');
      });
    return () => {
      current = false;
    };
  }, [tries]);

  const me = session?.user?.id ?? null;
  // The desk asks someone else who may void: their own name is not offered. The server checks again.
  const people = Array.isArray(roster)
    ? roster.filter((person) => person.id !== me && person.approvesVoids)
    : [];

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl bg-white p-3 ring-1 ring-red-200">
      <legend className="flex items-center gap-2 px-1 font-bold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
        {a.managerApproval}
      </legend>
      <p className="text-slate-700">{a.managerApprovalIntro}</p>
      {roster === 'loading' && <Loading />}
      {roster === 'failed' && <RetryRoster onRetry={() => setTries((n) => n + 1)} />}
      {Array.isArray(roster) && people.length === 0 && <p className="text-slate-700">{a.noManagerHere}</p>}
      {Array.isArray(roster) && !manager && people.length > 0 && (
        <NamePicker people={people} label={a.chooseManager} size="inline" onPick={setManager} />
      )}
      {manager && (
        <>
          <PinPad
            label={a.managerPinOf(manager.name)}
            pending={pending}
            error={result && pinErrorText(result, i18n)}
            waitSeconds={result?.status === 429 ? result.retryAfter : undefined}
            attempt={attempt}
            onComplete={(pin) => onApprove(manager.id, pin)}
          />
          <button
            type="button"
            onClick={() => setManager(null)}
            className="self-center rounded-xl px-4 py-2 font-semibold text-brand-800 hover:bg-slate-100"
          >
            {a.anotherManager}
          </button>
        </>
      )}
    </fieldset>
  );
}

function RetryRoster({ onRetry }: { onRetry: () => void }) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-red-800">{a.couldNotLoad(a.theStaffNames)}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-xl px-4 py-2 font-semibold ring-1 ring-slate-300"
      >
        {a.tryAgain}
      </button>
    </div>
  );
}
