import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** When set, the server uses this PostgreSQL server instead of the embedded database. */
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  corsOrigins: string[];
  /** Admin API key to install at first start; generated when absent. */
  adminApiKey: string | undefined;
  /** Folder of the built storefront served at `/`; absent → API only. */
  storefrontDir: string | undefined;
  /** Folder of the built merchant admin app served at `/admin/`; absent → no admin app. */
  adminDir: string | undefined;
  /** Seed the demo store when the database is empty. */
  seedDemo: boolean;
  /** Behind a reverse proxy: whose `X-Forwarded-For` to believe (per-IP throttling, logs). */
  trustProxy: boolean | number | string;
  /** SMTP server for outgoing mail (`smtp://user:pass@host:587`); absent → the stored dev mailbox. */
  smtpUrl: string | undefined;
  /** Sender of outgoing mail. */
  mailFrom: string;
  /** Lifetime of OAuth access tokens, in seconds. */
  accessTokenTtl: number;
  /** Lifetime of OAuth refresh tokens, in seconds. */
  refreshTokenTtl: number;
  /** Rotate refresh tokens on use, with reuse detection; false hands back the same refresh token. */
  rotateRefreshTokens: boolean;
  /** PKCS#8 PEM of the ES256 key that signs access tokens; absent → a key generated at first start, kept in the database. */
  oauthSigningKey: string | undefined;
  /** Failed logins per account, and per client IP, within 15 minutes before login answers 429. */
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  /** argon2id cost of new password hashes (stored hashes keep the cost they were made with). */
  passwordHashCost: PasswordHashCost;
  /** Shoppers' product reads and query pages kept per process, as sent (0 turns the cache off). */
  catalogueCacheSize: number;
  /** Megabytes those answers may take per process, at most. */
  catalogueCacheMb: number;
  /** Server processes sharing the port (node:cluster); more than 1 needs `databaseUrl`. */
  workers: number;
  /** Delivered outbox events are kept this many days, then deleted. */
  outboxRetentionDays: number;
}

export interface PasswordHashCost {
  /** Memory in KiB (at least 8). */
  memoryCost: number;
  /** Passes over the memory (at least 1). */
  timeCost: number;
}

/** OWASP's argon2id baseline: 19 MiB, two passes (one lane). */
export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2 };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be 0-65535, got "${value}"`);
  return port;
}

function parseCount(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`${name} must be ${min === 0 ? '0 or ' : ''}a positive integer, got "${value}"`);
  return n;
}

function parseHashMemory(value: string | undefined): number {
  const kib = parseCount('PASSWORD_HASH_MEMORY_KIB', value, DEFAULT_PASSWORD_HASH_COST.memoryCost);
  if (kib < 8) throw new ConfigError(`PASSWORD_HASH_MEMORY_KIB must be at least 8, got "${value}"`);
  return kib;
}

/** `TRUST_PROXY`: unset/false, true, a hop count, or a comma list of proxy addresses/CIDRs (Fastify's forms). */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** `WORKERS`: a count, or `auto` for one per core. */
function parseWorkers(value: string | undefined, databaseUrl: string | undefined): number {
  const workers = value === 'auto' ? availableParallelism() : parseCount('WORKERS', value, 1);
  if (workers > 1 && !databaseUrl)
    throw new ConfigError('WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process');
  return workers;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.PORT, 3000);
  const host = env.HOST || '127.0.0.1';
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const publicUrl = (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL is not a URL: "${publicUrl}"`);
  }
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    logLevel,
    corsOrigins: (env.CORS_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    adminApiKey: env.ADMIN_API_KEY || undefined,
    storefrontDir:
      env.STOREFRONT_DIR === '' ? undefined : resolve(env.STOREFRONT_DIR || 'apps/storefront/dist'),
    adminDir: env.ADMIN_DIR === '' ? undefined : resolve(env.ADMIN_DIR || 'apps/admin/dist'),
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Aisle <no-reply@aisle.localhost>',
    accessTokenTtl: parseCount('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, 900),
    refreshTokenTtl: parseCount('REFRESH_TOKEN_TTL', env.REFRESH_TOKEN_TTL, 30 * 24 * 3600),
    rotateRefreshTokens: env.OAUTH_ROTATE_REFRESH_TOKENS !== 'false',
    oauthSigningKey: env.OAUTH_SIGNING_KEY || undefined,
    loginMaxFailures: parseCount('LOGIN_MAX_FAILURES', env.LOGIN_MAX_FAILURES, 5),
    loginMaxFailuresPerIp: parseCount('LOGIN_MAX_FAILURES_PER_IP', env.LOGIN_MAX_FAILURES_PER_IP, 50),
    passwordHashCost: {
      memoryCost: parseHashMemory(env.PASSWORD_HASH_MEMORY_KIB),
      timeCost: parseCount(
        'PASSWORD_HASH_PASSES',
        env.PASSWORD_HASH_PASSES,
        DEFAULT_PASSWORD_HASH_COST.timeCost,
      ),
    },
    catalogueCacheSize: parseCount('CATALOGUE_CACHE_SIZE', env.CATALOGUE_CACHE_SIZE, 10_000, 0),
    catalogueCacheMb: parseCount('CATALOGUE_CACHE_MB', env.CATALOGUE_CACHE_MB, 64, 0),
    workers: parseWorkers(env.WORKERS, env.DATABASE_URL || undefined),
    outboxRetentionDays: parseCount('OUTBOX_RETENTION_DAYS', env.OUTBOX_RETENTION_DAYS, 7),
  };
}
