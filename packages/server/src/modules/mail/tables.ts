import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail kept instead of sent when no `SMTP_URL` is configured (development, demos, tests). */
export const devMailboxMessages = pgTable(
  'dev_mailbox_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Arrival order (several mails can share a millisecond). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    to: text('to').notNull(),
    toKey: text('to_key').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What the mail is, e.g. `verification-code`, `password-recovery`. */
    tag: text('tag'),
    /** Machine-readable parts (link, code) so tools and tests need not parse the text. */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.toKey, t.seq)],
);
