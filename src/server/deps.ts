import type { DeviceLookup } from './auth/devices';
import type { SessionStore } from './auth/sessions';
import type { LoginThrottle } from './auth/throttle';
import type { BackupService } from './backups/backup-service';
import type { CheckoutLimits } from './checkouts/checkout-limits';
import type { Config } from './config';
import type { Db } from './db/database';
import type { LiveHub } from './live/live-hub';
import type { Logger } from './logger';
import type { PmsPoster } from './pms/pms-poster';
import type { PmsDayReader } from './round/pms-day';
import type { WebhookSender } from './webhooks/webhook-sender';

/** What every route needs, built once in createApp and passed down explicitly. */
export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  sessions: SessionStore;
  /** The registered device a browser's device cookie names. */
  devices: DeviceLookup;
  throttle: LoginThrottle;
  /** Anonymous checkout writes per client address (this server's memory) and per bungalow (the database). */
  checkoutLimits: CheckoutLimits;
  adminPasswordHash: string;
  /** The live desk's event hub of this app server (GET /api/events). */
  live: LiveHub;
  /** This app server's webhook sender: the routes wake it after a change (main.ts starts and stops it). */
  webhooks: WebhookSender;
  /** This app server's PMS poster (sixth stage): routes wake it; main.ts starts and stops it. */
  pms: PmsPoster;
  /** This app server's reader of the PMS's day, kept a minute: the round's, and the poster's schedule's. */
  pmsDay: PmsDayReader;
  /** Milliseconds since the epoch; tests move it to expire sessions and end back-offs. */
  now: () => number;
  // Backups by themselves (fifth stage)
  /** This app server's backups: main.ts starts the schedule and backs up at shutdown; routes read the status. */
  backups: BackupService;
}
