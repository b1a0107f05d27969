import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { type SubmitTarget, useFetcher } from 'react-router';
import type { z } from 'zod';
import { type AdminActionResult, submitOptions } from './admin-data';
import { useActionResult } from './use-action-result';
import { adminResolver, type FieldNames, showServerIssues, useMessagesFollowLanguage } from './validation';

export interface FetcherFormSpec<Values extends FieldValues, Output> {
  /** The API's own schema, so what passes here passes the server's check too. */
  schema: z.ZodType<Output, unknown>;
  /** Names for this form's fields where a key means something else elsewhere (a person's `name`). */
  names?: FieldNames;
  defaultValues: DefaultValues<Values>;
  /** The fields the server's messages may go under; its messages about any other path are not shown. */
  serverFields: ReadonlySet<string>;
  /**
   * Where the server's message goes when it names no field at all: for a form whose action shows no toast
   * on failure (see pageAction), else the failure would say nothing.
   */
  unplacedFailureField?: Path<Values>;
  /** The command the page's action runs. */
  command: (values: Output) => SubmitTarget;
  /** Runs once the list already shows the saved change (see useActionResult). */
  onSaved?: (form: UseFormReturn<Values, unknown, Output>) => void;
}

/**
 * A form that writes through the page's action with its own fetcher: checked in the page's language before
 * sending, and the server's answer shown under the fields it names or, when it worked, handed to `onSaved`.
 */
export function useFetcherForm<Values extends FieldValues, Output>(spec: FetcherFormSpec<Values, Output>) {
  const fetcher = useFetcher<AdminActionResult>();
  const form = useForm<Values, unknown, Output>({
    resolver: adminResolver<Values, Output>(spec.schema, spec.names),
    defaultValues: spec.defaultValues,
  });
  useMessagesFollowLanguage(form.formState.errors, form.trigger);

  useActionResult(fetcher, (result) => {
    if (result.ok) {
      spec.onSaved?.(form);
      return;
    }
    showServerIssues(result.issues, spec.serverFields, form.setError);
    if (spec.unplacedFailureField && result.issues.length === 0)
      form.setError(spec.unplacedFailureField, { type: 'server', message: result.message });
  });

  const save = form.handleSubmit((values) => {
    fetcher.submit(spec.command(values), submitOptions());
  });

  return { form, save, pending: fetcher.state !== 'idle' };
}
