import '../zod-jitless';
import { fetchDrinks, fetchGuest } from '../../api';
import { mergeActionSpecs, pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { guestCommands } from '../bungalows/guest-commands';
import { GuestSection } from '../bungalows/guest-form';
import { drinkCommands } from '../drinks/drink-commands';
import { DrinksPage } from '../drinks/drinks-page';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';

/**
 * /admin: the spec's admin panel, as the spec lays it out under the title 'Admin Panel' (the workspace's
 * heading): 'Add New Drink', the Drinks list in id order, and the 'Guest Information' form (always shown:
 * DESIGN.md). The same components as /admin/drinks and /admin/bungalows, which add the order at checkout and
 * the stays; the workspace's other pages are in the nav beside it.
 */

export const loader = pageLoader(() => ({
  drinks: reportLoadFailure(fetchDrinks()),
  guest: reportLoadFailure(fetchGuest()),
}));

export const action = pageAction(mergeActionSpecs(drinkCommands, guestCommands));

export function Component() {
  const data = usePageData<typeof loader>();
  const { t, a } = useAdminI18n();
  if (!data) return null;
  return (
    <div className="flex flex-col gap-4">
      <PageSection id="drinks" title={a.pageDrinks}>
        <DrinksPage drinks={data.drinks} />
      </PageSection>
      <PageSection id="guest" title={t.guestInformation}>
        <GuestSection guest={data.guest} />
      </PageSection>
    </div>
  );
}
