import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { limits } from '../shared/constants';
import { auditRoutes } from './audit/audit.routes';
import { createDeviceLookup } from './auth/devices';
import { createSessionStore } from './auth/sessions';
import { createLoginThrottle } from './auth/throttle';
import { type BackupService, createBackupService } from './backups/backup-service';
import { backupsRoutes } from './backups/backups.routes';
import { bungalowsRoutes } from './bungalows/bungalows.routes';
import { createCheckoutLimits } from './checkouts/checkout-limits';
import { checkoutsRoutes } from './checkouts/checkouts.routes';
import { consumptionRoutes } from './checkouts/consumption.routes';
import type { Config } from './config';
import { daysRoutes } from './days/days.routes';
import type { Db } from './db/database';
import type { AppDeps } from './deps';
import { drinksRoutes } from './drinks/drinks.routes';
import { guestRoutes } from './guest/guest.routes';
import { createCheckoutPage } from './http/checkout-page';
import { isDatabaseUnavailable, isStorageFull } from './http/database-errors';
import { HttpError, sendError } from './http/errors';
import { healthRoutes } from './http/health.routes';
import { publicHostOnly, sameOriginJsonWrites, securityHeaders } from './http/security';
import { mountWebApp } from './http/static-files';
import { checkRequestsRoutes } from './live/check-requests.routes';
import { eventsRoutes } from './live/events.routes';
import { createLiveHub, type LiveHub } from './live/live-hub';
import { createLogger, describeError, type Logger } from './logger';
import { pmsRoutes } from './pms/pms.routes';
import { createPmsPoster, type PmsPoster } from './pms/pms-poster';
// Guests' personal data (fifth stage)
import { privacyRoutes } from './privacy/privacy.routes';
import { receiptFontsRoutes } from './receipt-fonts/receipt-fonts.routes';
import { createPmsDayReader, type PmsDayReader } from './round/pms-day';
import { roundRoutes } from './round/round.routes';
import { settingsRoutes } from './settings/settings.routes';
import { fridgesRoutes } from './stock/fridges.routes';
import { parsRoutes } from './stock/pars.routes';
import { restockRoutes } from './stock/restock.routes';
import { stockRoutes } from './stock/stock.routes';
import { stockCostsRoutes } from './stock/stock-costs.routes';
import { taxRoutes } from './tax/tax.routes';
import { devicesRoutes } from './team/devices.routes';
import { sessionRoutes } from './team/session.routes';
import { staffRoutes } from './team/staff.routes';
// Abuse resistance (fifth stage)
import { stickersRoutes } from './team/stickers.routes';
import { createWebhookSender, type WebhookSender } from './webhooks/webhook-sender';
import { webhooksRoutes } from './webhooks/webhooks.routes';

export interface CreateAppOptions {
  db: Db;
  config: Config;
  adminPasswordHash: string;
  logger?: Logger;
  now?: () => number;
  /** The live desk's hub; main.ts passes its own to close it on shutdown (open streams hold the server). */
  live?: LiveHub;
  /**
   * The webhook sender; main.ts passes its own to start and stop it, tests theirs to drive it. One made here
   * is not started: the app answers, nothing is sent.
   */
  webhooks?: WebhookSender;
  /** The PMS poster (sixth stage), as the webhook sender: main.ts starts its own, tests theirs. */
  pms?: PmsPoster;
  /**
   * The reader of the PMS's day the poster was given (decision 248), so the round and the poster's schedule
   * share one read a minute; one made here otherwise.
   */
  pmsDay?: PmsDayReader;
  // Backups by themselves (fifth stage)
  /** The backups; main.ts passes its own to schedule them. One made here is not started: it only reports. */
  backups?: BackupService;
}

