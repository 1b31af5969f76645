import { desc, eq, lt } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { type AppContext, perServer } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { type DevMessageChannel, devMailboxMessages } from './tables.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Kind of mail, e.g. `verification-code`. */
  tag?: string;
  /** Machine-readable parts (link, code); kept only by the dev mailbox. */
  data?: Record<string, string>;
}

/** Where outgoing mail goes. Implementations never log bodies: they carry codes and links. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    // nodemailer is loaded with the first mail, not at start.
    this.transport ??= import('nodemailer').then((m) => m.default.createTransport(this.url));
    const transport = await this.transport;
    await transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  }
}

/** One message as the dev mailbox keeps it (mail, or a text message / call of the dev phone sender). */
export interface DevMessage {
  channel: DevMessageChannel;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  tag?: string | undefined;
  data?: Record<string, string> | undefined;
}

/** How a recipient is looked up: addresses ignoring case, phone numbers ignoring spaces and dashes. */
const recipientKey = (to: string) =>
  /^\+[\d\s().-]+$/.test(to.trim()) ? to.replace(/[\s().-]/g, '') : to.trim().toLowerCase();

const devMessagesKept = new WeakMap<AppContext, number>();
/** Messages the dev mailbox keeps; older ones are pruned every hundred messages. */
export const DEV_MAILBOX_KEEP = 1000;

/** Store a message in the dev mailbox table (shared by the dev mailer and the dev phone sender). */
export async function keepDevMessage(ctx: AppContext, message: DevMessage): Promise<void> {
  await ctx.db.insert(devMailboxMessages).values({
    channel: message.channel,
    to: message.to,
    toKey: recipientKey(message.to),
    from: ctx.config.mailFrom,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    tag: message.tag ?? null,
    data: message.data ?? {},
    createdDate: ctx.clock(),
  });
  const kept = (devMessagesKept.get(ctx) ?? 0) + 1;
  devMessagesKept.set(ctx, kept);
  if (kept % 100 === 0) await pruneDevMessages(ctx);
}

async function pruneDevMessages(ctx: AppContext): Promise<void> {
  const [oldest] = await ctx.db
    .select({ seq: devMailboxMessages.seq })
    .from(devMailboxMessages)
    .orderBy(desc(devMailboxMessages.seq))
    .offset(DEV_MAILBOX_KEEP)
    .limit(1);
  if (oldest) await ctx.db.delete(devMailboxMessages).where(lt(devMailboxMessages.seq, oldest.seq));
}

/** Keeps the last messages in a table, readable through the admin API and the `/dev-mailbox` page. */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox';
  static readonly KEEP = DEV_MAILBOX_KEEP;

  constructor(private readonly ctx: AppContext) {}

  async send(message: MailMessage): Promise<void> {
    await keepDevMessage(this.ctx, { channel: 'EMAIL', ...message });
    this.ctx.log.info({ tag: message.tag }, 'mail kept in the dev mailbox (no SMTP_URL)');
  }
}

const mailers = perServer<Mailer>((ctx) =>
  ctx.config.smtpUrl ? new SmtpMailer(ctx.config.smtpUrl, ctx.config.mailFrom) : new DevMailbox(ctx),
);

/** This server's mailer: SMTP when `SMTP_URL` is set, otherwise the dev mailbox. Tests may replace it. */
export function mailerFor(ctx: AppContext): Mailer {
  return mailers.get(ctx);
}

export function setMailer(ctx: AppContext, mailer: Mailer): void {
  mailers.set(ctx, mailer);
}

type DevMessageRow = typeof devMailboxMessages.$inferSelect;

function messageToWire(r: DevMessageRow) {
  return {
    id: r.id,
    channel: r.channel,
    to: r.to,
    from: r.from,
    subject: r.subject,
    text: r.text,
    html: r.html,
    tag: r.tag,
    data: r.data,
    createdDate: r.createdDate.toISOString(),
  };
}

/** One kept message; 404 when it is not (or no longer) in the mailbox. */
export async function getMessage(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(devMailboxMessages).where(eq(devMailboxMessages.id, id)).limit(1);
  if (!row) throw notFound('DEV_MAILBOX_MESSAGE_NOT_FOUND', `No message ${id} in the dev mailbox`, { id });
  return messageToWire(row);
}

export async function listMessages(
  ctx: AppContext,
  options: { to?: string | undefined; limit?: number | undefined },
) {
  const query = ctx.db.select().from(devMailboxMessages);
  const filtered = options.to ? query.where(eq(devMailboxMessages.toKey, recipientKey(options.to))) : query;
  const rows = await filtered.orderBy(desc(devMailboxMessages.seq)).limit(options.limit ?? 50);
  return rows.map(messageToWire);
}

export async function clearMessages(ctx: AppContext): Promise<void> {
  await ctx.db.delete(devMailboxMessages);
}
