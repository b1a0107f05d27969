import { UserRound } from 'lucide-react';
import type { RosterEntry } from '../../../shared/team-types';

const sizes = {
  /** "Who is working?": the page's one choice, made for a thumb. */
  large: {
    list: 'gap-3',
    button: 'min-h-16 gap-3 rounded-2xl px-4 text-xl shadow-sm',
    icon: 'size-6 shrink-0',
  },
  /** Inside a form (a manager's approval of a void). */
  inline: { list: 'gap-2', button: 'min-h-14 gap-2 rounded-xl px-3 text-lg', icon: 'size-5' },
} as const;

/** The staff's names as buttons: the person picks their own before typing their PIN. */
export function NamePicker({
  people,
  label,
  size,
  onPick,
}: {
  people: RosterEntry[];
  label: string;
  size: keyof typeof sizes;
  onPick: (person: RosterEntry) => void;
}) {
  const look = sizes[size];
  return (
    <ul aria-label={label} className={`grid grid-cols-1 sm:grid-cols-2 ${look.list}`}>
      {people.map((person) => (
        <li key={person.id}>
          <button
            type="button"
            onClick={() => onPick(person)}
            className={`flex w-full items-center bg-white text-left font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${look.button}`}
          >
            <UserRound aria-hidden="true" className={`text-brand-700 ${look.icon}`} />
            {person.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
