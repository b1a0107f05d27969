import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame } from './field-frame';

export interface FieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the input and tied to it with aria-describedby; marks the input aria-invalid. */
  error?: string;
  /** A short help text under the label, also read out with the input. */
  hint?: ReactNode;
  /** Announce the error the moment it appears (a one-field form, like a password prompt). */
  announceError?: boolean;
}

/** A labelled input with its message under it: the one field look of the app's forms. */
export function Field({ label, error, hint, announceError, className, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} announceError={announceError} className={className}>
      {(control) => (
        <input {...input} {...control} className={`${control.className} placeholder:text-slate-500`} />
      )}
    </FieldFrame>
  );
}
