import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import type { z } from 'zod';
import { newPinFormSchema, staffCreateSchema } from '../../../shared/team-schemas';
import type { StaffMember } from '../../../shared/team-types';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';
import { adminResolver, showServerIssues, useMessagesFollowLanguage } from '../validation';
import { NameAndRoleFields, PinPairFields } from './person-fields';
import { personFieldNames } from './person-form';

const detailsSchema = staffCreateSchema.pick({ name: true, role: true });
type DetailsValues = z.input<typeof detailsSchema>;
type DetailsOutput = z.output<typeof detailsSchema>;
const detailKeys: ReadonlySet<string> = new Set(['name', 'role']);

interface EditProps {
  person: StaffMember;
  onClose: () => void;
}

/** Change a person's name or role; their records keep the name they had then. */
export function PersonEditForm({ person, onClose }: EditProps) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a } = useAdminI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
    trigger,
  } = useForm<DetailsValues, unknown, DetailsOutput>({
    resolver: adminResolver<DetailsValues, DetailsOutput>(detailsSchema, personFieldNames),
    defaultValues: { name: person.name, role: person.role },
  });
  useMessagesFollowLanguage(errors, trigger);
  useActionResult(fetcher, (result) => {
    if (result.ok) onClose();
    else {
      showServerIssues(result.issues, detailKeys, setError);
      if (result.issues.length === 0) setError('name', { type: 'server', message: result.message });
    }
  });
  const save = handleSubmit((change) => {
    fetcher.submit({ intent: 'change-person', id: person.id, change }, submitOptions());
  });
  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={a.editPerson(person.name)}
      className="mt-3 flex flex-col gap-3 rounded-xl bg-slate-50 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <NameAndRoleFields
          name={register('name')}
          role={register('role')}
          errors={{ name: errors.name?.message, role: errors.role?.message }}
        />
      </div>
      <FormButtons pending={fetcher.state !== 'idle'} label={a.saveChanges} onCancel={onClose} />
    </form>
  );
}

type PinValues = z.input<typeof newPinFormSchema>;
type PinOutput = z.output<typeof newPinFormSchema>;
const pinKeys: ReadonlySet<string> = new Set(['pin']);

/** A new PIN, typed twice: it also unblocks a PIN blocked by wrong tries. */
export function NewPinForm({ person, onClose }: EditProps) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a } = useAdminI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
    trigger,
  } = useForm<PinValues, unknown, PinOutput>({
    resolver: adminResolver<PinValues, PinOutput>(newPinFormSchema, personFieldNames),
    defaultValues: { pin: '', pinAgain: '' },
  });
  useMessagesFollowLanguage(errors, trigger);
  useActionResult(fetcher, (result) => {
    if (result.ok) onClose();
    else {
      showServerIssues(result.issues, pinKeys, setError);
      if (result.issues.length === 0) setError('pin', { type: 'server', message: result.message });
    }
  });
  const save = handleSubmit(({ pin }) => {
    fetcher.submit({ intent: 'set-pin', id: person.id, pin }, submitOptions());
  });
  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={a.newPinFor(person.name)}
      className="mt-3 flex flex-col gap-3 rounded-xl bg-slate-50 p-3"
    >
      {person.pinBlocked && <p className="text-slate-700">{a.newPinUnblocks}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <PinPairFields
          pinLabel={a.newPin}
          pin={register('pin')}
          pinAgain={register('pinAgain')}
          errors={{ pin: errors.pin?.message, pinAgain: errors.pinAgain?.message }}
        />
      </div>
      <FormButtons pending={fetcher.state !== 'idle'} label={a.setPin} onCancel={onClose} />
    </form>
  );
}

function FormButtons({
  pending,
  label,
  onCancel,
}: {
  pending: boolean;
  label: string;
  onCancel: () => void;
}) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" pending={pending}>
        {label}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {a.cancel}
      </Button>
    </div>
  );
}
