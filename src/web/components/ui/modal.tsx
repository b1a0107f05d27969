import { type ReactNode, useEffect, useId, useRef } from 'react';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector));
}

export interface ModalProps {
  title: string;
  /** Escape and any close button call this; the modal itself never closes on its own. */
  onClose: () => void;
  children: ReactNode;
  description?: ReactNode;
}

/**
 * A modal dialog over the page: focus moves in (to an element with autoFocus, else the first control),
 * Tab and Shift+Tab cycle inside it, Escape closes it, and focus returns where it was on close.
 * Not the native <dialog>: its top layer would cover the toasts, which must stay readable.
 */
export function Modal({ title, onClose, children, description }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  // Read during the first render, before an autoFocus inside the dialog moves focus.
  const previousFocus = useRef(document.activeElement);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = previousFocus.current instanceof HTMLElement ? previousFocus.current : null;
    if (!dialog.contains(document.activeElement)) (focusablesIn(dialog)[0] ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = focusablesIn(dialog);
      if (focusables.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusables[0] as HTMLElement;
      const last = focusables[focusables.length - 1] as HTMLElement;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // A click on the backdrop or a focused toast must not leave keyboard focus outside the dialog.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) {
        (focusablesIn(dialog)[0] ?? dialog).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  // No backdrop blur: a blur under a full-screen layer is redrawn on every frame where the GPU cannot do it
  // (a cheap phone, a headless browser): a fifth of a core for as long as the dialog stayed open.
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-slate-900/60 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
      >
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-2 text-slate-700">
            {description}
          </div>
        )}
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
