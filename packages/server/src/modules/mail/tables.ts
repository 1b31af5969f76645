import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdDate, jsonObject, primaryId } from '../../platform/columns.ts';

/** How a dev-mailbox message would have gone out. */
export type DevMessageChannel = 'EMAIL' | 'SMS' | 'CALL';

/**
 * Mail kept instead of sent when no `SMTP_URL` is configured (development, demos, tests); text messages and
 * voice calls too when no phone provider is installed (`channel` SMS or CALL, `to` the phone number).
 */
export const devMailboxMessages = pgTable(
  'dev_mailbox_messages',
  {
    id: primaryId(),
    /** Arrival order (several mails can share a millisecond). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** EMAIL, or SMS / CALL for the dev phone sender. */
    channel: text('channel').$type<DevMessageChannel>().notNull().default('EMAIL'),
    to: text('to').notNull(),
    toKey: text('to_key').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What the mail is, e.g. `verification-code`, `password-recovery`. */
    tag: text('tag'),
    /** Machine-readable parts (link, code) so tools and tests need not parse the text. */
    data: jsonObject<Record<string, string>>('data'),
    createdDate: createdDate(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.toKey, t.seq)],
);
