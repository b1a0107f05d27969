import { ArrowDown, ArrowUp } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Await, useFetcher } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import { type DrinkSectionGroup, groupDrinksBySection, sectionOf } from '../../../shared/drink-sections';
import { sectionHeading } from '../../../shared/i18n/section-heading';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { Loading } from '../load-states';
import { useActionResult } from '../use-action-result';

/** Each checkout section with its drinks in the order guests see them, and buttons to move one. */
export function DrinkOrder({ drinks }: { drinks: Promise<Drink[]> }) {
  return (
    <Suspense fallback={<Loading />}>
      {/* A failure is shown once, with its "Try again", by the Drinks list beside this. */}
      <Await resolve={drinks} errorElement={<span hidden />}>
        {(loaded) => <SectionOrder drinks={loaded} />}
      </Await>
    </Suspense>
  );
}

type Step = -1 | 1;

/** The group in the order of `ids` when the group is theirs (a move on its way), else as it is. */
function inOrder(
  group: DrinkSectionGroup<Drink>,
  ids: number[] | null | undefined,
): DrinkSectionGroup<Drink> {
  if (!ids || !group.drinks.some((drink) => ids.includes(drink.id))) return group;
  return { ...group, drinks: [...group.drinks].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)) };
}

const moveButtonId = (drinkId: number, step: Step) => `drink-order-${drinkId}-${step === -1 ? 'up' : 'down'}`;

function SectionOrder({ drinks }: { drinks: Drink[] }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { t, a } = useAdminI18n();
  const [announcement, setAnnouncement] = useState('');
  // What the latest move will announce once it is saved: said before, a reload could still lose it.
  const toAnnounce = useRef('');
  // The button to put focus back on once the moved row is drawn at its new place.
  const refocus = useRef<{ id: number; step: Step } | null>(null);

  // A move pressed while the last one is still being saved waits for it, then goes (a quick second press
  // must not be lost). Both orders are shown at once; the reloaded list confirms them, and the move is
  // announced once the last of them is saved.
  const [queued, setQueued] = useState<number[] | null>(null);
  const pending =
    fetcher.state !== 'idle' ? (fetcher.json as { ids?: number[] } | undefined)?.ids : undefined;
  const groups = groupDrinksBySection(drinks).map((group) => inOrder(inOrder(group, pending), queued));
  const hidden = drinks.filter((drink) => sectionOf(drink) === null);

  // A moved row is a moved element, and a button that reached the end of its section is disabled: either
  // drops the focus. Put it back on the same button, or on the row's other one.
  const keepFocus = () => {
    const target = refocus.current;
    if (!target) return;
    const active = document.activeElement;
    if (
      active instanceof HTMLElement &&
      active !== document.body &&
      !(active as HTMLButtonElement).disabled
    ) {
      return;
    }
    const same = document.getElementById(moveButtonId(target.id, target.step));
    const other = document.getElementById(moveButtonId(target.id, -target.step as Step));
    (same instanceof HTMLButtonElement && !same.disabled ? same : other)?.focus();
  };
  useEffect(keepFocus);
  useActionResult(fetcher, (result) => {
    keepFocus();
    if (queued) return;
    refocus.current = null;
    if (result.ok) setAnnouncement(toAnnounce.current);
  });
  // The queued order is sent once the last save is done, and shown until the fetcher shows it as its own.
  const sent = useRef<number[] | null>(null);
  useEffect(() => {
    if (!queued) return;
    if (sent.current !== queued && fetcher.state === 'idle') {
      sent.current = queued;
      fetcher.submit({ intent: 'reorder-drinks', ids: queued }, submitOptions());
    } else if (sent.current === queued && fetcher.state !== 'idle') {
      setQueued(null);
    }
  }, [fetcher, queued]);

  const move = (group: DrinkSectionGroup<Drink>, index: number, step: Step) => {
    const ids = group.drinks.map((drink) => drink.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + step, 0, moved);
    refocus.current = { id: moved, step };
    const name = group.drinks[index]?.drinkName ?? '';
    toAnnounce.current = a.movedTo(name, index + step + 1, ids.length, sectionHeading(t, group.title));
    if (fetcher.state === 'idle' && !queued)
      fetcher.submit({ intent: 'reorder-drinks', ids }, submitOptions());
    else setQueued(ids);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{a.orderIntro}</p>
      {groups.length === 0 && <p className="text-slate-600">{a.noDrinkShown}</p>}
      {groups.map((group) => (
        <section key={group.title} aria-label={a.sectionAtCheckout(sectionHeading(t, group.title))}>
          <h4 className="mb-1 font-bold text-slate-900">{sectionHeading(t, group.title)}</h4>
          <ol className="flex flex-col divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
            {group.drinks.map((drink, index) => (
              <li key={drink.id} className="flex items-center gap-2 py-1 pr-1 pl-3">
                <span className="min-w-0 flex-1 break-words">{drink.drinkName}</span>
                <Button
                  id={moveButtonId(drink.id, -1)}
                  variant="ghost"
                  className="px-3"
                  aria-label={a.moveUp(drink.drinkName)}
                  title={a.moveUp(drink.drinkName)}
                  disabled={index === 0}
                  onClick={() => move(group, index, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-5" />
                </Button>
                <Button
                  id={moveButtonId(drink.id, 1)}
                  variant="ghost"
                  className="px-3"
                  aria-label={a.moveDown(drink.drinkName)}
                  title={a.moveDown(drink.drinkName)}
                  disabled={index === group.drinks.length - 1}
                  onClick={() => move(group, index, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-5" />
                </Button>
              </li>
            ))}
          </ol>
        </section>
      ))}
      {hidden.length > 0 && <p className="text-sm text-slate-600">{a.hiddenDrinks(hidden.length)}</p>}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
