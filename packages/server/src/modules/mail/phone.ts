import { type AppContext, perServer } from '../../platform/context.ts';
import { keepDevMessage } from './mailer.ts';

/** What a message is and its machine-readable parts (a code); only the dev sender keeps them. */
export interface PhoneMessageMeta {
  /** Kind of message, e.g. `sign-in-code`, `phone-enrolment-code`. */
  tag?: string;
  data?: Record<string, string>;
}

/**
 * Where text messages and voice calls go (SMS and CALL second factors).
 *
 * Adding a real provider (Twilio, Vonage, MessageBird, an in-house gateway…): implement this interface and
 * install it once at start-up, before the server takes requests:
 *
 * ```ts
 * import { type PhoneSender, setPhoneSender } from './modules/mail/phone.ts';
 *
 * class GatewaySender implements PhoneSender {
 *   readonly kind = 'gateway';
 *   async sendSms(to: string, text: string) {
 *     const res = await fetch('https://sms.example/v1/messages', {
 *       method: 'POST',
 *       headers: { authorization: `Bearer ${process.env.SMS_TOKEN}`, 'content-type': 'application/json' },
 *       body: JSON.stringify({ to, text }),
 *     });
 *     if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
 *   }
 *   async call(to: string, spokenText: string) {
 *     // A text-to-speech call reading `spokenText` (it spells the code digit by digit, twice).
 *   }
 * }
 * setPhoneSender(server.ctx, new GatewaySender());
 * ```
 *
 * Rules for implementations:
 * - `to` is always E.164 (`+` and 7–15 digits), checked before it gets here.
 * - Throw when the provider refuses the message: the caller logs it (without the text) and the member can ask
 *   for a new code; the request itself does not fail.
 * - Never log `text` / `spokenText`: they carry sign-in codes.
 * - `meta` is for the dev sender; a provider may use `meta.tag` for reporting, nothing else.
 *
 * Without an installed sender the {@link DevPhoneSender} keeps every message in the dev mailbox.
 */
export interface PhoneSender {
  /** `dev-mailbox`, or the provider's name. */
  readonly kind: string;
  /** A text message to `to`. */
  sendSms(to: string, text: string, meta?: PhoneMessageMeta): Promise<void>;
  /** A voice call to `to` that reads `spokenText` aloud. */
  call(to: string, spokenText: string, meta?: PhoneMessageMeta): Promise<void>;
}

/**
 * Keeps text messages and calls in the dev mailbox (`GET /v1/dev-mailbox/messages?to=<phone>`, the
 * `/dev-mailbox` page) with `channel` SMS or CALL, `to` the phone number and the code in `data.code`.
 */
export class DevPhoneSender implements PhoneSender {
  readonly kind = 'dev-mailbox';

  constructor(private readonly ctx: AppContext) {}

  async sendSms(to: string, text: string, meta: PhoneMessageMeta = {}): Promise<void> {
    await this.keep('SMS', to, text, meta);
  }

  async call(to: string, spokenText: string, meta: PhoneMessageMeta = {}): Promise<void> {
    await this.keep('CALL', to, spokenText, meta);
  }

  private async keep(channel: 'SMS' | 'CALL', to: string, text: string, meta: PhoneMessageMeta) {
    await keepDevMessage(this.ctx, {
      channel,
      to,
      subject: `${channel === 'SMS' ? 'Text message' : 'Voice call'} to ${to}`,
      text,
      tag: meta.tag,
      data: { ...meta.data, channel, phone: to },
    });
    this.ctx.log.info(
      { tag: meta.tag, channel },
      'phone message kept in the dev mailbox (no phone provider)',
    );
  }
}

const senders = perServer<PhoneSender>((ctx) => new DevPhoneSender(ctx));

/** This server's phone sender: the one installed with `setPhoneSender`, otherwise the dev mailbox. */
export function phoneSenderFor(ctx: AppContext): PhoneSender {
  return senders.get(ctx);
}

/** Install a real provider (or a test double) for this server. */
export function setPhoneSender(ctx: AppContext, sender: PhoneSender): void {
  senders.set(ctx, sender);
}
