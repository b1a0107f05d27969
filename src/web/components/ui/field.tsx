import { type ComponentProps, type ReactNode, useId } from 'react';

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
export function Field({ label, error, hint, announceError = false, className = '', ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-12 rounded-xl border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 ${
          error ? 'border-red-700' : 'border-slate-400'
        }`}
      />
      {error && (
        <p
          id={errorId}
          role={announceError ? 'alert' : undefined}
          className="text-sm font-medium text-red-700"
        >
          {error}
        </p>
      )}
    </div>
  );
}
