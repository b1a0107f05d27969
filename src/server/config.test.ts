import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('has the documented defaults', () => {
    expect(parseConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/fridge.sqlite',
      adminPassword: undefined,
      trustProxy: false,
      logLevel: 'info',
      checkoutLimits: { perAddress: 200, perBungalow: 30 },
      webRoot: undefined,
    });
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
