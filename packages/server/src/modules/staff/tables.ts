import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../platform/permissions.ts';
import { at, createdDate, dated, flag, jsonList, jsonObject, primaryId } from '../../platform/columns.ts';

export type StaffStatus = 'INVITED' | 'ACTIVE' | 'REVOKED';

/**
 * The merchant's staff: apart from the shoppers (`members`), with their own sessions. The e-mail is unique
 * ignoring case (`email_key`). A revoked member of staff keeps the row (the audit log names them) and may be
 * invited again.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: primaryId(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').$type<StaffRole>().notNull(),
    status: text('status').$type<StaffStatus>().notNull(),
    /** argon2id PHC string; null until the invitation is accepted. */
    passwordHash: text('password_hash'),
    /** TOTP shared secret (base32): pending until `totpActive`, when sign-in asks for a code. */
    totpSecret: text('totp_secret'),
    totpActive: flag('totp_active', false),
    /** Last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    invitedBy: text('invited_by'),
    ...dated(),
    lastLoginDate: at('last_login_date'),
  },
  (t) => [uniqueIndex('staff_users_email_key_idx').on(t.emailKey)],
);

/**
 * Staff secrets, stored as SHA-256: `session` (the token the admin app sends), `challenge` (a password
 * accepted, waiting for the TOTP code), `invite` (the mailed link), `setup` (the one-time code printed at start
 * while no owner exists; no staff row).
 */
export type StaffTokenKind = 'session' | 'challenge' | 'invite' | 'setup';

export const staffTokens = pgTable(
  'staff_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<StaffTokenKind>().notNull(),
    staffId: uuid('staff_id'),
    attempts: integer('attempts').notNull().default(0),
    createdDate: createdDate(),
    expiresDate: at('expires_date').notNull(),
    /** Spent (challenge, invite, setup) or ended (session: signed out, revoked). */
    usedDate: at('used_date'),
  },
  (t) => [index('staff_tokens_staff_idx').on(t.staffId)],
);

/** One change to show in the audit log: a field and its value before and after (shortened). */
export interface AuditChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Who changed what: one row per outbox event recorded by an admin caller's request (staff member or API
 * key), written by the audit subscriber, idempotent on the event id.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    eventId: uuid('event_id').notNull(),
    occurredAt: at('occurred_at').notNull(),
    actorKind: text('actor_kind').$type<'staff' | 'key'>().notNull(),
    actorId: text('actor_id').notNull(),
    actorLabel: text('actor_label').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonList<AuditChange>('changes'),
    /** The event's payload, flattened and shortened: the next change of the entity is compared with it. */
    snapshot: jsonObject('snapshot'),
  },
  (t) => [
    uniqueIndex('audit_log_event_idx').on(t.eventId),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
  ],
);
