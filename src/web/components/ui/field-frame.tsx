import { type ReactNode, useId } from 'react';

/** What the frame ties to its control: the label's target, the messages it is described by, the look. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

export interface FieldFrameProps {
  label: string;
  /** A short help text under the label, also read out with the control. */
  hint?: ReactNode | undefined;
  /** Shown under the control and tied to it with aria-describedby; marks the control aria-invalid. */
  error?: string | undefined;
  /** Announce the error the moment it appears (a one-field form, like a password prompt). */
  announceError?: boolean | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The label, help and message around one form control, wired for screen readers: the one field look of the
 * app's forms, whatever the control (an input, a select).
 */
export function FieldFrame({
  label,
  hint,
  error,
  announceError = false,
  className = '',
  children,
}: FieldFrameProps) {
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
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: `min-h-12 rounded-xl border bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 ${
          error ? 'border-red-700' : 'border-slate-400'
        }`,
      })}
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
