import type { ConversionSpec } from '../core/convert.ts';
import { defined } from '../core/entity.ts';
import { applyTransform } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';

export const DEV_MAILBOX_PATH = '/v1/dev-mailbox/messages';

/**
 * A message the dev mailbox kept instead of sending it (no `SMTP_URL` on the server): mail, or a text
 * message or call of the dev phone sender (`channel`, `to` the phone number).
 */
export interface DevMessage {
  id: string;
  channel: 'EMAIL' | 'SMS' | 'CALL';
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  /** What it is: `staff-invite`, `verification-code`, `order-confirmation`, … */
  tag: string | null;
  /** Its machine-readable parts (a link, a code). */
  data: Record<string, string>;
  createdDate: Date;
}

export interface DevMailboxList {
  /** Newest first. */
  messages: DevMessage[];
  /** `DEV_MAILBOX`: new mail lands here; `SMTP`: it goes out, and the box only holds older mail. */
  mailer: 'DEV_MAILBOX' | 'SMTP';
}

const CONVERSION: ConversionSpec = { dates: ['createdDate'] };
const message = (raw: unknown) => applyTransform(raw, CONVERSION) as DevMessage;

/** The dev mailbox (admin, owners only: it holds staff invitations and shoppers' codes). */
export const devMailbox = (http: Http) => ({
  /** The latest messages (1–200, default 50), optionally to one recipient (any case). */
  listMessages: (options: { to?: string; limit?: number } = {}): Promise<DevMailboxList> =>
    http
      .request<{ messages: unknown[]; mailer: DevMailboxList['mailer'] }>({
        method: 'GET',
        path: DEV_MAILBOX_PATH,
        data: defined(options),
      })
      .then((r) => ({ messages: r.messages.map(message), mailer: r.mailer })),
  /** One message; `AisleError` 404 when it is no longer kept. */
  getMessage: (messageId: string): Promise<DevMessage> =>
    http
      .request<{ message: unknown }>({
        method: 'GET',
        path: `${DEV_MAILBOX_PATH}/{id}`,
        data: { id: messageId },
      })
      .then((r) => message(r.message)),
  /** Empties the mailbox. */
  clearMessages: (): Promise<void> =>
    http.request({ method: 'DELETE', path: DEV_MAILBOX_PATH }).then(() => undefined),
});

export type DevMailboxModule = ReturnType<typeof devMailbox>;
