import { Smartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useFetcher } from 'react-router';
import { deviceRegisterSchema, teamLimits } from '../../../shared/team-schemas';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';
import { fieldMessages } from '../validation';

/**
 * Where a pairing code's QR code lands (/admin?pair=CODE), on a phone with no session: the phone is named and
 * registered with the code, then opens on "Who is working?". Admin-side, so /checkout never carries it.
 */
export function PairDevice({ code }: { code: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  const i18n = useAdminI18n();
  const { a } = i18n;
  const [name, setName] = useState('');
  const [pairingCode, setPairingCode] = useState(code);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Registered: the reloaded session names the device, and the workspace takes over (it drops the code from
  // the address); only a failure is this form's to show.
  useActionResult(fetcher, (result) => {
    if (result.ok) return;
    const issues = Object.fromEntries(result.issues.map((issue) => [issue.path, issue.message]));
    setErrors(Object.keys(issues).length > 0 ? issues : { pairingCode: result.message });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deviceRegisterSchema.safeParse({ name, pairingCode });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error, i18n, { name: (m) => m.deviceName }));
      return;
    }
    setErrors({});
    fetcher.submit(
      { intent: 'pair-device', name: parsed.data.name, pairingCode: parsed.data.pairingCode ?? '' },
      submitOptions(),
    );
  };

  return (
    <Card aria-labelledby="pair-device" className="mx-auto flex w-full max-w-md flex-col gap-4">
      <h2 id="pair-device" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <Smartphone aria-hidden="true" className="size-7 text-brand-700" />
        {a.pairThisDevice}
      </h2>
      <p className="text-slate-700">{a.pairIntro}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="pair-device">
        <Field
          label={a.deviceName}
          hint={a.pairedDeviceNameHint}
          autoComplete="off"
          maxLength={teamLimits.deviceNameMax}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          autoFocus
        />
        <Field
          label={a.pairingCode}
          autoComplete="off"
          autoCapitalize="characters"
          value={pairingCode}
          onChange={(event) => setPairingCode(event.target.value)}
          error={errors.pairingCode}
        />
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          {a.registerThisPhone}
        </Button>
      </form>
    </Card>
  );
}
