import { Delete } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { teamLimits } from '../../../shared/team-limits';
import { useAdminI18n } from '../admin-i18n';

export interface PinPadProps {
  /** What the PIN is for, e.g. "PIN of Noi": names the pad for screen readers. */
  label: string;
  /** Called once with the six digits; the pad waits (pending) while they are checked. */
  onComplete: (pin: string) => void;
  pending: boolean;
  /** The last answer's problem ("Incorrect PIN"), announced and shown under the dots. */
  error?: string | undefined;
  /** Changes after each answer: the pad empties itself for the next try. */
  attempt: number;
  /** A wait before the next try (429), in seconds: the keys rest until then. */
  waitSeconds?: number | undefined;
}

const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/**
 * Six digits typed with large keys made for a thumb: buttons, not an <input>, so no on-screen keyboard pops
 * up over the names on a phone or the tablet at the desk. A hardware keyboard's digits and Backspace work too.
 */
export function PinPad({ label, onComplete, pending, error, attempt, waitSeconds }: PinPadProps) {
  const { a } = useAdminI18n();
  const [digits, setDigits] = useState('');
  const [resting, setResting] = useState(false);
  const errorId = useId();
  const sent = useRef(false);

  // A new attempt (the answer came back wrong): start again from no digit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger itself
  useEffect(() => {
    setDigits('');
    sent.current = false;
  }, [attempt]);

  useEffect(() => {
    if (!waitSeconds) return;
    setResting(true);
    const timer = setTimeout(() => setResting(false), waitSeconds * 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds]);

  const disabled = pending || resting;
  const latest = useRef({ digits, disabled, onComplete });
  latest.current = { digits, disabled, onComplete };

  const press = (digit: string) => {
    const { digits: now, disabled: off } = latest.current;
    if (off || now.length >= teamLimits.pinLength) return;
    const next = now + digit;
    setDigits(next);
    if (next.length === teamLimits.pinLength && !sent.current) {
      sent.current = true;
      latest.current.onComplete(next);
    }
  };
  const back = () => {
    if (latest.current.disabled) return;
    setDigits((now) => now.slice(0, -1));
  };

  // A desk tablet with a keyboard: its digits and Backspace type here too (never while a field has focus).
  // biome-ignore lint/correctness/useExhaustiveDependencies: press and back read the latest state through a ref
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (/^\d$/.test(event.key)) {
        event.preventDefault();
        press(event.key);
      } else if (event.key === 'Backspace') {
        event.preventDefault();
        back();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const keyClass =
    'min-h-16 rounded-2xl bg-white text-2xl font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 active:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:text-slate-400';

  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      className="mx-auto flex w-full max-w-xs flex-col gap-4"
    >
      <legend className="mb-4 w-full text-center text-lg font-semibold text-slate-900">{label}</legend>
      <div className="flex justify-center gap-3" aria-hidden="true">
        {Array.from({ length: teamLimits.pinLength }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the six places of the PIN
            key={index}
            className={`size-4 rounded-full ring-2 ring-slate-700 ${index < digits.length ? 'bg-slate-800' : 'bg-white'}`}
          />
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {a.pinProgress(digits.length, teamLimits.pinLength)}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-center font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="grid grid-cols-3 gap-3">
        {keys.map((digit) => (
          <button
            key={digit}
            type="button"
            className={keyClass}
            disabled={disabled}
            onClick={() => press(digit)}
          >
            {digit}
          </button>
        ))}
        <span />
        <button type="button" className={keyClass} disabled={disabled} onClick={() => press('0')}>
          0
        </button>
        <button
          type="button"
          className={`${keyClass} grid place-items-center`}
          disabled={disabled || digits.length === 0}
          onClick={back}
          aria-label={a.deleteLastDigit}
        >
          <Delete aria-hidden="true" className="size-7" />
        </button>
      </div>
    </fieldset>
  );
}
