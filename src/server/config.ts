import { z } from 'zod';

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
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'ADMIN_PASSWORD must have at least 8 characters (or leave it unset to generate one)')
    .optional(),
  TRUST_PROXY: z.enum(['0', '1'], { error: 'TRUST_PROXY must be 0 or 1' }).default('0'),
  CHECKOUT_LIMIT_PER_ADDRESS: limitSchema('CHECKOUT_LIMIT_PER_ADDRESS', checkoutLimitDefaults.perAddress),
  CHECKOUT_LIMIT_PER_BUNGALOW: limitSchema('CHECKOUT_LIMIT_PER_BUNGALOW', checkoutLimitDefaults.perBungalow),
  LOG_LEVEL: z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}` }).default('info'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  adminPassword: string | undefined;
  trustProxy: boolean;
  logLevel: LogLevel;
  /** Anonymous POST /api/checkouts writes per client address per 10 minutes and per bungalow per hour; 0 = off. */
  checkoutLimits: { perAddress: number; perBungalow: number };
  /** Folder of the built web app; absent in API-only tests. */
  webRoot: string | undefined;
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
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY === '1',
    logLevel: e.LOG_LEVEL,
    checkoutLimits: { perAddress: e.CHECKOUT_LIMIT_PER_ADDRESS, perBungalow: e.CHECKOUT_LIMIT_PER_BUNGALOW },
    webRoot: undefined,
  };
}

export class ConfigError extends Error {}

export function readConfig(): Config {
  return parseConfig(process.env);
}
