import { KeyRound, Pencil, UserRoundCheck, UserRoundX } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Await, useFetcher } from 'react-router';
import type { StaffMember } from '../../../shared/team-types';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { roleLabel } from '../team/role-label';
import { useRole } from '../team/session-context';
import { mayManage } from './manage-rule';
import { NewPinForm, PersonEditForm } from './person-edit';
import { PersonForm } from './person-form';

export function StaffSection({ staff }: { staff: Promise<StaffMember[]> }) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-600">{a.staffIntro}</p>
      <Suspense fallback={<Loading />}>
        <Await resolve={staff} errorElement={<LoadFailed what={a.theStaff} />}>
          {(people) => <StaffList people={people} />}
        </Await>
      </Suspense>
      <PersonForm />
    </div>
  );
}

function StaffList({ people }: { people: StaffMember[] }) {
  const { a } = useAdminI18n();
  if (people.length === 0) return <p className="text-slate-600">{a.noStaff}</p>;
  return (
    <ul aria-label={a.teamMembers} className="flex flex-col gap-3">
      {people.map((person) => (
        <PersonRow key={person.id} person={person} />
      ))}
    </ul>
  );
}

type Editing = 'details' | 'pin' | null;

function PersonRow({ person }: { person: StaffMember }) {
  const { a } = useAdminI18n();
  const viewer = useRole() ?? 'owner';
  const [editing, setEditing] = useState<Editing>(null);
  const activeFetcher = useFetcher<AdminActionResult>();
  const headingId = `person-${person.id}`;
  const manageable = mayManage(viewer, person.role);

  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-xl p-3 ring-1 ${person.active ? 'bg-white ring-slate-200' : 'bg-slate-50 ring-slate-300'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="text-lg font-bold text-slate-900">
          {person.name}
        </h4>
        <span className="text-slate-700">{roleLabel(a, person.role)}</span>
      </div>
      {(!person.active || person.pinBlocked) && (
        <p className="mt-1 flex flex-wrap gap-2 text-sm">
          {!person.active && (
            <span className="rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">
              {a.deactivated}
            </span>
          )}
          {person.pinBlocked && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">
              {a.pinIsBlocked}
            </span>
          )}
        </p>
      )}
      {!manageable && <p className="mt-1 text-sm text-slate-600">{a.onlyOwnerManagers}</p>}
      {manageable && editing === null && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => setEditing('details')}
            aria-label={a.editPerson(person.name)}
          >
            <Pencil aria-hidden="true" className="size-5" />
            {a.edit}
          </Button>
          <Button variant="secondary" onClick={() => setEditing('pin')} aria-label={a.newPinFor(person.name)}>
            <KeyRound aria-hidden="true" className="size-5" />
            {a.newPin}
          </Button>
          <Button
            variant="ghost"
            pending={activeFetcher.state !== 'idle'}
            onClick={() =>
              activeFetcher.submit(
                { intent: 'set-active', id: person.id, active: !person.active },
                submitOptions(),
              )
            }
            aria-label={person.active ? a.deactivateNamed(person.name) : a.reactivateNamed(person.name)}
          >
            {person.active ? (
              <UserRoundX aria-hidden="true" className="size-5" />
            ) : (
              <UserRoundCheck aria-hidden="true" className="size-5" />
            )}
            {person.active ? a.deactivate : a.reactivate}
          </Button>
        </div>
      )}
      {editing === 'details' && <PersonEditForm person={person} onClose={() => setEditing(null)} />}
      {editing === 'pin' && <NewPinForm person={person} onClose={() => setEditing(null)} />}
    </li>
  );
}
