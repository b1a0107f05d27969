import { ChevronLeft, KeyRound } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Await, useFetcher } from 'react-router';
import type { DeviceRef } from '../../../shared/team';
import type { RosterEntry } from '../../../shared/team-types';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { useActionResult } from '../use-action-result';
import { NamePicker } from './name-picker';
import { pinErrorText } from './pin-error';
import { PinPad } from './pin-pad';

export interface WhoIsWorkingProps {
  device: DeviceRef;
  roster: Promise<RosterEntry[]>;
  /** "Use the admin password": the spec's 'Admin Access' modal instead. */
  onUsePassword: () => void;
}

/**
 * A registered device with no session opens here: the names of the active staff, then a PIN pad for the one
 * picked. The PIN goes to the workspace's action, which answers with a session; the workspace then opens.
 */
export function WhoIsWorking({ device, roster, onUsePassword }: WhoIsWorkingProps) {
  const { a } = useAdminI18n();
  const [picked, setPicked] = useState<RosterEntry | null>(null);
  return (
    <Card aria-labelledby="who-is-working" className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <div>
        <h2 id="who-is-working" className="text-2xl font-bold text-slate-900">
          {a.whoIsWorking}
        </h2>
        <p className="text-slate-600">{a.onThisDevice(device.name)}</p>
      </div>
      {picked ? (
        <PinStep person={picked} onBack={() => setPicked(null)} />
      ) : (
        <Suspense fallback={<Loading />}>
          <Await resolve={roster} errorElement={<LoadFailed what={a.theStaffNames} />}>
            {(people) => <Names people={people} onPick={setPicked} />}
          </Await>
        </Suspense>
      )}
      <Button variant="ghost" onClick={onUsePassword} className="self-center">
        <KeyRound aria-hidden="true" className="size-5" />
        {a.useAdminPassword}
      </Button>
    </Card>
  );
}

function Names({ people, onPick }: { people: RosterEntry[]; onPick: (person: RosterEntry) => void }) {
  const { a } = useAdminI18n();
  if (people.length === 0) return <p className="text-slate-700">{a.noStaffYet}</p>;
  return <NamePicker people={people} label={a.staffNames} size="large" onPick={onPick} />;
}

function PinStep({ person, onBack }: { person: RosterEntry; onBack: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  const i18n = useAdminI18n();
  const { a } = i18n;
  const [error, setError] = useState<string | undefined>();
  const [wait, setWait] = useState<number | undefined>();
  const [attempt, setAttempt] = useState(0);

  useActionResult(fetcher, (result) => {
    if (result.ok) return; // the reloaded loader opens the workspace
    setError(pinErrorText(result, i18n));
    setWait(result.status === 429 ? result.retryAfter : undefined);
    setAttempt((n) => n + 1);
  });

  return (
    <div className="flex flex-col gap-4">
      <PinPad
        label={a.pinOf(person.name)}
        pending={fetcher.state !== 'idle'}
        error={error}
        attempt={attempt}
        waitSeconds={wait}
        onComplete={(pin) => {
          setError(undefined);
          fetcher.submit({ intent: 'pin-login', staffId: person.id, pin }, submitOptions());
        }}
      />
      <Button variant="secondary" onClick={onBack} className="self-center">
        <ChevronLeft aria-hidden="true" className="size-5" />
        {a.notThisPerson(person.name)}
      </Button>
    </div>
  );
}
