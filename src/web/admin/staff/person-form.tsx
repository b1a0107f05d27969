import { UserRoundPlus } from 'lucide-react';
import type { z } from 'zod';
import { staffCreateFormSchema } from '../../../shared/team-schemas';
import { Button } from '../../components/ui/button';
import { useAdminI18n } from '../admin-i18n';
import { useFetcherForm } from '../use-fetcher-form';
import type { FieldNames } from '../validation';
import { NameAndRoleFields, PinPairFields } from './person-fields';

type PersonFormValues = z.input<typeof staffCreateFormSchema>;
type PersonFormOutput = z.output<typeof staffCreateFormSchema>;

const fieldKeys: ReadonlySet<string> = new Set(['name', 'role', 'pin']);
/** `name` here is a person's, not a guest's. */
export const personFieldNames: FieldNames = { name: (a) => a.personName, pin: (a) => a.pin };

/** "Add a person": a name, a role and a 6-digit PIN typed twice (only one PIN is sent). */
export function PersonForm() {
  const { a } = useAdminI18n();
  const { form, save, pending } = useFetcherForm<PersonFormValues, PersonFormOutput>({
    schema: staffCreateFormSchema,
    names: personFieldNames,
    defaultValues: { name: '', role: 'desk', pin: '', pinAgain: '' },
    serverFields: fieldKeys,
    // A name already taken (409) names no field: it belongs under the name.
    unplacedFailureField: 'name',
    command: ({ name, role, pin }) => ({ intent: 'add-person', person: { name, role, pin } }),
    onSaved: ({ reset }) => reset(),
  });
  const { errors } = form.formState;

  return (
    <form
      onSubmit={save}
      noValidate
      aria-labelledby="add-person"
      className="flex flex-col gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h4 id="add-person" className="text-lg font-bold text-slate-900">
        {a.addPerson}
      </h4>
      <div className="grid gap-4 sm:grid-cols-2">
        <NameAndRoleFields
          name={form.register('name')}
          role={form.register('role')}
          errors={{ name: errors.name?.message, role: errors.role?.message }}
        />
        <PinPairFields
          pinLabel={a.pin}
          pin={form.register('pin')}
          pinAgain={form.register('pinAgain')}
          errors={{ pin: errors.pin?.message, pinAgain: errors.pinAgain?.message }}
        />
      </div>
      <div>
        <Button type="submit" pending={pending}>
          <UserRoundPlus aria-hidden="true" className="size-5" />
          {a.addPersonButton}
        </Button>
      </div>
    </form>
  );
}
