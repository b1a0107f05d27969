import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseSecretsKey, secretsKeyFormat } from './secrets/secrets-key';

/** The only place that reads process.env. */

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * Anonymous checkout writes (a new record or a revision) allowed per client address per 10 minutes and per
 * bungalow per hour. Far above real use: a tablet checking 60 bungalows in a morning with a revision or two
 * each, or 50 guests behind the resort's one NAT address checking out in the same ten minutes, several
 * sends each (docs/decisions/033-checkout-rate-limits.md).
 */
export const checkoutLimitDefaults = { perAddress: 200, perBungalow: 30 } as const;

const limitSchema = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number (0 turns the limit off)`)
    .min(0, `${name} must be 0 (off) or more`)
    .max(1_000_000, `${name} must be at most 1000000`)
    .default(fallback);

/**
 * Webhook delivery (DESIGN.md, "The resort's other systems hear it"): the waits after each failure in a row
 * (with jitter; the last repeats), the request timeout, how long failing goes on before the endpoint is
 * disabled, how long a server's claim on an endpoint lasts, and a rotated secret's overlap.
 */
export const webhookDefaults = {
  retryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
  timeoutMs: 15_000,
  giveUpAfterMs: 3 * 24 * 3_600_000,
  leaseMs: 60_000,
  rotationOverlapMs: 24 * 3_600_000,
} as const;

/** A host name, an IP address, or a CIDR range (10.0.0.0/8, fd00::/8). */
function isHostOrRange(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || address === undefined) return false;
  if (prefix !== undefined) {
    const family = isIP(address);
    if (!family || !/^\d{1,3}$/.test(prefix)) return false;
    return Number(prefix) <= (family === 4 ? 32 : 128);
  }
  return (
    isIP(address) !== 0 ||
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(
      address,
    )
  );
}

/** Backups by themselves (fifth stage): beside the default database file, daily at 03:00, two weeks kept. */
export const backupDefaults = { dir: './data/backups', at: '03:00', keep: 14 } as const;

const listOf = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** 32 bytes as hex or base64, or unset; the message never repeats the value. */
const secretsKeySchema = (name: string) =>
  z
    .string()
    .transform((value, ctx) => {
      const key = parseSecretsKey(value);
      if (!key) ctx.addIssue({ code: 'custom', message: secretsKeyFormat.replace('SECRETS_KEY', name) });
      return key ?? Buffer.alloc(0);
    })
    .optional();

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/fridge.sqlite')
    .refine((url) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(url), {
      message: 'DATABASE_URL must be sqlite:<path> or postgres://user@host:port/database',
    }),
  // PostgreSQL roles (seventh stage): the owner's login for `npm run migrate`; the server refuses to run as one.
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'MIGRATION_DATABASE_URL must be postgres://owner@host:port/database')
    .optional(),
  ALLOW_OWNER_ROLE: z.enum(['0', '1'], { error: 'ALLOW_OWNER_ROLE must be 0 or 1' }).default('0'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'ADMIN_PASSWORD must have at least 8 characters (or leave it unset to generate one)')
    .optional(),
  TRUST_PROXY: z.enum(['0', '1'], { error: 'TRUST_PROXY must be 0 or 1' }).default('0'),
  CHECKOUT_LIMIT_PER_ADDRESS: limitSchema('CHECKOUT_LIMIT_PER_ADDRESS', checkoutLimitDefaults.perAddress),
  CHECKOUT_LIMIT_PER_BUNGALOW: limitSchema('CHECKOUT_LIMIT_PER_BUNGALOW', checkoutLimitDefaults.perBungalow),
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform(listOf)
    .refine((entries) => entries.every(isHostOrRange), {
      message: 'WEBHOOK_ALLOWED_HOSTS must be comma-separated host names, IP addresses or CIDR ranges',
    }),
  // Tuning and tests (the stress test shortens the schedule): seconds, comma-separated.
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : listOf(value).map(Number)))
    .refine(
      (delays) => delays === undefined || (delays.length > 0 && delays.every((d) => d >= 0 && d <= 86_400)),
      {
        message: 'WEBHOOK_RETRY_DELAYS must be comma-separated seconds (0 to 86400)',
      },
    ),
  WEBHOOK_LEASE_SECONDS: z.coerce
    .number({ error: 'WEBHOOK_LEASE_SECONDS must be a number' })
    .min(1, 'WEBHOOK_LEASE_SECONDS must be between 1 and 3600')
    .max(3_600, 'WEBHOOK_LEASE_SECONDS must be between 1 and 3600')
    .optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}` }).default('info'),
  // Backups by themselves (fifth stage)
  BACKUP_DIR: z.string().default(backupDefaults.dir),
  BACKUP_AT: z
    .string()
    .default(backupDefaults.at)
    .refine((value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value), {
      message: 'BACKUP_AT must be a resort time as HH:MM, e.g. 03:00',
    }),
  BACKUP_KEEP: z.coerce
    .number({ error: 'BACKUP_KEEP must be a number' })
    .int('BACKUP_KEEP must be a whole number')
    .min(1, 'BACKUP_KEEP must be between 1 and 1000')
    .max(1000, 'BACKUP_KEEP must be between 1 and 1000')
    .default(backupDefaults.keep),
  // Abuse resistance (fifth stage)
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be the http(s):// address guests and staff open' })
    .optional(),
  AUDIT_KEY: z
    .string()
    .refine((key) => Buffer.byteLength(key, 'utf8') >= 32, {
      message: 'AUDIT_KEY must be at least 32 bytes (for example: openssl rand -base64 48)',
    })
    .optional(),
  // The trail is the books (seventh stage): the key PMS and webhook secrets are sealed with (decision 234).
  SECRETS_KEY: secretsKeySchema('SECRETS_KEY'),
  SECRETS_KEY_PREVIOUS: secretsKeySchema('SECRETS_KEY_PREVIOUS'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL roles (seventh stage): the schema owner's login, read by `npm run migrate` only. */
  migrationDatabaseUrl: string | undefined;
  /** Whether the server may run as a PostgreSQL login that could change the schema (docs/decisions/231). */
  allowOwnerRole: boolean;
  adminPassword: string | undefined;
  trustProxy: boolean;
  logLevel: LogLevel;
  /** Anonymous POST /api/checkouts writes per client address per 10 minutes and per bungalow per hour; 0 = off. */
  checkoutLimits: { perAddress: number; perBungalow: number };
  webhooks: WebhookConfig;
  /** Folder of the built web app; absent in API-only tests. */
  webRoot: string | undefined;
  // Backups by themselves (fifth stage)
  backups: BackupConfig;
  // Abuse resistance (fifth stage)
  /** The address guests and staff open: a request naming another Host is 421 (the health check excepted). */
  publicUrl: string | undefined;
  /** The audit chain's HMAC key, never stored in the database; unset: plain SHA-256 as before. */
  auditKey: string | undefined;
  /** PMS and webhook secrets' key (32 bytes), and the one before it during a change; secrets/secrets-key.ts. */
  secretsKey: Buffer | undefined;
  secretsKeyPrevious: Buffer | undefined;
}

