import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { IdentityProfile } from './schemas.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type MemberStatus = 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';

/** Store members (wire: Identity). The e-mail is unique ignoring case (`email_key` is its lower-case form). */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    status: text('status').$type<MemberStatus>().notNull().default('ACTIVE'),
    /** e.g. PENDING_OWNER_APPROVAL, PENDING_EMAIL_VERIFICATION, BLOCKED_BY_OWNER */
    statusReasons: jsonb('status_reasons').$type<string[]>().notNull().default([]),
    /** argon2id PHC string; null until the member sets a password (sign-on, admin invite). */
    passwordHash: text('password_hash'),
    profile: jsonb('profile').$type<IdentityProfile>().notNull().default({}),
    revision: bigint('revision', { mode: 'number' }).notNull().default(1),
    createdDate: at('created_date').notNull().defaultNow(),
    updatedDate: at('updated_date').notNull().defaultNow(),
    lastLoginDate: at('last_login_date'),
  },
  (t) => [
    uniqueIndex('members_email_key_idx').on(t.emailKey),
    index('members_created_idx').on(t.createdDate),
  ],
);

/** Second factors the member can enrol (PASSWORD is the member's own column). */
export type SecondFactorType = 'EMAIL' | 'TOTP' | 'SMS' | 'CALL';
/** Factors whose codes go to a phone (text message or voice call). */
export type PhoneFactorType = 'SMS' | 'CALL';

/** Second factors beyond the password (EMAIL one-time codes, TOTP, SMS and CALL codes to a phone). */
export const memberFactors = pgTable(
  'member_factors',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    memberId: uuid('member_id').notNull(),
    type: text('type').$type<SecondFactorType>().notNull(),
    status: text('status').$type<'INACTIVE' | 'ACTIVE' | 'REQUIRE_REENROLL'>().notNull().default('INACTIVE'),
    /** TOTP shared secret (base32). */
    secret: text('secret'),
    /** SMS / CALL: the phone number in E.164 form (`+447911123456`). */
    phone: text('phone'),
    /** Last accepted TOTP time step: a code is never accepted twice. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdDate: at('created_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('member_factors_member_type_idx').on(t.memberId, t.type)],
);

/** The store's sign-up policies: one row (`id = 'store'`). */
export const identityPolicies = pgTable('identity_policies', {
  id: text('id').primaryKey(),
  requireEmailVerification: boolean('require_email_verification').notNull().default(false),
  requireOwnerApproval: boolean('require_owner_approval').notNull().default(false),
  /** OFF, AUTO (after repeated failures), INVISIBLE or VISIBLE (always). */
  captcha: text('captcha').$type<'OFF' | 'AUTO' | 'INVISIBLE' | 'VISIBLE'>().notNull().default('AUTO'),
  updatedDate: at('updated_date').notNull().defaultNow(),
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
    createdDate: at('created_date').notNull().defaultNow(),
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
  createdDate: at('created_date').notNull().defaultNow(),
  expiresDate: at('expires_date').notNull(),
  usedDate: at('used_date'),
});
