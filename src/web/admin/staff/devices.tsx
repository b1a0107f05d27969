import { MonitorSmartphone, QrCode as QrIcon, Trash2 } from 'lucide-react';
import { type FormEvent, Suspense, useState } from 'react';
import { Await, useFetcher } from 'react-router';
import { deviceNameSchema, teamLimits } from '../../../shared/team-schemas';
import type { Device, PairingCode } from '../../../shared/team-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { useActionResult } from '../use-action-result';
import { useArmed } from '../use-armed';
import { issueText } from '../validation';
import { PairingCard } from './pairing-card';

export function DevicesSection({ devices }: { devices: Promise<Device[]> }) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-600">{a.devicesIntro}</p>
      <Suspense fallback={<Loading />}>
        <Await resolve={devices} errorElement={<LoadFailed what={a.theDevices} />}>
          {(list) => (
            <>
              <ThisDevice current={list.find((device) => device.current && device.revokedAt === null)} />
              <Pairing />
              <DeviceList devices={list} />
            </>
          )}
        </Await>
      </Suspense>
    </div>
  );
}

/** "Register this device" for the browser in hand (the desk tablet), or what it is registered as. */
function ThisDevice({ current }: { current: Device | undefined }) {
  const fetcher = useFetcher<AdminActionResult>();
  const i18n = useAdminI18n();
  const { a } = i18n;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  useActionResult(fetcher, (result) => {
    if (result.ok) setName('');
    else setError(result.issues[0]?.message ?? result.message);
  });
  if (current) {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-emerald-50 p-3 text-emerald-950">
        <MonitorSmartphone aria-hidden="true" className="size-6 shrink-0" />
        {a.thisDeviceIs(current.name)}
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deviceNameSchema.safeParse(name);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(
        issue && issueText({ ...issue, path: ['deviceName'] }, i18n, { deviceName: (m) => m.deviceName }),
      );
      return;
    }
    setError(undefined);
    fetcher.submit({ intent: 'register-device', name: parsed.data }, submitOptions());
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="register-device" className="flex flex-col gap-3">
      <h4 id="register-device" className="text-lg font-bold text-slate-900">
        {a.registerThisDevice}
      </h4>
      <p className="text-slate-600">{a.registerIntro}</p>
      <Field
        label={a.deviceName}
        hint={a.deviceNameHint}
        autoComplete="off"
        maxLength={teamLimits.deviceNameMax}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
      />
      <div>
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          <MonitorSmartphone aria-hidden="true" className="size-5" />
          {a.registerThisDevice}
        </Button>
      </div>
    </form>
  );
}

/** A one-time code for a phone: as text to type, and as a QR code that opens the app with it filled in. */
function Pairing() {
  const fetcher = useFetcher<AdminActionResult>();
  const { a } = useAdminI18n();
  const [pairing, setPairing] = useState<PairingCode | null>(null);
  useActionResult(fetcher, (result) => {
    if (result.ok) setPairing(result.data as PairingCode);
  });
  return (
    <div className="flex flex-col gap-3">
      <h4 className="text-lg font-bold text-slate-900">{a.pairPhone}</h4>
      <p className="text-slate-600">{a.pairingIntro(teamLimits.pairingCodeMinutes)}</p>
      <div>
        <Button
          variant="secondary"
          pending={fetcher.state !== 'idle'}
          onClick={() => fetcher.submit({ intent: 'make-pairing' }, submitOptions())}
        >
          <QrIcon aria-hidden="true" className="size-5" />
          {pairing ? a.newPairingCode : a.makePairingCode}
        </Button>
      </div>
      {pairing && <PairingCard pairing={pairing} />}
    </div>
  );
}

function DeviceList({ devices }: { devices: Device[] }) {
  const { a } = useAdminI18n();
  if (devices.length === 0) return <p className="text-slate-600">{a.noDevices}</p>;
  return (
    <ul aria-label={a.registeredDevices} className="flex flex-col gap-3">
      {devices.map((device) => (
        <DeviceRow key={device.id} device={device} />
      ))}
    </ul>
  );
}

function DeviceRow({ device }: { device: Device }) {
  const { a, dateTime } = useAdminI18n();
  const fetcher = useFetcher<AdminActionResult>();
  const { armed, arm, disarm } = useArmed();
  const headingId = `device-${device.id}`;
  const revoked = device.revokedAt !== null;
  const revoke = () => {
    if (!armed) return arm();
    disarm();
    fetcher.submit({ intent: 'revoke-device', id: device.id }, submitOptions());
  };
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-xl p-3 ring-1 ${revoked ? 'bg-slate-50 ring-slate-300' : 'bg-white ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="text-lg font-bold text-slate-900">
          {device.name}
        </h4>
        {device.current && !revoked && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800">
            {a.thisDevice}
          </span>
        )}
      </div>
      <p className="text-slate-700">
        {device.lastUsedAt ? a.lastUsed(dateTime(device.lastUsedAt)) : a.notUsedYet}
      </p>
      <p className="text-sm text-slate-600">{a.registeredOn(dateTime(device.createdAt))}</p>
      {revoked ? (
        <p className="mt-1 font-semibold text-red-800">{a.revokedOn(dateTime(device.revokedAt ?? ''))}</p>
      ) : (
        <div className="mt-3">
          <Button
            variant={armed ? 'danger' : 'ghost'}
            pending={fetcher.state !== 'idle'}
            onClick={revoke}
            aria-label={armed ? a.confirmRevokeNamed(device.name) : a.revokeNamed(device.name)}
          >
            <Trash2 aria-hidden="true" className="size-5" />
            {armed ? a.confirmRevoke : a.revoke}
          </Button>
        </div>
      )}
    </li>
  );
}
