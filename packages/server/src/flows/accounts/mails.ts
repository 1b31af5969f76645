import type { AppContext } from '../../platform/context.ts';
import { type MailMessage, mailerFor } from '../../modules/mail/mailer.ts';
import { renderMail } from '../../modules/mail/templates.ts';

function storeName(ctx: AppContext): string {
  return new URL(ctx.config.publicUrl).host;
}

export function codeMail(
  ctx: AppContext,
  to: string,
  code: string,
  purpose: 'verify' | 'sign-in',
): MailMessage {
  const title = purpose === 'verify' ? 'Confirm your e-mail address' : 'Your sign-in code';
  const body = renderMail({
    title,
    paragraphs: [
      purpose === 'verify'
        ? `Enter this code to confirm your e-mail address at ${storeName(ctx)}:`
        : `Enter this code to finish signing in at ${storeName(ctx)}:`,
    ],
    code,
    footer: 'The code expires in 30 minutes. If you did not ask for it, ignore this mail.',
  });
  return {
    to,
    subject: `${title} · ${storeName(ctx)}`,
    ...body,
    tag: purpose === 'verify' ? 'verification-code' : 'sign-in-code',
    data: { code },
  };
}

export function linkMail(
  ctx: AppContext,
  to: string,
  link: string,
  purpose: 'recovery' | 'activation',
): MailMessage {
  const recovery = purpose === 'recovery';
  const title = recovery ? 'Reset your password' : 'Activate your account';
  const body = renderMail({
    title,
    paragraphs: [
      recovery
        ? `Someone asked to reset the password of your account at ${storeName(ctx)}. Choose a new one here:`
        : `An account was created for you at ${storeName(ctx)}. Choose a password to activate it:`,
    ],
    button: { label: recovery ? 'Choose a new password' : 'Activate my account', url: link },
    footer: recovery
      ? 'The link works once and expires in an hour. If you did not ask for it, ignore this mail.'
      : 'The link works once and expires in seven days.',
  });
  return {
    to,
    subject: `${title} · ${storeName(ctx)}`,
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
