import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const KEY = `aisle_sk_${'A1b2-_'.repeat(6)}`;

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      logLevel: 'info',
      corsOrigins: [],
      seedDemo: true,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads the connection limits, the validate-email and the anonymous-grant allowances', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 20_000,
      maxConnectionsPerIp: 100,
      validateEmailPerMinute: 20,
      anonymousGrantsPerMinute: 120,
    });
    expect(
      loadConfig({
        REQUEST_TIMEOUT_MS: '5000',
        HEADERS_TIMEOUT_MS: '2000',
        MAX_CONNECTIONS_PER_IP: '0',
        VALIDATE_EMAIL_PER_MINUTE: '5',
        ANONYMOUS_GRANTS_PER_MINUTE: '0',
      }),
    ).toMatchObject({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 2000,
      maxConnectionsPerIp: 0,
      validateEmailPerMinute: 5,
      anonymousGrantsPerMinute: 0,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ANONYMOUS_GRANTS_PER_MINUTE: 'many' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_IP: '-1' })).toThrow(ConfigError);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/aisle',
      DATABASE_URL: 'postgres://x@db/aisle',
      PUBLIC_URL: 'https://shop.example.com/',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      ADMIN_API_KEY: KEY,
      SEED_DEMO: 'false',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/aisle',
      databaseUrl: 'postgres://x@db/aisle',
      publicUrl: 'https://shop.example.com',
      logLevel: 'warn',
      corsOrigins: ['https://a.example', 'https://b.example'],
      adminApiKey: KEY,
      seedDemo: false,
      trustProxy: '10.0.0.0/8,127.0.0.1',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it.each([
    ['mysecret'],
    ['aisle_sk_short'],
    [`aisle_sk_${'x'.repeat(31)}`],
    [`aisle_sk_${'x'.repeat(32)} space`],
    [`AISLE_SK_${'x'.repeat(40)}`],
  ])('refuses ADMIN_API_KEY %s and says what a key looks like', (key) => {
    expect(() => loadConfig({ ADMIN_API_KEY: key })).toThrow(
      /ADMIN_API_KEY is not usable: .*"aisle_sk_" followed by 32/,
    );
  });

  it('takes ADMIN_API_KEY of the key form (surrounding spaces dropped), and none when empty', () => {
    expect(loadConfig({ ADMIN_API_KEY: ` ${KEY} ` }).adminApiKey).toBe(KEY);
    expect(loadConfig({ ADMIN_API_KEY: '' }).adminApiKey).toBeUndefined();
  });

  it('reads the process and cache settings', () => {
    const db = { DATABASE_URL: 'postgres://x@db/aisle' };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ ...db, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...db, WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(loadConfig({}).catalogueCacheSize).toBe(10_000);
    expect(loadConfig({ CATALOGUE_CACHE_SIZE: '0' }).catalogueCacheSize).toBe(0);
    expect(loadConfig({}).catalogueCacheMb).toBe(64);
    expect(loadConfig({ CATALOGUE_CACHE_MB: '256' }).catalogueCacheMb).toBe(256);
    expect(() => loadConfig({ CATALOGUE_CACHE_MB: 'lots' })).toThrow(/CATALOGUE_CACHE_MB/);
    expect(loadConfig({}).embeddedSharedBuffersMb).toBe(16);
    expect(loadConfig({ EMBEDDED_SHARED_BUFFERS_MB: '64' }).embeddedSharedBuffersMb).toBe(64);
    expect(() => loadConfig({ EMBEDDED_SHARED_BUFFERS_MB: '0' })).toThrow(/EMBEDDED_SHARED_BUFFERS_MB/);
  });

  it('takes the abandoned-checkout delay from the environment, fractions allowed, else the store decides', () => {
    expect(loadConfig({}).abandonedCheckoutMinutes).toBeUndefined();
    expect(loadConfig({ ABANDONED_CHECKOUT_MINUTES: '0.05' }).abandonedCheckoutMinutes).toBe(0.05);
    expect(loadConfig({ ABANDONED_CHECKOUT_MINUTES: '90' }).abandonedCheckoutMinutes).toBe(90);
  });

  it('serves the storefront and the admin app from their builds unless told not to', () => {
    const defaults = loadConfig({});
    expect(defaults.storefrontDir).toMatch(/\/apps\/storefront\/dist$/);
    expect(defaults.adminDir).toMatch(/\/apps\/admin\/dist$/);
    const chosen = loadConfig({ STOREFRONT_DIR: '/srv/shop', ADMIN_DIR: '/srv/admin' });
    expect(chosen).toMatchObject({ storefrontDir: '/srv/shop', adminDir: '/srv/admin' });
    const off = loadConfig({ STOREFRONT_DIR: '', ADMIN_DIR: '' });
    expect(off).toMatchObject({ storefrontDir: undefined, adminDir: undefined });
  });

  it('hashes passwords at the OWASP argon2id baseline unless told otherwise', () => {
    expect(loadConfig({}).passwordHashCost).toEqual({ memoryCost: 19_456, timeCost: 2 });
    expect(
      loadConfig({ PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_PASSES: '3' }).passwordHashCost,
    ).toEqual({ memoryCost: 65_536, timeCost: 3 });
  });

  it.each([
    [{ PASSWORD_HASH_MEMORY_KIB: '4' }, /PASSWORD_HASH_MEMORY_KIB/],
    [{ PASSWORD_HASH_PASSES: '0' }, /PASSWORD_HASH_PASSES/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ WORKERS: '2' }, /WORKERS above 1 needs DATABASE_URL/],
    [{ WORKERS: '0', DATABASE_URL: 'postgres://x@db/aisle' }, /WORKERS/],
    [{ CATALOGUE_CACHE_SIZE: '-1' }, /CATALOGUE_CACHE_SIZE must be 0 or a positive integer/],
    [{ ABANDONED_CHECKOUT_MINUTES: '0' }, /ABANDONED_CHECKOUT_MINUTES must be a positive number/],
    [{ ABANDONED_CHECKOUT_MINUTES: 'soon' }, /ABANDONED_CHECKOUT_MINUTES/],
  ])('rejects %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
