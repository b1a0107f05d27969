import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { createSettingsRepo } from '../settings/settings.repo';
import { createPrivacyRepo } from './privacy.repo';

/** Retention runs at start and then once a day (DESIGN.md, "Retention"). */
export const retentionEveryMs = 24 * 60 * 60 * 1000;

/**
 * Erases, reason `retention`, every guest kept longer than the settings' `guestDataDays` after their last stay
 * ended (src/server/privacy/privacy.repo.ts eraseExpired), and the buyer blocks of those guests' full tax
 * invoices once their 5 years are over (eraseExpiredBuyers). Logs how many, never who.
 */
export function startGuestRetention({
  db,
  logger,
  now = Date.now,
}: {
  db: Db;
  logger: Logger;
  now?: () => number;
}) {
  const privacy = createPrivacyRepo(db);
  const settings = createSettingsRepo(db);
  const run = async () => {
    try {
      const { guestDataDays } = await settings.read();
      const erased = await privacy.eraseExpired(guestDataDays, now());
      if (erased > 0) logger.info('retention: guests erased', { erased, guestDataDays });
      const buyers = await privacy.eraseExpiredBuyers(now());
      if (buyers > 0)
        logger.info('retention: invoice buyer blocks erased after their legal hold', { buyers });
    } catch (error) {
      logger.error('retention: could not erase expired guests', { message: (error as Error).message });
    }
  };
  const first = run();
  const timer = setInterval(run, retentionEveryMs);
  timer.unref();
  return {
    first,
    stop: () => clearInterval(timer),
  };
}
