import { z } from 'zod';

/** The only place that reads process.env. */

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

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
  LOG_LEVEL: z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}` }).default('info'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  adminPassword: string | undefined;
  trustProxy: boolean;
  logLevel: LogLevel;
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
    webRoot: undefined,
  };
}

export class ConfigError extends Error {}

export function readConfig(): Config {
  return parseConfig(process.env);
}
