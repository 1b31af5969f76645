import type { AppContext } from '../../platform/context.ts';
import { type MailMessage, mailerFor } from '../../modules/mail/mailer.ts';
import { phoneSenderFor } from '../../modules/mail/phone.ts';
import { renderMail } from '../../modules/mail/templates.ts';
import { storeDisplayName } from '../../modules/settings/store.ts';

export async function codeMail(
  ctx: AppContext,
  to: string,
  code: string,
  purpose: 'verify' | 'sign-in',
): Promise<MailMessage> {
  const store = await storeDisplayName(ctx);
  const title = purpose === 'verify' ? 'Confirm your e-mail address' : 'Your sign-in code';
  const body = renderMail({
    title,
    paragraphs: [
      purpose === 'verify'
        ? `Enter this code to confirm your e-mail address at ${store}:`
        : `Enter this code to finish signing in at ${store}:`,
    ],
    code,
    footer: 'The code expires in 30 minutes. If you did not ask for it, ignore this mail.',
  });
  return {
    to,
    subject: `${title} · ${store}`,
    ...body,
    tag: purpose === 'verify' ? 'verification-code' : 'sign-in-code',
    data: { code },
  };
}

export async function linkMail(
  ctx: AppContext,
  to: string,
  link: string,
  purpose: 'recovery' | 'activation',
): Promise<MailMessage> {
  const store = await storeDisplayName(ctx);
  const recovery = purpose === 'recovery';
  const title = recovery ? 'Reset your password' : 'Activate your account';
  const body = renderMail({
    title,
    paragraphs: [
      recovery
        ? `Someone asked to reset the password of your account at ${store}. Choose a new one here:`
        : `An account was created for you at ${store}. Choose a password to activate it:`,
    ],
    button: { label: recovery ? 'Choose a new password' : 'Activate my account', url: link },
    footer: recovery
      ? 'The link works once and expires in an hour. If you did not ask for it, ignore this mail.'
      : 'The link works once and expires in seven days.',
  });
  return {
    to,
    subject: `${title} · ${store}`,
    ...body,
    tag: recovery ? 'password-recovery' : 'account-activation',
    data: { link },
  };
}

/** Send without failing the request: a lost mail can be asked for again, a 500 helps nobody. */
export async function sendMail(ctx: AppContext, message: MailMessage): Promise<void> {
  try {
    await mailerFor(ctx).send(message);
  } catch (error) {
    ctx.log.error(
      { err: error instanceof Error ? error.message : String(error), tag: message.tag },
      'mail not sent',
    );
  }
}

export type PhoneChannel = 'SMS' | 'CALL';
export type PhoneCodePurpose = 'sign-in' | 'enrolment';

/** The text of a code by SMS, or what a voice call reads (each digit, twice). */
export async function phoneCodeText(
  ctx: AppContext,
  channel: PhoneChannel,
  code: string,
  purpose: PhoneCodePurpose,
) {
  const store = await storeDisplayName(ctx);
  const what = purpose === 'sign-in' ? 'sign-in code' : 'code to confirm this phone number';
  if (channel === 'SMS')
    return `${code} is your ${what} for ${store}. It expires in ${purpose === 'sign-in' ? 30 : 15} minutes. Do not share it.`;
  const spoken = code.split('').join(', ');
  return `Hello. Your ${what} for ${store} is: ${spoken}. Again, your code is: ${spoken}. Goodbye.`;
}

/** Text or call a code without failing the request (like mail: the member can ask for a new one). */
export async function sendPhoneCode(
  ctx: AppContext,
  channel: PhoneChannel,
  phone: string,
  code: string,
  purpose: PhoneCodePurpose,
): Promise<void> {
  const sender = phoneSenderFor(ctx);
  const text = await phoneCodeText(ctx, channel, code, purpose);
  const meta = { tag: purpose === 'sign-in' ? 'sign-in-code' : 'phone-enrolment-code', data: { code } };
  try {
    if (channel === 'SMS') await sender.sendSms(phone, text, meta);
    else await sender.call(phone, text, meta);
  } catch (error) {
    ctx.log.error(
      { err: error instanceof Error ? error.message : String(error), tag: meta.tag, channel },
      'phone code not sent',
    );
  }
}