/** The server's own SQLite backups (DESIGN.md, "Installed like a product"; docs/operations-backups.md). */
export interface BackupConfig {
  /** Folder the backups go to, resolved against the working directory. */
  dir: string;
  /** Resort time (the settings' time zone) of the daily backup, HH:MM. */
  at: string;
  /** How many backups are kept; older ones are deleted after each good one. */
  keep: number;
}

export interface WebhookConfig {
  /** Hosts, addresses and CIDR ranges of the resort's own network that webhooks may reach. */
  allowedHosts: string[];
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  giveUpAfterMs: number;
  leaseMs: number;
  rotationOverlapMs: number;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as it does in most shells' .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    allowOwnerRole: e.ALLOW_OWNER_ROLE === '1',
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY === '1',
    logLevel: e.LOG_LEVEL,
    checkoutLimits: { perAddress: e.CHECKOUT_LIMIT_PER_ADDRESS, perBungalow: e.CHECKOUT_LIMIT_PER_BUNGALOW },
    webhooks: {
      ...webhookDefaults,
      allowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
      ...(e.WEBHOOK_RETRY_DELAYS ? { retryDelaysMs: e.WEBHOOK_RETRY_DELAYS.map((s) => s * 1000) } : {}),
      ...(e.WEBHOOK_LEASE_SECONDS ? { leaseMs: e.WEBHOOK_LEASE_SECONDS * 1000 } : {}),
    },
    webRoot: undefined,
    // Backups by themselves (fifth stage)
    backups: { dir: path.resolve(e.BACKUP_DIR), at: e.BACKUP_AT, keep: e.BACKUP_KEEP },
    // Abuse resistance (fifth stage)
    publicUrl: e.PUBLIC_URL,
    auditKey: e.AUDIT_KEY,
    secretsKey: e.SECRETS_KEY,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS,
  };
}

export class ConfigError extends Error {}

export function readConfig(): Config {
  return parseConfig(process.env);
}
