import type { FormEventHandler, ReactNode } from 'react';
import type { z } from 'zod';
import { newPinFormSchema, staffCreateSchema } from '../../../shared/team-schemas';
import type { StaffMember } from '../../../shared/team-types';
import { Button } from '../../components/ui/button';
import { useAdminI18n } from '../admin-i18n';
import { useFetcherForm } from '../use-fetcher-form';
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
  const { a } = useAdminI18n();
  const { form, save, pending } = useFetcherForm<DetailsValues, DetailsOutput>({
    schema: detailsSchema,
    names: personFieldNames,
    defaultValues: { name: person.name, role: person.role },
    serverFields: detailKeys,
    unplacedFailureField: 'name',
    command: (change) => ({ intent: 'change-person', id: person.id, change }),
    onSaved: () => onClose(),
  });
  const { errors } = form.formState;
  return (
    <EditPanel
      label={a.editPerson(person.name)}
      onSubmit={save}
      pending={pending}
      submitLabel={a.saveChanges}
      onCancel={onClose}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <NameAndRoleFields
          name={form.register('name')}
          role={form.register('role')}
          errors={{ name: errors.name?.message, role: errors.role?.message }}
        />
      </div>
    </EditPanel>
  );
}

type PinValues = z.input<typeof newPinFormSchema>;
type PinOutput = z.output<typeof newPinFormSchema>;
const pinKeys: ReadonlySet<string> = new Set(['pin']);

/** A new PIN, typed twice: it also unblocks a PIN blocked by wrong tries. */
export function NewPinForm({ person, onClose }: EditProps) {
  const { a } = useAdminI18n();
  const { form, save, pending } = useFetcherForm<PinValues, PinOutput>({
    schema: newPinFormSchema,
    names: personFieldNames,
    defaultValues: { pin: '', pinAgain: '' },
    serverFields: pinKeys,
    unplacedFailureField: 'pin',
    command: ({ pin }) => ({ intent: 'set-pin', id: person.id, pin }),
    onSaved: () => onClose(),
  });
  const { errors } = form.formState;
  return (
    <EditPanel
      label={a.newPinFor(person.name)}
      onSubmit={save}
      pending={pending}
      submitLabel={a.setPin}
      onCancel={onClose}
    >
      {person.pinBlocked && <p className="text-slate-700">{a.newPinUnblocks}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <PinPairFields
          pinLabel={a.newPin}
          pin={form.register('pin')}
          pinAgain={form.register('pinAgain')}
          errors={{ pin: errors.pin?.message, pinAgain: errors.pinAgain?.message }}
        />
      </div>
    </EditPanel>
  );
}

/** The box a person's row opens under it: the fields, then save and cancel. */
function EditPanel({
  label,
  onSubmit,
  pending,
  submitLabel,
  onCancel,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { a } = useAdminI18n();
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="mt-3 flex flex-col gap-3 rounded-xl bg-slate-50 p-3"
    >
      {children}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {a.cancel}
        </Button>
      </div>
    </form>
  );
}
