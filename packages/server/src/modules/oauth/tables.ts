import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdDate, dated, flag, jsonList, primaryId } from '../../platform/columns.ts';

/** Public OAuth clients (storefronts): where codes may go and which origins may call the API. */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Exact redirect URIs of the authorize step. */
  redirectUris: jsonList<string>('redirect_uris'),
  /** Origins allowed for CORS, `web_message` framing and post-flow callbacks. */
  allowedOrigins: jsonList<string>('allowed_origins'),
  /**
   * Refresh tokens of this client are rotated on use, with reuse detection (docs/IDENTITY.md "Refresh tokens").
   * Off for clients that keep their first refresh token: it then stays valid until it expires or is revoked.
   */
  rotateRefreshTokens: flag('rotate_refresh_tokens', true),
  /** Kept in step with `PUBLIC_URL` at start-up (the demo storefront). */
  followsPublicUrl: flag('follows_public_url', false),
  ...dated(),
});

/** Access-token signing keys; every process verifies with all of them and signs with the newest. */
export const oauthSigningKeys = pgTable('oauth_signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdDate: createdDate(),
  retiredDate: at('retired_date'),
});

/** Every anonymous token pair belongs to a visitor row, so carts can be owned by it. */
export const visitors = pgTable('visitors', {
  id: primaryId(),
  clientId: text('client_id').notNull(),
  createdDate: createdDate(),
});

/**
 * Opaque refresh tokens, stored as SHA-256. A family is one login (or one anonymous visit): rotation keeps the
 * family, and a token presented after it was used revokes the whole family.
 */
export const refreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    id: primaryId(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    clientId: text('client_id').notNull(),
    visitorId: uuid('visitor_id'),
    memberId: uuid('member_id'),
    scope: text('scope').notNull().default(''),
    createdDate: createdDate(),
    expiresDate: at('expires_date').notNull(),
    usedDate: at('used_date'),
    revokedDate: at('revoked_date'),
  },
  (t) => [
    index('oauth_refresh_family_idx').on(t.familyId),
    index('oauth_refresh_member_idx').on(t.memberId),
    // For the visitor purge: which visitors a token can still renew.
    index('oauth_refresh_visitor_idx').on(t.visitorId),
  ],
);

/** Authorization codes: single use, about a minute long, bound to the PKCE challenge and redirect URI. */
export const authorizationCodes = pgTable('oauth_authorization_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri'),
  codeChallenge: text('code_challenge').notNull(),
  memberId: uuid('member_id').notNull(),
  visitorId: uuid('visitor_id'),
  scope: text('scope').notNull().default(''),
  /** The token family the exchange created; revoked when the code is replayed. */
  familyId: uuid('family_id'),
  createdDate: createdDate(),
  expiresDate: at('expires_date').notNull(),
  usedDate: at('used_date'),
});
