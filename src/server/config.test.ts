import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    expect(parseConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/fridge.sqlite',
      migrationDatabaseUrl: undefined,
      allowOwnerRole: false,
      adminPassword: undefined,
      trustProxy: false,
      logLevel: 'info',
      checkoutLimits: { perAddress: 200, perBungalow: 30 },
      webhooks: {
        allowedHosts: [],
        retryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
        timeoutMs: 15_000,
        giveUpAfterMs: 3 * 24 * 3_600_000,
        leaseMs: 60_000,
        rotationOverlapMs: 24 * 3_600_000,
      },
      webRoot: undefined,
      // Backups by themselves (fifth stage)
      backups: { dir: path.resolve('data/backups'), at: '03:00', keep: 14 },
    });
  });

  // PostgreSQL roles (seventh stage)
  it('reads the owner’s address for npm run migrate and ALLOW_OWNER_ROLE, refusing what they cannot be', () => {
    expect(
      parseConfig({ MIGRATION_DATABASE_URL: 'postgres://owner@db/fridge', ALLOW_OWNER_ROLE: '1' }),
    ).toMatchObject({ migrationDatabaseUrl: 'postgres://owner@db/fridge', allowOwnerRole: true });
    expect(() => parseConfig({ MIGRATION_DATABASE_URL: 'sqlite:./data/fridge.sqlite' })).toThrow(
      'MIGRATION_DATABASE_URL must be postgres://owner@host:port/database',
    );
    expect(() => parseConfig({ ALLOW_OWNER_ROLE: 'yes' })).toThrow('ALLOW_OWNER_ROLE must be 0 or 1');
  });

  // Backups by themselves (fifth stage)
  it('reads the backups: a folder, a resort time and how many to keep', () => {
    expect(
      parseConfig({ BACKUP_DIR: '/data/backups', BACKUP_AT: '23:30', BACKUP_KEEP: '30' }).backups,
    ).toEqual({
      dir: '/data/backups',
      at: '23:30',
      keep: 30,
    });
    for (const bad of ['3:00', '24:00', '03:60', 'three'])
      expect(() => parseConfig({ BACKUP_AT: bad })).toThrow(/BACKUP_AT must be a resort time as HH:MM/);
    for (const bad of ['0', '-1', '2.5', 'all'])
      expect(() => parseConfig({ BACKUP_KEEP: bad })).toThrow(/BACKUP_KEEP must be/);
  });

  it('reads PUBLIC_URL and AUDIT_KEY (32 bytes or more), refusing bad ones (abuse resistance)', () => {
    const key = 'k'.repeat(32);
    expect(parseConfig({ PUBLIC_URL: 'https://fridge.example.com', AUDIT_KEY: key })).toMatchObject({
      publicUrl: 'https://fridge.example.com',
      auditKey: key,
    });
    expect(() => parseConfig({ AUDIT_KEY: 'k'.repeat(31) })).toThrow(/AUDIT_KEY must be at least 32 bytes/);
    expect(() => parseConfig({ PUBLIC_URL: 'fridge.example.com' })).toThrow(/PUBLIC_URL must be/);
    expect(() => parseConfig({ PUBLIC_URL: 'ftp://fridge.example.com' })).toThrow(/PUBLIC_URL must be/);
  });

  it('reads the webhooks: allowed hosts and ranges, and a shortened schedule for tests', () => {
    const { webhooks } = parseConfig({
      WEBHOOK_ALLOWED_HOSTS: ' 10.0.0.0/8, pms.resort.lan ,127.0.0.1,fd00::/8',
      WEBHOOK_RETRY_DELAYS: '1,2',
      WEBHOOK_LEASE_SECONDS: '5',
    });
    expect(webhooks).toMatchObject({
      allowedHosts: ['10.0.0.0/8', 'pms.resort.lan', '127.0.0.1', 'fd00::/8'],
      retryDelaysMs: [1000, 2000],
      leaseMs: 5000,
    });
    for (const bad of ['10.0.0.0/33', 'http://pms', '10.0.0.0/8/1', 'fd00::/129'])
      expect(() => parseConfig({ WEBHOOK_ALLOWED_HOSTS: bad })).toThrow(/WEBHOOK_ALLOWED_HOSTS must be/);
    expect(() => parseConfig({ WEBHOOK_RETRY_DELAYS: 'soon' })).toThrow(/WEBHOOK_RETRY_DELAYS must be/);
  });

  it('reads the checkout limits, 0 turning one off, and refuses anything but a whole number', () => {
    expect(
      parseConfig({ CHECKOUT_LIMIT_PER_ADDRESS: '0', CHECKOUT_LIMIT_PER_BUNGALOW: '12' }).checkoutLimits,
    ).toEqual({ perAddress: 0, perBungalow: 12 });
    expect(() => parseConfig({ CHECKOUT_LIMIT_PER_ADDRESS: 'many' })).toThrow(
      /CHECKOUT_LIMIT_PER_ADDRESS must be a number/,
    );
    expect(() => parseConfig({ CHECKOUT_LIMIT_PER_BUNGALOW: '-1' })).toThrow(
      /CHECKOUT_LIMIT_PER_BUNGALOW must be 0 \(off\) or more/,
    );
    expect(() => parseConfig({ CHECKOUT_LIMIT_PER_BUNGALOW: '2.5' })).toThrow(/whole number/);
  });

  it('stops with a clear message on a bad PORT or DATABASE_URL', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT must be between 0 and 65535/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be sqlite:<path> or postgres/,
    );
    expect(() => parseConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/at least 8 characters/);
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be 0 or 1/);
  });

  it('reads PostgreSQL URLs and the proxy switch', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgresql://u:p@db:5432/fridge',
      TRUST_PROXY: '1',
      PORT: '8080',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://u:p@db:5432/fridge',
      trustProxy: true,
      port: 8080,
    });
  });
});
