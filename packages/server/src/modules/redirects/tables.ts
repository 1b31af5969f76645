import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdDate, jsonObject } from '../../platform/columns.ts';

/** Redirect sessions: where a hosted flow starts, bound to the visitor or member that asked for it. */
export const redirectSessions = pgTable(
  'redirect_sessions',
  {
    id: uuid('id').primaryKey(),
    intent: text('intent').notNull(),
    callerKind: text('caller_kind').notNull(),
    visitorId: uuid('visitor_id'),
    memberId: uuid('member_id'),
    clientId: text('client_id'),
    /** The URL without secrets (an auth session token is never stored). */
    fullUrl: text('full_url').notNull(),
    callbacks: jsonObject<Record<string, string>>('callbacks'),
    preferences: jsonObject('preferences'),
    origin: text('origin'),
    sessionTokenHash: text('session_token_hash').notNull(),
    createdDate: createdDate(),
    expiresDate: at('expires_date').notNull(),
  },
  (t) => [index('redirect_sessions_created_idx').on(t.createdDate)],
);
