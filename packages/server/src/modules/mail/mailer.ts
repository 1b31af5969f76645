import { desc, eq, lt } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../platform/context.ts';
import { devMailboxMessages } from './tables.ts';

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
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  }
}

/** Keeps the last messages in a table, readable through the admin API and the `/dev-mailbox` page. */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox';
  static readonly KEEP = 1000;
  private sent = 0;

  constructor(private readonly ctx: AppContext) {}

  async send(message: MailMessage): Promise<void> {
    await this.ctx.db.insert(devMailboxMessages).values({
      to: message.to,
      toKey: message.to.trim().toLowerCase(),
      from: this.ctx.config.mailFrom,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      tag: message.tag ?? null,
      data: message.data ?? {},
      createdDate: this.ctx.clock(),
    });
    this.ctx.log.info({ tag: message.tag }, 'mail kept in the dev mailbox (no SMTP_URL)');
    if (++this.sent % 100 === 0) await this.prune();
  }

  private async prune(): Promise<void> {
    const [oldest] = await this.ctx.db
      .select({ seq: devMailboxMessages.seq })
      .from(devMailboxMessages)
      .orderBy(desc(devMailboxMessages.seq))
      .offset(DevMailbox.KEEP)
      .limit(1);
    if (oldest) await this.ctx.db.delete(devMailboxMessages).where(lt(devMailboxMessages.seq, oldest.seq));
  }
}

const mailers = new WeakMap<AppContext, Mailer>();

/** This server's mailer: SMTP when `SMTP_URL` is set, otherwise the dev mailbox. Tests may replace it. */
export function mailerFor(ctx: AppContext): Mailer {
  let mailer = mailers.get(ctx);
  if (!mailer) {
    mailer = ctx.config.smtpUrl
      ? new SmtpMailer(ctx.config.smtpUrl, ctx.config.mailFrom)
      : new DevMailbox(ctx);
    mailers.set(ctx, mailer);
  }
  return mailer;
}

export function setMailer(ctx: AppContext, mailer: Mailer): void {
  mailers.set(ctx, mailer);
}

export async function listMessages(
  ctx: AppContext,
  options: { to?: string | undefined; limit?: number | undefined },
) {
  const query = ctx.db.select().from(devMailboxMessages);
  const filtered = options.to
    ? query.where(eq(devMailboxMessages.toKey, options.to.trim().toLowerCase()))
    : query;
  const rows = await filtered.orderBy(desc(devMailboxMessages.seq)).limit(options.limit ?? 50);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    from: r.from,
    subject: r.subject,
    text: r.text,
    html: r.html,
    tag: r.tag,
    data: r.data,
    createdDate: r.createdDate.toISOString(),
  }));
}

export async function clearMessages(ctx: AppContext): Promise<void> {
  await ctx.db.delete(devMailboxMessages);
}
