import { Lock } from 'lucide-react';
import type { ComponentType } from 'react';
import { texts } from '../../shared/constants';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import type { AdminPanelData } from './admin-data';
import { DrinksSection } from './drinks-section';
import { GuestSection } from './guest-form';
import { ConsumptionSection } from './staff/consumption-chart';
import { ExportSection } from './staff/export';
import { HistorySection } from './staff/history';
import { RestockSection } from './staff/restock';

export interface AdminSection {
  id: string;
  title: string;
  Component: ComponentType<{ panel: AdminPanelData }>;
}

/**
 * The panel's sections, top to bottom. Further staff tools (history, restock, export) are added here
 * as sections of their own, with what they read added to the loader's AdminPanelData.
 */
export const adminSections: AdminSection[] = [
  { id: 'drinks', title: 'Drinks', Component: DrinksSection },
  { id: 'guest', title: texts.guestInformation, Component: GuestSection },
  { id: 'restock', title: 'Restock list', Component: RestockSection },
  { id: 'consumption', title: 'Consumption', Component: ConsumptionSection },
  { id: 'history', title: 'Checkout history', Component: HistorySection },
  { id: 'export', title: 'Export checkouts (CSV)', Component: ExportSection },
];

export interface AdminPageProps {
  panel: AdminPanelData;
  /** The session ended while the panel was open: it stays on screen, inert, under the password modal. */
  locked: boolean;
  onLock: () => void;
  locking: boolean;
}

export function AdminPage({ panel, locked, onLock, locking }: AdminPageProps) {
  return (
    <div inert={locked} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="flex-1 text-2xl font-bold text-slate-900">{texts.adminPanel}</h2>
        <Button variant="secondary" onClick={onLock} pending={locking}>
          <Lock aria-hidden="true" className="size-5" />
          Lock<span className="sr-only"> admin panel</span>
        </Button>
      </div>
      {adminSections.map(({ id, title, Component }) => (
        <Card key={id} aria-labelledby={`admin-section-${id}`}>
          <h3 id={`admin-section-${id}`} className="mb-3 text-xl font-bold text-slate-900">
            {title}
          </h3>
          <Component panel={panel} />
        </Card>
      ))}
    </div>
  );
}
