import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame } from './field-frame';

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** A labelled select with its help and message under it: Field's look for a choice among a few options. */
export function SelectField({ label, hint, error, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...select} {...control}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
