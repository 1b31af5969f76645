import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { type MediaS3Config, parseMediaS3 } from './media-s3-config.ts';
import { API_KEY_RULE, isApiKeyFormat } from './auth.ts';
import { EMBEDDED_SHARED_BUFFERS_MB } from './embedded/protocol.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** When set, the server uses this PostgreSQL server instead of the embedded database. */
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  corsOrigins: string[];
  /**
   * The bootstrap admin API key: installed at start, replacing (and revoking) the one installed before when it
   * differs; absent → a key generated at the first start. Checked against `API_KEY_RULE`.
   */
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
  /** `validate-email` calls per client IP per minute before it answers 429 (it tells whether an address is a member). */
  validateEmailPerMinute: number;
  /**
   * Anonymous token grants (new visitors) per client IP per minute before the token endpoint answers 429; 0 turns
   * the limit off. Each grant stores a visitor and a refresh token, so an unlimited client could fill the database.
   */
  anonymousGrantsPerMinute: number;
  /** argon2id cost of new password hashes (stored hashes keep the cost they were made with). */
  passwordHashCost: PasswordHashCost;
  /** Shoppers' product reads and query pages kept per process, as sent (0 turns the cache off). */
  catalogueCacheSize: number;
  /** Megabytes those answers may take per process, at most. */
  catalogueCacheMb: number;
  /** The embedded database's `shared_buffers` in MiB (all of it resident; ignored on PostgreSQL). */
  embeddedSharedBuffersMb: number;
  /** Anonymous shoppers' catalogue pages kept per process as rendered HTML (0 turns the cache off). */
  htmlCacheSize: number;
  /** URLs per sitemap file (sitemaps.org allows 50,000). */
  sitemapUrlsPerFile: number;
  /** Server processes sharing the port (node:cluster); more than 1 needs `databaseUrl`. */
  workers: number;
  /** Delivered outbox events are kept this many days, then deleted. */
  outboxRetentionDays: number;
  /** Media in S3-compatible object storage instead of `DATA_DIR/media` (`MEDIA_S3_*`). */
  mediaS3: MediaS3Config | undefined;
  /** A request, headers and body, must have arrived within this many milliseconds (then 408, connection closed). */
  requestTimeoutMs: number;
  /** The request headers must have arrived within this many milliseconds. */
  headersTimeoutMs: number;
  /** Open connections per client (TCP peer) address and process; 0 turns the ceiling off. */
  maxConnectionsPerIp: number;
  /**
   * `ABANDONED_CHECKOUT_MINUTES`: minutes (fractions allowed) after which a checkout with a buyer e-mail and no
   * order counts as abandoned, overriding the store's setting; absent → the store's setting (default 60).
   */
  abandonedCheckoutMinutes: number | undefined;
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

function parseSitemapSize(value: string | undefined): number {
  const n = parseCount('SITEMAP_URLS_PER_FILE', value, 50_000);
  if (n > 50_000) throw new ConfigError(`SITEMAP_URLS_PER_FILE must be at most 50000, got "${value}"`);
  return n;
}

/** A positive number of minutes, fractions allowed (`0.05` = 3 seconds). */
function parseMinutes(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 525_600)
    throw new ConfigError(`${name} must be a positive number of minutes (at most a year), got "${value}"`);
  return n;
}

/** `WORKERS`: a count, or `auto` for one per core. */
function parseWorkers(value: string | undefined, databaseUrl: string | undefined): number {
  const workers = value === 'auto' ? availableParallelism() : parseCount('WORKERS', value, 1);
  if (workers > 1 && !databaseUrl)
    throw new ConfigError('WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process');
  return workers;
}

/** A set `ADMIN_API_KEY` must be a key the server accepts (never echoed: it is a secret). */
function parseAdminKey(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isApiKeyFormat(value.trim())) throw new ConfigError(`ADMIN_API_KEY is not usable: ${API_KEY_RULE}`);
  return value.trim();
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
    adminApiKey: parseAdminKey(env.ADMIN_API_KEY),
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
    validateEmailPerMinute: parseCount('VALIDATE_EMAIL_PER_MINUTE', env.VALIDATE_EMAIL_PER_MINUTE, 20),
    anonymousGrantsPerMinute: parseCount(
      'ANONYMOUS_GRANTS_PER_MINUTE',
      env.ANONYMOUS_GRANTS_PER_MINUTE,
      120,
      0,
    ),
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
    htmlCacheSize: parseCount('HTML_CACHE_SIZE', env.HTML_CACHE_SIZE, 2_000, 0),
    embeddedSharedBuffersMb: parseCount(
      'EMBEDDED_SHARED_BUFFERS_MB',
      env.EMBEDDED_SHARED_BUFFERS_MB,
      EMBEDDED_SHARED_BUFFERS_MB,
    ),
    sitemapUrlsPerFile: parseSitemapSize(env.SITEMAP_URLS_PER_FILE),
    workers: parseWorkers(env.WORKERS, env.DATABASE_URL || undefined),
    outboxRetentionDays: parseCount('OUTBOX_RETENTION_DAYS', env.OUTBOX_RETENTION_DAYS, 7),
    mediaS3: parseMediaS3(env),
    requestTimeoutMs: parseCount('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 60_000),
    headersTimeoutMs: parseCount('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 20_000),
    maxConnectionsPerIp: parseCount('MAX_CONNECTIONS_PER_IP', env.MAX_CONNECTIONS_PER_IP, 100, 0),
    abandonedCheckoutMinutes: parseMinutes('ABANDONED_CHECKOUT_MINUTES', env.ABANDONED_CHECKOUT_MINUTES),
  };
}