/** Which methods each API path answers, for 405 with an Allow header instead of a misleading 404. */
const apiMethods: [RegExp, string][] = [
  [/^\/api\/health$/, 'GET'],
  [/^\/api\/drinks$/, 'GET, POST'],
  [/^\/api\/drinks\/[^/]+$/, 'PUT, DELETE'],
  [/^\/api\/guest$/, 'GET, PUT'],
  [/^\/api\/checkouts$/, 'GET, POST'],
  [/^\/api\/checkouts\/export\.csv$/, 'GET'],
  // A checkout is never deleted (voided instead), so DELETE here is 405, not 404.
  [/^\/api\/checkouts\/[^/]+$/, 'GET'],
  [/^\/api\/checkouts\/[^/]+\/void$/, 'POST'],
  [/^\/api\/checkouts\/[^/]+\/payment$/, 'POST'],
  [/^\/api\/restock$/, 'GET'],
  [/^\/api\/restock\/[^/]+$/, 'POST'],
  [/^\/api\/consumption$/, 'GET'],
  [/^\/api\/bungalows$/, 'GET'],
  [/^\/api\/bungalows\/[^/]+\/stays$/, 'GET'],
  [/^\/api\/bungalows\/[^/]+\/guest$/, 'GET'],
  [/^\/api\/bungalows\/[^/]+\/stay$/, 'PUT, DELETE'],
  [/^\/api\/session$/, 'GET, POST, DELETE'],
  [/^\/api\/settings$/, 'GET, PUT'],
  // A person leaves but stays on their records: deactivated, never deleted (DELETE is 405).
  [/^\/api\/staff$/, 'GET, POST'],
  [/^\/api\/staff\/roster$/, 'GET'],
  [/^\/api\/staff\/[^/]+$/, 'PUT'],
  [/^\/api\/devices$/, 'GET, POST'],
  [/^\/api\/devices\/pairing$/, 'POST'],
  [/^\/api\/devices\/[^/]+$/, 'DELETE'],
  [/^\/api\/days\/[^/]+$/, 'GET'],
  [/^\/api\/days\/[^/]+\/(close|reopen)$/, 'POST'],
  [/^\/api\/events$/, 'GET'],
  [/^\/api\/check-requests$/, 'GET, POST'],
  [/^\/api\/check-requests\/[^/]+\/nothing-missing$/, 'POST'],
  [/^\/api\/audit$/, 'GET'],
  [/^\/api\/audit\/verify$/, 'GET'],
  [/^\/api\/audit\/export\.csv$/, 'GET'],
  [/^\/api\/webhooks$/, 'GET, POST'],
  [/^\/api\/webhooks\/[^/]+$/, 'PUT, DELETE'],
  [/^\/api\/webhooks\/[^/]+\/(rotate-secret|resend|test)$/, 'POST'],
  [/^\/api\/webhooks\/[^/]+\/attempts$/, 'GET'],
  // Backups by themselves (fifth stage)
  [/^\/api\/backups\/status$/, 'GET'],
  // Abuse resistance (fifth stage)
  [/^\/api\/checkouts\/void-unverified$/, 'POST'],
  [/^\/api\/stickers$/, 'GET'],
  // Guests' personal data (fifth stage)
  [/^\/api\/privacy\/guests$/, 'GET'],
  [/^\/api\/privacy\/guests\/[^/]+\/export$/, 'GET'],
  [/^\/api\/privacy\/guests\/[^/]+\/erase$/, 'POST'],
  // The PMS (sixth stage)
  [/^\/api\/pms$/, 'GET, PUT, DELETE'],
  [/^\/api\/pms\/(test|mappings\/propose)$/, 'POST'],
  [/^\/api\/pms\/mappings$/, 'GET, PUT'],
  [/^\/api\/pms\/postings$/, 'GET'],
  [/^\/api\/pms\/postings\/[^/]+\/(post-again|settle)$/, 'POST'],
];

