import type { Context } from 'hono';
import { Hono } from 'hono';
import { closeDayInputSchema, dayParamSchema, reopenDayInputSchema } from '../../shared/day-close-schemas';
import { localDayOf } from '../../shared/local-days';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { HttpError, issuesOf } from '../http/errors';
import { readJson } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { createDaysRepo, type DaySettings } from './days.repo';

/**
 * Closing the day (DESIGN.md "Closing the day"): the day's money, the cash count and its close. Reading and
 * closing are the front desk's (right `frontDesk`); reopening a closed day is a manager's (`oversight`).
 */
export function daysRoutes(deps: AppDeps) {
  const repo = createDaysRepo(deps.db);
  const settings = createSettingsRepo(deps.db);

  /**
   * The `:day` of the path, a resort day that has begun, with the settings it is counted by. A bad date is
   * 422 (the path names a day, not a record that may be missing); a day still to come has nothing to count.
   */
  const dayOf = async (c: Context): Promise<{ day: string; settings: DaySettings }> => {
    const parsed = dayParamSchema.safeParse(c.req.param());
    if (!parsed.success) {
      const issues = issuesOf(parsed.error);
      throw new HttpError(
        422,
        'validation_failed',
        issues[0]?.message ?? 'Use a date like 2026-01-31',
        issues,
      );
    }
    const { day } = parsed.data;
    const { timeZone, cashFloat } = await settings.read();
    const today = localDayOf(deps.now(), timeZone);
    if (day > today) {
      throw new HttpError(
        422,
        'validation_failed',
        `${day} is still to come (today is ${today} in ${timeZone}): a day can be counted and closed once it has begun`,
        [{ path: 'day', message: `${day} is still to come` }],
      );
    }
    return { day, settings: { timeZone, cashFloat } };
  };

  return (
    new Hono()
      .get('/:day', requireRight(deps, 'frontDesk'), async (c) => {
        const { day, settings: daySettings } = await dayOf(c);
        return c.json(await repo.read(day, daySettings));
      })
      .post('/:day/close', requireRight(deps, 'frontDesk'), async (c) => {
        const { day, settings: daySettings } = await dayOf(c);
        const input = await readJson(c, closeDayInputSchema);
        const closed = await repo.close(
          day,
          { countedCash: input.countedCash, note: input.note ?? null },
          daySettings,
          await changeBy(c, deps),
        );
        return c.json(closed, 201);
      })
      .post('/:day/reopen', requireRight(deps, 'oversight'), async (c) => {
        const { day, settings: daySettings } = await dayOf(c);
        const { reason } = await readJson(c, reopenDayInputSchema);
        return c.json(await repo.reopen(day, reason, daySettings, await changeBy(c, deps)));
      })
      // The chain anchored outside the database (fifth stage): the head the Z report prints.
      .get('/:day/chain-head', requireRight(deps, 'frontDesk'), async (c) => {
        const { day } = await dayOf(c);
        return c.json({ chainHead: await repo.chainHead(day) });
      })
  );
}
