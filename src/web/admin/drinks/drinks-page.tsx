import { Plus } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Await } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import { grantOf } from '../../../shared/team';
import { Button } from '../../components/ui/button';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { useRole } from '../team/session-context';
import { DrinkForm } from './drink-form';
import { DrinkList } from './drink-list';

type FormState = { mode: 'add' } | { mode: 'edit'; drink: Drink } | null;

export function DrinksPage({ drinks }: { drinks: Promise<Drink[]> }) {
  const [form, setForm] = useState<FormState>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const { t, a } = useAdminI18n();
  // The front desk sees the spec's panel for its guest form; the catalogue stays the managers' (rights table).
  // With no session (it ended while the page was open, under the password modal) nothing is taken away: an
  // open form keeps what was typed until the person is back.
  const role = useRole();
  const editable = role === null || grantOf(role, 'catalogue') === 'yes';

  const close = () => {
    setForm(null);
    addButton.current?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      {editable && (
        <div>
          <Button ref={addButton} onClick={() => setForm({ mode: 'add' })}>
            <Plus aria-hidden="true" className="size-5" />
            {t.addNewDrink}
          </Button>
        </div>
      )}
      {editable && form && (
        // A new key per drink: the form starts from that drink's values, not the last one's.
        <DrinkForm
          key={form.mode === 'edit' ? `edit-${form.drink.id}` : 'add'}
          drink={form.mode === 'edit' ? form.drink : undefined}
          onClose={close}
        />
      )}
      <Suspense fallback={<Loading />}>
        <Await resolve={drinks} errorElement={<LoadFailed what={a.theDrinks} />}>
          {(loaded) => (
            <DrinkList
              drinks={loaded}
              onEdit={editable ? (drink) => setForm({ mode: 'edit', drink }) : undefined}
            />
          )}
        </Await>
      </Suspense>
    </div>
  );
}