export function createApp(options: CreateAppOptions) {
  const { db, config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const live = options.live ?? createLiveHub({ db, logger });
  const now = options.now ?? Date.now;
  const pmsDay =
    options.pmsDay ?? createPmsDayReader({ db, allowedHosts: config.webhooks.allowedHosts, now });
  const deps: AppDeps = {
    db,
    config,
    logger,
    adminPasswordHash: options.adminPasswordHash,
    sessions: createSessionStore(db),
    devices: createDeviceLookup(db),
    throttle: createLoginThrottle(db),
    checkoutLimits: createCheckoutLimits(config.checkoutLimits),
    now,
    live,
    webhooks: options.webhooks ?? createWebhookSender({ db, config: config.webhooks, logger, live }),
    pms:
      options.pms ??
      createPmsPoster({
        db,
        logger,
        live,
        config: config.webhooks,
        day: pmsDay,
      }),
    pmsDay,
    // Backups by themselves (fifth stage)
    backups:
      options.backups ??
      createBackupService({
        db,
        config: config.backups,
        logger,
        now,
      }),
  };

  const app = new Hono();

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use('*', securityHeaders(config.trustProxy));
  // Abuse resistance (fifth stage)
  app.use('*', publicHostOnly(config.publicUrl));
  app.use('*', compress());
  // Before the body and origin checks, so that their refusals are not cached either.
  app.use('/api/*', async (c, next) => {
    await next();
    // On the headers themselves: c.header() after the response exists would copy the whole response.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  const limitBody = bodyLimit({
    maxSize: limits.bodyBytesMax,
    onError: (c) =>
      sendError(
        c,
        new HttpError(413, 'payload_too_large', `The request body is over ${limits.bodyBytesMax} bytes`),
      ),
  });
  // GET and HEAD never carry a body to the app (@hono/node-server drops it), and asking for one would build
  // a full Request object on every read: the hot path of GET /api/drinks.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );
  app.use('/api/*', sameOriginJsonWrites());

  const api = new Hono()
    .route('/health', healthRoutes(deps))
    .route('/drinks', drinksRoutes(deps))
    .route('/guest', guestRoutes(deps))
    .route('/checkouts', checkoutsRoutes(deps))
    .route('/receipt-fonts', receiptFontsRoutes(deps))
    .route('/restock', restockRoutes(deps))
    .route('/consumption', consumptionRoutes(deps))
    .route('/bungalows', bungalowsRoutes(deps))
    .route('/session', sessionRoutes(deps))
    .route('/settings', settingsRoutes(deps))
    .route('/staff', staffRoutes(deps))
    .route('/devices', devicesRoutes(deps))
    .route('/days', daysRoutes(deps))
    .route('/events', eventsRoutes(deps))
    .route('/check-requests', checkRequestsRoutes(deps))
    .route('/audit', auditRoutes(deps))
    .route('/webhooks', webhooksRoutes(deps))
    .route('/pms', pmsRoutes(deps))
    .route('/round', roundRoutes(deps))
    .route('/stock', stockCostsRoutes(deps))
    .route('/stock', stockRoutes(deps))
    .route('/pars', parsRoutes(deps))
    .route('/fridges', fridgesRoutes(deps))
    // Backups by themselves (fifth stage)
    .route('/backups', backupsRoutes(deps))
    // Tax documents (fifth stage)
    .route('/tax', taxRoutes(deps))
    // Abuse resistance (fifth stage)
    .route('/stickers', stickersRoutes(deps))
    // Guests' personal data (fifth stage)
    .route('/privacy', privacyRoutes(deps));
  app.route('/api', api);

  app.all('/api/*', (c) => {
    const allowed = apiMethods.find(([pattern]) => pattern.test(c.req.path))?.[1];
    if (allowed) {
      c.header('Allow', allowed);
      return sendError(c, new HttpError(405, 'method_not_allowed', `Use ${allowed} for ${c.req.path}`));
    }
    return sendError(c, new HttpError(404, 'not_found', `No API endpoint at ${c.req.path}`));
  });

  // The guest's first paint (fifth stage): /checkout rendered by the server.
  if (config.webRoot) {
    mountWebApp(app, config.webRoot, (indexFile) => createCheckoutPage({ db, logger, indexFile }));
  }

  app.notFound((c) => sendError(c, new HttpError(404, 'not_found', 'Not found')));

  app.onError((error, c) => {
    if (error instanceof HttpError) return sendError(c, error);
    if (isStorageFull(error)) {
      logger.error('database disk full', { method: c.req.method, path: c.req.path, ...describeError(error) });
      c.header('Retry-After', '5');
      return sendError(
        c,
        new HttpError(503, 'service_unavailable', "The server's disk is full. Please try again shortly."),
      );
    }
    if (isDatabaseUnavailable(error)) {
      logger.error('database unavailable', {
        method: c.req.method,
        path: c.req.path,
        ...describeError(error),
      });
      c.header('Retry-After', '5');
      return sendError(
        c,
        new HttpError(503, 'service_unavailable', 'The database is not reachable. Please try again shortly.'),
      );
    }
    logger.error('unexpected error', { method: c.req.method, path: c.req.path, ...describeError(error) });
    return sendError(
      c,
      new HttpError(500, 'internal_error', 'Something went wrong on the server. Please try again.'),
    );
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
