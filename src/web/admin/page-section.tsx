import type { ReactNode } from 'react';
import { Card } from '../components/ui/card';

export interface PageSectionProps {
  /** Unique on the page: names the region after its heading. */
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}

/** A titled part of an admin page: a card that screen readers list as a region named by its heading. */
export function PageSection({ id, title, children, className = '' }: PageSectionProps) {
  const headingId = `admin-section-${id}`;
  return (
    <Card aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className="mb-3 text-xl font-bold text-slate-900">
        {title}
      </h3>
      {children}
    </Card>
  );
}
