import fs from 'node:fs';
import {
  createServer as createHttpServer,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { auditKeyed, setAuditKey } from './audit/audit-key';
import { headSignerFor } from './audit/head-signer';
import { resolveAdminPassword } from './auth/admin-password';
import { createBackupService } from './backups/backup-service';
import { createWallClock, latestRecordedMs } from './clock';
import { ConfigError, readConfig } from './config';
import { openDatabase } from './db/database';
import { DatabaseRoleError } from './db/database-role';
import { prepareDatabase } from './db/prepare-database';
import { seedOnce } from './db/seed';
import { drinksKeptRoute } from './drinks/drinks-fast-path';
import { checkoutPageKeptRoute } from './http/checkout-page-kept';
import { createKeptAnswers } from './http/kept-answers';
import { createLiveHub } from './live/live-hub';
import { createLogger, describeError, type Logger } from './logger';
import { createPmsPoster } from './pms/pms-poster';
// Guests' personal data (fifth stage)
import { startGuestRetention } from './privacy/retention';
import { createPmsDayReader } from './round/pms-day';
import { type SealReport, sealStoredSecrets } from './secrets/seal-stored-secrets';
import { secretsKeySource, setSecretsKeys } from './secrets/secret-box';
import { secretsKeysOf } from './secrets/secrets-key';
import { createWebhookSender } from './webhooks/webhook-sender';

// The server is production unless NODE_ENV says otherwise: React (the guest's first paint, checkout-page.ts)
// reads it when the first /checkout loads its renderer, after this line; its development build renders
// several times slower.
process.env.NODE_ENV ??= 'production';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Only the production build (dist/server/main.js) serves the web app; in development Vite does. */
function builtWebRoot(): string | undefined {
  const candidate = path.resolve(here, '../web');
  const isBuild = path.basename(here) === 'server' && path.basename(path.dirname(here)) === 'dist';
  return isBuild && fs.existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

async function main() {
  let config: ReturnType<typeof readConfig>;
  try {
    config = { ...readConfig(), webRoot: builtWebRoot() };
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nFix the environment variables above and start again.\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // Before the database opens: its connections and the migrations hash with it.
  setAuditKey(config.auditKey);
  setSecretsKeys(secretsKeysOf(config));
  const db = openDatabase(config.databaseUrl);
  let secrets: SealReport;
  try {
    const prepared = await prepareDatabase(db, { allowOwnerRole: config.allowOwnerRole });
    if (prepared.ownerReasons.length > 0) {
      logger.warn(
        'running as a PostgreSQL login that could change the schema, as ALLOW_OWNER_ROLE=1 allows',
        {
          reasons: prepared.ownerReasons,
        },
      );
    }
    if (await seedOnce(db)) logger.info('seeded the drink catalogue');
    secrets = await sealStoredSecrets(db);
  } catch (error) {
    if (error instanceof DatabaseRoleError) {
      logger.error('refused the database login', { databaseUrl: redactUrl(config.databaseUrl) });
      process.stderr.write(`${error.message}\n`);
      await db.close().catch(() => {});
      process.exit(1);
    }
    logger.error('could not prepare the database', {
      databaseUrl: redactUrl(config.databaseUrl),
      ...describeError(error),
    });
    process.stderr.write(
      `Could not open the database at ${redactUrl(config.databaseUrl)}: ${(error as Error).message}\n`,
    );
    await db.close().catch(() => {});
    process.exit(1);
  }

  logSecretsAtRest(logger, secrets);

  const admin = await resolveAdminPassword(db, config.adminPassword);
  if (admin.generated) {
    // The one time this password is ever shown: only its hash is stored.
    process.stdout.write(
      `\n  Admin password (generated, shown only this once): ${admin.generated}\n  Keep it safe, or set ADMIN_PASSWORD to choose your own.\n\n`,
    );
  }

  // With AUDIT_KEY, the chain's committed heads are signed here, in the app (docs/decisions/160): a few times a
  // second when the head moved, one read of it when it did not.
  const headSigner = headSignerFor(db.kysely);
  let refusalLogged = false;
  const signHead = () =>
    headSigner
      .sign()
      .then(() => {
        const gap = headSigner.takeGap();
        if (gap) {
          // A restart-based rewrite is signed this way too: the log keeps that it happened (decision 160).
          logger.warn(
            `signed the audit head over events no server had signed: ${gap.upTo - gap.after} events after the last signed head (event ${gap.after}${gap.lastSignedAt ? `, signed at ${gap.lastSignedAt}` : ''}); if no server crashed or ran without AUDIT_KEY then, check them with npm run audit:verify -- --head`,
            { ...gap },
          );
        }
        const refused = headSigner.refused();
        if (refused && !refusalLogged) {
          refusalLogged = true;
          logger.error(
            'the audit chain does not follow from the last signed head: no more heads are signed',
            refused,
          );
        }
      })
      .catch((error) => logger.warn('signing the audit head failed', describeError(error)));
  const headSigning = auditKeyed() ? setInterval(signHead, 250) : undefined;
  headSigning?.unref();
  const live = createLiveHub({ db, logger });
  // Writes received so far: the webhook sender holds its deliveries back during a burst of them.
  let writesReceived = 0;
  const webhooks = createWebhookSender({
    db,
    config: config.webhooks,
    logger,
    live,
    writesReceived: () => writesReceived,
  });
  // Backups by themselves (fifth stage): SQLite only; on PostgreSQL the service reports pg_dump's job.
  const backups = createBackupService({ db, config: config.backups, logger });
  // What the server records is stamped by a clock that never goes back (clock.ts).
  const now = createWallClock(await latestRecordedMs(db));
  // The PMS's day, kept a minute: read by the round and, for today, on the poster's schedule, which makes the
  // PMS's in-house guests the app's stays (decision 248).
  const pmsDay = createPmsDayReader({ db, allowedHosts: config.webhooks.allowedHosts, now });
  // The PMS poster (sixth stage): the webhooks' schedule of waits and lease.
  const pms = createPmsPoster({
    db,
    logger,
    live,
    config: config.webhooks,
    day: pmsDay,
  });
  const app = createApp({
    db,
    config,
    adminPasswordHash: admin.hash,
    logger,
    live,
    webhooks,
    pms,
    pmsDay,
    backups,
    now,
  });
  // Guests' personal data (fifth stage): retention at start and daily.
  const retention = startGuestRetention({ db, logger });
  // The guest's page and GET /api/drinks, the same for every guest until the data change, answered without
  // the framework when they can be.
  const checkoutPage = config.webRoot ? checkoutPageKeptRoute(db) : null;
  const keptAnswers = createKeptAnswers({
    fetch: app.fetch,
    logger,
    trustProxy: config.trustProxy,
    routes: [drinksKeptRoute(db), ...(checkoutPage ? [checkoutPage] : [])],
  });
  const server = serve(
    {
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      createServer: ((serverOptions: ServerOptions, listener: RequestListener) =>
        createHttpServer(serverOptions, keptAnswers.wrap(listener))) as typeof createHttpServer,
      // Slow or stalled clients must not hold sockets open for ever: 10 s to send the headers, 30 s for
      // the whole request. Node checks these every 30 s by default, which would let a slow client keep a
      // socket up to 40 s; checking every second holds the limits to about what they say.
      serverOptions: { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 },
    },
    (info) => {
      logger.info('listening', {
        url: `http://${config.host}:${info.port}`,
        database: db.dialect,
        webApp: Boolean(config.webRoot),
      });
      process.stdout.write(
        `Fridge Check is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}\n`,
      );
    },
  ) as Server;
  server.keepAliveTimeout = 5_000;
  let stopping = false;
  server.on('request', (request: { method?: string }, response: ServerResponse) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') writesReceived++;
    // Stopping: a kept-alive connection would take the next request (a workspace's event stream reconnects at
    // once) and hold the close, and with it the backup at shutdown, until the 10 s run out.
    if (stopping) response.setHeader('Connection', 'close');
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    const force = setTimeout(() => {
      logger.warn('requests still running after 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      // Deliveries under way finish (or time out) before the database closes: their cursors move or stay.
      retention.stop();
      await webhooks.stop().catch((error) => logger.error('stopping webhooks failed', describeError(error)));
      await pms.stop().catch((error) => logger.error('stopping the PMS poster failed', describeError(error)));
      // The last writes are committed: a backup of them, before the database closes. A big database may take
      // longer than the requests' 10 s; the service manager's own stop timeout is the limit then, and a copy
      // cut short is only a `.partial` file, never taken for a backup.
      clearTimeout(force);
      await backups.stop();
      clearInterval(headSigning);
      if (auditKeyed()) await signHead();
      await backups.run('shutdown');
      await db.close().catch((error) => logger.error('closing the database failed', describeError(error)));
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    // A kept-alive socket that turns idle later (its last answer sent) is closed too, or a browser's next
    // request on it would keep the server from closing.
    setInterval(() => server.closeIdleConnections(), 250).unref();
    // Open event streams never finish by themselves: end them (their EventSources reconnect to another
    // server, or to this one when it is back, and resume from their last event).
    void live.close();
  };
  // After listening: the sender's first round may send at once, and must not hold up the start.
  webhooks.start().catch((error) => logger.error('webhooks could not start', describeError(error)));
  pms.start().catch((error) => logger.error('the PMS poster could not start', describeError(error)));
  backups.start();
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** What the start did with the stored PMS and webhook secrets (docs/decisions/234), when there is anything to say. */
function logSecretsAtRest(logger: Logger, report: SealReport) {
  const source = secretsKeySource();
  if (report.sealed > 0)
    logger.info(`encrypted ${report.sealed} stored PMS and webhook secrets with the key from ${source}`);
  if (report.plain > 0)
    logger.warn(
      `${report.plain} PMS and webhook secrets are stored unencrypted, and so is every backup of the database: set SECRETS_KEY (openssl rand -base64 32) or AUDIT_KEY and start again to encrypt them`,
    );
  if (report.unreadable.length > 0) {
    const message = `stored secrets that this server's key does not open are not used, and nothing is sent with them: ${report.unreadable.join('; ')}`;
    logger.error(message);
    // Said where an operator starting the server by hand looks too, as a malformed key is.
    process.stderr.write(`Fridge Check: ${message}\n`);
  }
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

main().catch((error) => {
  process.stderr.write(`Fridge Check could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
