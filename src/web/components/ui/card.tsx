import type { HTMLAttributes } from 'react';

export function Card({ className = '', ...rest }: HTMLAttributes<HTMLElement>) {
  return (
    <section {...rest} className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className}`} />
  );
}
