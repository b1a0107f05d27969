import { CircleAlert, CircleCheck } from 'lucide-react';
import { resolveValue, type Toast, useToaster } from 'react-hot-toast/headless';
import { Spinner } from './ui/spinner';

const gutterPx = 8;

/**
 * The toasts, drawn with our own classes. react-hot-toast's <Toaster> styles itself by injecting a <style>
 * element at run time, which the Content-Security-Policy (no inline styles) rightly blocks: its toasts came
 * out as bare, click-through text over the header. Its store still does the rest, so the spec's rules hold:
 * 4 s for errors and neutral toasts, 2 s for successes, no timeout while loading, at most 20 kept.
 */
export function Toaster() {
  const { toasts, handlers } = useToaster();
  return (
    // Click-through and never paused by a resting pointer: a toast sits over the page's top, where a desk's
    // first drink card or the header's links can be, and one that stopped a tap (and, hovered, stayed) hid a
    // + button for as long as the pointer rested there. Screen readers hear it through its live region.
    <div className="pointer-events-none fixed inset-x-4 top-4 z-50">
      {toasts.map((toast) => {
        const offset = handlers.calculateOffset(toast, { gutter: gutterPx });
        return (
          <div
            key={toast.id}
            ref={(element) => {
              if (element && typeof toast.height !== 'number') {
                handlers.updateHeight(toast.id, element.getBoundingClientRect().height);
              }
            }}
            // Set through the CSSOM by React, which the policy allows, unlike a <style> element.
            style={{ transform: `translateY(${offset}px)` }}
            className={`absolute inset-x-0 flex justify-center transition-[transform,opacity] duration-200 ease-out starting:opacity-0 ${
              toast.visible ? 'opacity-100' : 'pointer-events-none opacity-0'
            }`}
          >
            <div className="flex max-w-md items-center gap-3 rounded-xl bg-white px-4 py-3 text-base text-slate-900 shadow-lg ring-1 ring-slate-900/10">
              <ToastIcon toast={toast} />
              <div {...toast.ariaProps}>{resolveValue(toast.message, toast)}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}

function ToastIcon({ toast }: { toast: Toast }) {
  if (toast.icon !== undefined) return <span className="flex shrink-0">{toast.icon}</span>;
  if (toast.type === 'success')
    return <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />;
  if (toast.type === 'error')
    return <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-red-700" />;
  if (toast.type === 'loading') return <Spinner className="size-5 shrink-0 text-brand-700" />;
  return null;
}
