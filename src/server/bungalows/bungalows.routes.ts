import { Hono } from 'hono';
import { pmsLabels } from '../../shared/pms-types';
import { stayReadOnlyFields } from '../../shared/read-only-fields';
import { bungalowParamSchema } from '../../shared/staff-schemas';
import type { BungalowState, Stay } from '../../shared/staff-types';
import { stayInputSchema } from '../../shared/stay-schemas';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { readJsonBack, readParams } from '../http/validate';
import { createPmsRepo } from '../pms/pms.repo';
import { createSettingsRepo } from '../settings/settings.repo';
import { createBungalowsRepo } from './bungalows.repo';

/** Stays: a guest per bungalow (admin only: a stay's name and email are never public). */
export function bungalowsRoutes(deps: AppDeps) {
  const repo = createBungalowsRepo(deps.db);
  const frontDesk = requireRight(deps, 'frontDesk');
  const settings = createSettingsRepo(deps.db);
  const pms = createPmsRepo(deps.db);

  /**
   * The PMS's name when the connected PMS owns the stay (imported from it): its guest name and dates are the
   * PMS's, changed there (docs/decisions/245). A stay of a PMS no longer connected is the desk's again.
   */
  const ownedBy = async (stay: Stay | undefined): Promise<string | null> => {
    if (!stay || stay.source === 'app') return null;
    const connection = await pms.get();
    return connection?.kind === stay.source ? pmsLabels[stay.source] : null;
  };
  const ownedStay = (stay: Stay, vendor: string) =>
    `Bungalow ${stay.bungalow}'s stay comes from ${vendor} (reservation ${stay.pmsReservationId ?? '?'})`;

  return (
    new Hono()
      .get('/', frontDesk, async (c) => {
        const { bungalowNumbers } = await settings.read();
        const rows = await repo.list(bungalowNumbers);
        const connected = rows.some((row) => row.stay && row.stay.source !== 'app') ? await pms.get() : null;
        const owner = (stay: Stay | null) =>
          stay && connected && stay.source === connected.kind ? pmsLabels[connected.kind] : null;
        return c.json(rows.map((row): BungalowState => ({ ...row, stayOwnedBy: owner(row.stay) })));
      })
      // Public, and only a yes or no: never the stay's name or email.
      .get('/:bungalow/guest', async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        return c.json({ onFile: await repo.guestOnFile(bungalow) });
      })
      .get('/:bungalow/stays', frontDesk, async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        return c.json(await repo.stays(bungalow));
      })
      .put('/:bungalow/stay', frontDesk, async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        // The open stay as GET /api/bungalows gave it may come back as it is; a past stay (checkedOutAt set) or
        // another stay's id is refused rather than reopened or mixed up.
        const { input, sent } = await readJsonBack(c, stayInputSchema, stayReadOnlyFields);
        const open = await repo.openStay(bungalow);
        sent.mustMatch({
          id: open ? [open.id] : [],
          bungalow: [bungalow],
          checkedInAt: open ? [open.checkedInAt] : [],
          checkedOutAt: [null],
          source: open ? [open.source] : ['app'],
          pmsReservationId: open ? [open.pmsReservationId] : [null],
        });
        const vendor = open ? await ownedBy(open) : null;
        if (open && vendor && (input.guestName !== open.guestName || input.checkOutOn !== open.checkOutOn))
          throw new HttpError(
            409,
            'conflict',
            `${ownedStay(open, vendor)}: change the guest's name and check-out day in ${vendor}, and the app follows; only the email can be changed here`,
          );
        const { stay, opened } = await repo.putStay(bungalow, input, await changeBy(c, deps));
        return c.json(stay, opened ? 201 : 200);
      })
      .delete('/:bungalow/stay', frontDesk, async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        const open = await repo.openStay(bungalow);
        const vendor = await ownedBy(open);
        if (open && vendor)
          throw new HttpError(
            409,
            'conflict',
            `${ownedStay(open, vendor)}: check the guest out in ${vendor}; the stay ends here within a minute, at the app's next read of ${vendor}`,
          );
        const ended = await repo.endStay(bungalow, await changeBy(c, deps));
        if (!ended) throw new HttpError(404, 'not_found', `Bungalow ${bungalow} has no guest checked in`);
        return c.body(null, 204);
      })
  );
}
