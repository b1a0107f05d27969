import { Plus } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Await } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import { Button } from '../../components/ui/button';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { DrinkForm } from './drink-form';
import { DrinkList } from './drink-list';

type FormState = { mode: 'add' } | { mode: 'edit'; drink: Drink } | null;

export function DrinksPage({ drinks }: { drinks: Promise<Drink[]> }) {
  const [form, setForm] = useState<FormState>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const { t, a } = useAdminI18n();

  const close = () => {
    setForm(null);
    addButton.current?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button ref={addButton} onClick={() => setForm({ mode: 'add' })}>
          <Plus aria-hidden="true" className="size-5" />
          {t.addNewDrink}
        </Button>
      </div>
      {form && (
        // A new key per drink: the form starts from that drink's values, not the last one's.
        <DrinkForm
          key={form.mode === 'edit' ? `edit-${form.drink.id}` : 'add'}
          drink={form.mode === 'edit' ? form.drink : undefined}
          onClose={close}
        />
      )}
      <Suspense fallback={<Loading />}>
        <Await resolve={drinks} errorElement={<LoadFailed what={a.theDrinks} />}>
          {(loaded) => <DrinkList drinks={loaded} onEdit={(drink) => setForm({ mode: 'edit', drink })} />}
        </Await>
      </Suspense>
    </div>
  );
}
