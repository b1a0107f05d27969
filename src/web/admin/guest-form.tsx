import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Await, useFetcher } from 'react-router';
import type { z } from 'zod';
import type { Guest } from '../../shared/api-types';
import { texts } from '../../shared/constants';
import { type GuestInput, guestInputSchema } from '../../shared/schemas';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { type AdminActionResult, type AdminPanelData, submitOptions } from './admin-data';
import { LoadFailed, Loading } from './load-states';
import { useActionResult } from './use-action-result';

type GuestFormValues = z.input<typeof guestInputSchema>;

const fieldNames: ReadonlySet<string> = new Set(['name', 'email']);

/**
 * Always shown, unlike the original: empty when there is no guest yet, and saving creates one, so a new
 * install can get past 'Guest information not found'.
 */
export function GuestForm({ guest }: { guest: Guest | null }) {
  const fetcher = useFetcher<AdminActionResult>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GuestFormValues, unknown, GuestInput>({
    resolver: zodResolver(guestInputSchema),
    defaultValues: { name: guest?.name ?? '', email: guest?.email ?? '' },
  });

  useActionResult(fetcher, (result) => {
    if (result.ok) return;
    for (const issue of result.issues) {
      if (fieldNames.has(issue.path)) {
        setError(issue.path as Path<GuestFormValues>, { type: 'server', message: issue.message });
      }
    }
  });

  const save = handleSubmit((values) => {
    fetcher.submit({ intent: 'save-guest', guest: values }, submitOptions());
  });

  return (
    <form onSubmit={save} noValidate aria-label={texts.guestInformation} className="flex flex-col gap-4">
      {!guest && (
        <p className="text-slate-600">
          No guest yet. Receipts need one: enter the guest's name and email and save.
        </p>
      )}
      <Field label="Guest Name" autoComplete="off" {...register('name')} error={errors.name?.message} />
      <Field
        label="Guest Email"
        type="email"
        autoComplete="off"
        {...register('email')}
        error={errors.email?.message}
      />
      <div>
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          {texts.saveGuest}
        </Button>
      </div>
    </form>
  );
}

export function GuestSection({ panel }: { panel: AdminPanelData }) {
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={panel.guest} errorElement={<LoadFailed what="the guest information" />}>
        {(guest) => <GuestForm guest={guest} />}
      </Await>
    </Suspense>
  );
}
