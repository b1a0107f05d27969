import { Suspense } from 'react';
import { Await } from 'react-router';
import type { z } from 'zod';
import type { Guest } from '../../../shared/api-types';
import { type GuestInput, guestInputSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { useFetcherForm } from '../use-fetcher-form';

type GuestFormValues = z.input<typeof guestInputSchema>;

const fieldNames: ReadonlySet<string> = new Set(['name', 'email']);

/**
 * Always shown, unlike the original: empty when there is no guest yet, and saving creates one, so a new
 * install can get past 'Guest information not found'.
 */
export function GuestForm({ guest }: { guest: Guest | null }) {
  const { t, a } = useAdminI18n();
  const { form, save, pending } = useFetcherForm<GuestFormValues, GuestInput>({
    schema: guestInputSchema,
    defaultValues: { name: guest?.name ?? '', email: guest?.email ?? '' },
    serverFields: fieldNames,
    command: (values) => ({ intent: 'save-guest', guest: values }),
  });
  const { register } = form;
  const { errors } = form.formState;

  return (
    <form onSubmit={save} noValidate aria-label={t.guestInformation} className="flex flex-col gap-4">
      {!guest && <p className="text-slate-600">{a.noGuestYet}</p>}
      <Field label={a.guestName} autoComplete="off" {...register('name')} error={errors.name?.message} />
      <Field
        label={a.guestEmail}
        type="email"
        autoComplete="off"
        {...register('email')}
        error={errors.email?.message}
      />
      <div>
        <Button type="submit" pending={pending}>
          {t.saveGuest}
        </Button>
      </div>
    </form>
  );
}

export function GuestSection({ guest }: { guest: Promise<Guest | null> }) {
  const { a } = useAdminI18n();
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={guest} errorElement={<LoadFailed what={a.theGuestInformation} />}>
        {(guest) => <GuestForm guest={guest} />}
      </Await>
    </Suspense>
  );
}
