import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { Await, useFetcher } from 'react-router';
import type { z } from 'zod';
import type { Guest } from '../../../shared/api-types';
import { type GuestInput, guestInputSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { useActionResult } from '../use-action-result';
import { adminResolver, showServerIssues, useMessagesFollowLanguage } from '../validation';

type GuestFormValues = z.input<typeof guestInputSchema>;

const fieldNames: ReadonlySet<string> = new Set(['name', 'email']);

/**
 * Always shown, unlike the original: empty when there is no guest yet, and saving creates one, so a new
 * install can get past 'Guest information not found'.
 */
export function GuestForm({ guest }: { guest: Guest | null }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { t, a } = useAdminI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
    trigger,
  } = useForm<GuestFormValues, unknown, GuestInput>({
    resolver: adminResolver<GuestFormValues, GuestInput>(guestInputSchema),
    defaultValues: { name: guest?.name ?? '', email: guest?.email ?? '' },
  });
  useMessagesFollowLanguage(errors, trigger);

  useActionResult(fetcher, (result) => {
    if (result.ok) return;
    showServerIssues(result.issues, fieldNames, setError);
  });

  const save = handleSubmit((values) => {
    fetcher.submit({ intent: 'save-guest', guest: values }, submitOptions());
  });

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
        <Button type="submit" pending={fetcher.state !== 'idle'}>
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
