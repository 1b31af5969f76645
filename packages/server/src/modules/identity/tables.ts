import type { SiteMemberImage } from '@aisle/sdk';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { IdentityProfile } from './schemas.ts';
import {
  at,
  createdDate,
  dated,
  flag,
  jsonList,
  jsonObject,
  primaryId,
  updatedDate,
} from '../../platform/columns.ts';

export type MemberStatus = 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';

/** The community side of a member (wire/members.md `profile`) that the identity profile has no field for. */
export interface CommunityProfile {
  photo?: MemberImage;
  cover?: MemberImage;
  title?: string;
}
/** A member's photo or cover on the wire, as the SDK declares it. */
export type MemberImage = SiteMemberImage;

/** Store members (wire: Identity). The e-mail is unique ignoring case (`email_key` is its lower-case form). */
export const members = pgTable(
  'members',
  {
    id: primaryId(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    emailVerified: flag('email_verified', false),
    status: text('status').$type<MemberStatus>().notNull().default('ACTIVE'),
    /** e.g. PENDING_OWNER_APPROVAL, PENDING_EMAIL_VERIFICATION, BLOCKED_BY_OWNER */
    statusReasons: jsonList<string>('status_reasons'),
    /** argon2id PHC string; null until the member sets a password (sign-on, admin invite). */
    passwordHash: text('password_hash'),
    profile: jsonObject<IdentityProfile>('profile'),
    revision: bigint('revision', { mode: 'number' }).notNull().default(1),
    ...dated(),
    lastLoginDate: at('last_login_date'),
    /** The member page's slug (wire `profile.slug`), unique; null until set (the member id stands in). */
    slug: text('slug'),
    /** Wire `activityStatus`: MUTED members may not post in the community. */
    activityStatus: text('activity_status').$type<'ACTIVE' | 'MUTED'>().notNull().default('ACTIVE'),
    community: jsonObject<CommunityProfile>('community'),
  },
  (t) => [
    uniqueIndex('members_email_key_idx').on(t.emailKey),
    uniqueIndex('members_slug_idx').on(t.slug),
    index('members_created_idx').on(t.createdDate),
  ],
);

/** Second factors the member can enrol (PASSWORD is the member's own column). */
export type SecondFactorType = 'EMAIL' | 'TOTP' | 'SMS' | 'CALL' | 'WEBAUTHN';
/** Factors whose codes go to a phone (text message or voice call). */
export type PhoneFactorType = 'SMS' | 'CALL';

/** Second factors beyond the password (EMAIL one-time codes, TOTP, SMS and CALL codes to a phone). */
export const memberFactors = pgTable(
  'member_factors',
  {
    id: primaryId(),
    memberId: uuid('member_id').notNull(),
    type: text('type').$type<SecondFactorType>().notNull(),
    status: text('status').$type<'INACTIVE' | 'ACTIVE' | 'REQUIRE_REENROLL'>().notNull().default('INACTIVE'),
    /** TOTP shared secret (base32). */
    secret: text('secret'),
    /** SMS / CALL: the phone number in E.164 form (`+447911123456`). */
    phone: text('phone'),
    /** Last accepted TOTP time step: a code is never accepted twice. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdDate: createdDate(),
  },
  (t) => [uniqueIndex('member_factors_member_type_idx').on(t.memberId, t.type)],
);

/**
 * Passkeys (the WEBAUTHN factor): one row per credential. The member's `member_factors` WEBAUTHN row is ACTIVE
 * while they have at least one.
 */
export const memberPasskeys = pgTable(
  'member_passkeys',
  {
    id: primaryId(),
    memberId: uuid('member_id').notNull(),
    /** base64url credential id, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    /** Signature counter (0 for authenticators that do not count). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonList<string>('transports'),
    name: text('name').notNull(),
    /** `singleDevice` or `multiDevice` (synced). */
    deviceType: text('device_type'),
    backedUp: flag('backed_up', false),
    createdDate: createdDate(),
    lastUsedDate: at('last_used_date'),
  },
  (t) => [
    uniqueIndex('member_passkeys_credential_idx').on(t.credentialId),
    index('member_passkeys_member_idx').on(t.memberId),
  ],
);

/** Challenges of passwordless passkey sign-ins (no member is known yet): single use, 5 minutes, as SHA-256. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challengeHash: text('challenge_hash').primaryKey(),
  visitorId: uuid('visitor_id'),
  clientId: text('client_id'),
  createdDate: createdDate(),
  expiresDate: at('expires_date').notNull(),
  usedDate: at('used_date'),
});

/** The store's sign-up policies: one row (`id = 'store'`). */
export const identityPolicies = pgTable('identity_policies', {
  id: text('id').primaryKey(),
  requireEmailVerification: flag('require_email_verification', false),
  requireOwnerApproval: flag('require_owner_approval', false),
  /** OFF, AUTO (after repeated failures), INVISIBLE or VISIBLE (always). */
  captcha: text('captcha').$type<'OFF' | 'AUTO' | 'INVISIBLE' | 'VISIBLE'>().notNull().default('AUTO'),
  updatedDate: updatedDate(),
});

export type IdentityTokenKind = 'session' | 'state' | 'recovery' | 'activation' | 'enrolment' | 'device';

/**
 * Short-lived secrets handed to browsers, stored as SHA-256: session tokens (login → authorize), state tokens
 * (a sign-in waiting for a code), recovery and activation tokens (mailed links), enrolment codes (a phone
 * factor waiting for its confirmation code; the token itself is never handed out) and remembered devices (a
 * second factor passed with `rememberThisDevice`, sent back as a cookie).
 */
export const identityTokens = pgTable(
  'identity_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<IdentityTokenKind>().notNull(),
    memberId: uuid('member_id').notNull(),
    visitorId: uuid('visitor_id'),
    clientId: text('client_id'),
    /** State and enrolment tokens: what the pending step wants (EMAIL verification, TOTP, SMS, CALL). */
    factorType: text('factor_type'),
    /** State tokens: SHA-256 of the code mailed for this step, and how often it was tried and sent. */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(0),
    lastSentDate: at('last_sent_date'),
    createdDate: createdDate(),
    expiresDate: at('expires_date').notNull(),
    usedDate: at('used_date'),
  },
  (t) => [index('identity_tokens_member_idx').on(t.memberId)],
);

/** Failed sign-ins per key (`account:<email>` or `ip:<address>`) in a fixed window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: at('window_start').notNull(),
});

/** Proof-of-work captcha challenges: single use. */
export const captchaChallenges = pgTable('captcha_challenges', {
  id: text('id').primaryKey(),
  difficulty: integer('difficulty').notNull(),
  createdDate: createdDate(),
  expiresDate: at('expires_date').notNull(),
  usedDate: at('used_date'),
});
