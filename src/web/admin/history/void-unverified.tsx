import { type FormEvent, useState } from 'react';
import { useFetcher } from 'react-router';
import { staffLimits } from '../../../shared/staff-constants';
import { voidInputSchema } from '../../../shared/staff-schemas';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useGrant } from '../team/session-context';
import { useActionResult } from '../use-action-result';
import { issueText } from '../validation';

/**
 * A flood's checks voided together (abuse resistance): shown above the history while unverified checks stand,
 * to those who may void without an approval; a desk voids them one by one with a manager's PIN.
 */
export function VoidUnverified() {
  const fetcher = useFetcher<AdminActionResult>();
  const i18n = useAdminI18n();
  const { a } = i18n;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  useActionResult(fetcher, (result) => {
    if (result.ok) setOpen(false);
    else setError(result.issues[0]?.message ?? result.message);
  });
  if (useGrant('void') !== 'yes') return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = voidInputSchema.safeParse({ reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue && issueText(issue, i18n));
      return;
    }
    setError(undefined);
    fetcher.submit({ intent: 'void-unverified', reason: parsed.data.reason }, submitOptions());
  };

  if (!open) {
    return (
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {a.voidAllUnverified}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl bg-red-50 p-3">
      <Field
        label={a.voidUnverifiedReason}
        hint={a.voidUnverifiedHint}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={staffLimits.voidReasonMax}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" pending={fetcher.state !== 'idle'}>
          {a.voidAllUnverified}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {a.cancel}
        </Button>
      </div>
    </form>
  );
}
