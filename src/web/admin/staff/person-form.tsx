import { UserRoundPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import type { z } from 'zod';
import { staffCreateFormSchema } from '../../../shared/team-schemas';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';
import { adminResolver, type FieldNames, showServerIssues, useMessagesFollowLanguage } from '../validation';
import { NameAndRoleFields, PinPairFields } from './person-fields';

type PersonFormValues = z.input<typeof staffCreateFormSchema>;
type PersonFormOutput = z.output<typeof staffCreateFormSchema>;

const fieldKeys: ReadonlySet<string> = new Set(['name', 'role', 'pin']);
/** `name` here is a person's, not a guest's. */
export const personFieldNames: FieldNames = { name: (a) => a.personName, pin: (a) => a.pin };

/** "Add a person": a name, a role and a 6-digit PIN typed twice (only one PIN is sent). */
export function PersonForm() {
  const fetcher = useFetcher<AdminActionResult>();
  const { a } = useAdminI18n();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
    trigger,
  } = useForm<PersonFormValues, unknown, PersonFormOutput>({
    resolver: adminResolver<PersonFormValues, PersonFormOutput>(staffCreateFormSchema, personFieldNames),
    defaultValues: { name: '', role: 'desk', pin: '', pinAgain: '' },
  });
  useMessagesFollowLanguage(errors, trigger);

  useActionResult(fetcher, (result) => {
    if (result.ok) reset();
    else {
      showServerIssues(result.issues, fieldKeys, setError);
      // A name already taken (409) names no field: it belongs under the name.
      if (result.issues.length === 0) setError('name', { type: 'server', message: result.message });
    }
  });

  const save = handleSubmit(({ name, role, pin }) => {
    fetcher.submit({ intent: 'add-person', person: { name, role, pin } }, submitOptions());
  });

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
          name={register('name')}
          role={register('role')}
          errors={{ name: errors.name?.message, role: errors.role?.message }}
        />
        <PinPairFields
          pinLabel={a.pin}
          pin={register('pin')}
          pinAgain={register('pinAgain')}
          errors={{ pin: errors.pin?.message, pinAgain: errors.pinAgain?.message }}
        />
      </div>
      <div>
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          <UserRoundPlus aria-hidden="true" className="size-5" />
          {a.addPersonButton}
        </Button>
      </div>
    </form>
  );
}
