import type { AppContext } from '../../platform/context.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { identityOf, type Identity } from '../../modules/identity/members.ts';
import type {
  ActivationEmailRequest,
  FactorVerifyRequest,
  SendRecoveryEmailRequest,
} from '../../modules/identity/schemas.ts';
import {
  resendCode,
  type SignInOutcome,
  startActivation,
  startRecovery,
  startVerification,
  verifyStep,
} from '../../modules/identity/service.ts';
import type { Binding } from '../../modules/identity/tokens.ts';
import { allowsReturnUrl, findClient } from '../../modules/oauth/clients.ts';
import { codeMail, linkMail, sendMail } from './mails.ts';

/** Wire StateMachine response (oauth-and-identity §3). */
export interface StateMachine {
  state: SignInOutcome['state'];
  sessionToken?: string;
  stateToken?: string;
  identity: Identity;
  additionalData: Record<string, unknown>;
  mfaChallengeData?: {
    factorType: string;
    verificationChallengeData: { hint: string };
    availableFactors: Array<{ factorType: string }>;
  };
}

function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}${'*'.repeat(Math.max(1, name.length - 1))}@${domain}`;
}

/** Mail what the outcome carries (a code), then answer in the wire shape; codes never reach the response. */
export async function answer(ctx: AppContext, outcome: SignInOutcome): Promise<StateMachine> {
  if ('code' in outcome && outcome.code) {
    const purpose = outcome.state === 'REQUIRE_EMAIL_VERIFICATION' ? 'verify' : 'sign-in';
    await sendMail(ctx, codeMail(ctx, outcome.member.email, outcome.code, purpose));
  }
  const out: StateMachine = {
    state: outcome.state,
    identity: await identityOf(ctx.db, outcome.member),
    additionalData: {},
  };
  if (outcome.state === 'SUCCESS') out.sessionToken = outcome.sessionToken;
  if ('stateToken' in outcome && outcome.stateToken) out.stateToken = outcome.stateToken;
  if (outcome.state === 'STATUS_CHECK' && outcome.factorType) {
    out.mfaChallengeData = {
      factorType: outcome.factorType,
      verificationChallengeData: {
        hint: outcome.factorType === 'EMAIL' ? maskEmail(outcome.member.email) : '',
      },
      availableFactors: [{ factorType: outcome.factorType }],
    };
  }
  return out;
}

/**
 * Where a mailed link may point: a URL the client registered (exact redirect URI or one of its origins), or the
 * store itself; without a redirect, the storefront's own page.
 */
async function linkTarget(
  ctx: AppContext,
  redirect: { url?: string | undefined; clientId?: string | undefined } | undefined,
  field: string,
  fallbackPath: string,
): Promise<string> {
  if (!redirect?.url) return `${ctx.config.publicUrl}${fallbackPath}`;
  const client = redirect.clientId ? await findClient(ctx.db, redirect.clientId) : undefined;
  if (redirect.clientId && !client)
    throw invalid(`${field}.clientId`, 'is not a registered client', 'VALIDATION');
  if (!allowsReturnUrl(ctx, client, redirect.url))
    throw invalid(`${field}.url`, 'is not a URL registered for this client', 'VALIDATION');
  return redirect.url;
}

function withParam(url: string, name: string, value: string): string {
  const target = new URL(url);
  target.searchParams.set(name, value);
  return target.toString();
}

/** `recovery/send-email`: answers `{}` whether or not the address belongs to a member. */
export async function sendRecoveryEmail(ctx: AppContext, input: SendRecoveryEmailRequest, binding: Binding) {
  const target = await linkTarget(ctx, input.redirect, 'redirect', '/reset-password');
  const started = await startRecovery(ctx, input.email, {
    ...binding,
    clientId: input.redirect?.clientId ?? binding.clientId,
  });
  if (started) {
    const link = withParam(target, 'recoveryToken', started.token);
    await sendMail(ctx, linkMail(ctx, started.member.email, link, 'recovery'));
  }
  return {};
}

export async function sendActivationEmail(ctx: AppContext, input: ActivationEmailRequest) {
  const redirect = input.emailOptions?.redirect;
  const target = await linkTarget(ctx, redirect, 'emailOptions.redirect', '/reset-password');
  const started = await startActivation(ctx, input.identityId, { clientId: redirect?.clientId });
  const link = withParam(target, 'recoveryToken', started.token);
  await sendMail(ctx, linkMail(ctx, started.member.email, link, 'activation'));
  return {};
}

export async function startEmailVerification(ctx: AppContext, identityId: string, binding: Binding) {
  const started = await startVerification(ctx, identityId, binding);
  await sendMail(ctx, codeMail(ctx, started.member.email, started.code, 'verify'));
  return { verificationId: started.stateToken };
}

export async function resend(ctx: AppContext, stateToken: string) {
  const { outcome, code } = await resendCode(ctx, stateToken);
  if (code) {
    const purpose = outcome.state === 'REQUIRE_EMAIL_VERIFICATION' ? 'verify' : 'sign-in';
    await sendMail(ctx, codeMail(ctx, outcome.member.email, code, purpose));
  }
  return answer(ctx, outcome);
}

const FACTOR_DATA = {
  EMAIL: 'emailData',
  TOTP: 'totpData',
  SMS: 'smsData',
  CALL: 'callData',
} as const;

/** `POST /v2/{factorType}/verify` (older clients): the code of the pending step. */
export async function verifyFactor(ctx: AppContext, factorType: string, input: FactorVerifyRequest) {
  const type = factorType.toUpperCase();
  if (type !== 'EMAIL' && type !== 'TOTP')
    throw new AppError(400, 'UNIMPLEMENTED_FEATURE', `${type} codes are not offered by this store`);
  const code = input[FACTOR_DATA[type]]?.code;
  return answer(ctx, await verifyStep(ctx, input.stateToken, code, type));
}
