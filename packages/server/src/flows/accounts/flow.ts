import type { AppContext } from '../../platform/context.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { identityOf, type Identity } from '../../modules/identity/members.ts';
import type {
  ActivationEmailRequest,
  FactorVerifyRequest,
  SendRecoveryEmailRequest,
} from '../../modules/identity/schemas.ts';
import { maskEmail } from '../../modules/identity/phones.ts';
import { type AuthenticationResponseJSON, assertionOptions } from '../../modules/identity/passkeys.ts';
import {
  passkeySignIn,
  resendCode,
  type SignInOutcome,
  type StepOptions,
  startActivation,
  startRecovery,
  startVerification,
  verifyPasskeyStep,
  verifyStep,
} from '../../modules/identity/service.ts';
import type { Binding } from '../../modules/identity/tokens.ts';
import { findClient, returnUrl } from '../../modules/oauth/clients.ts';
import { codeMail, linkMail, sendMail, sendPhoneCode } from './mails.ts';

/** Wire StateMachine response (oauth-and-identity §3). */
export interface StateMachine {
  state: SignInOutcome['state'];
  sessionToken?: string;
  stateToken?: string;
  identity: Identity;
  additionalData: Record<string, unknown>;
  mfaChallengeData?: {
    factorType: string;
    /** `webAuthnOptions` (Aisle): for a WEBAUTHN step, the options for `navigator.credentials.get`. */
    verificationChallengeData: { hint: string; webAuthnOptions?: unknown };
    /** Every factor the step can switch to (`{factorType}/send`); `hint` is an Aisle addition. */
    availableFactors: Array<{ factorType: string; hint?: string }>;
  };
}

/** Send the code an outcome carries, by the channel of its step. */
async function sendCode(ctx: AppContext, outcome: SignInOutcome): Promise<void> {
  if (!('code' in outcome) || !outcome.code) return;
  if (outcome.state === 'REQUIRE_EMAIL_VERIFICATION') {
    await sendMail(ctx, await codeMail(ctx, outcome.member.email, outcome.code, 'verify'));
    return;
  }
  if (outcome.state !== 'STATUS_CHECK') return;
  if ((outcome.factorType === 'SMS' || outcome.factorType === 'CALL') && outcome.phone)
    await sendPhoneCode(ctx, outcome.factorType, outcome.phone, outcome.code, 'sign-in');
  else if (outcome.factorType === 'EMAIL')
    await sendMail(ctx, await codeMail(ctx, outcome.member.email, outcome.code, 'sign-in'));
}

/** Send what the outcome carries (a code), then answer in the wire shape; codes never reach the response. */
export async function answer(ctx: AppContext, outcome: SignInOutcome): Promise<StateMachine> {
  await sendCode(ctx, outcome);
  const out: StateMachine = {
    state: outcome.state,
    identity: await identityOf(ctx.db, outcome.member),
    additionalData: {},
  };
  if (outcome.state === 'SUCCESS') out.sessionToken = outcome.sessionToken;
  if ('stateToken' in outcome && outcome.stateToken) out.stateToken = outcome.stateToken;
  if (outcome.state === 'STATUS_CHECK' && outcome.factorType) {
    const factors = outcome.factors ?? [];
    const current = factors.find((f) => f.factorType === outcome.factorType);
    out.mfaChallengeData = {
      factorType: outcome.factorType,
      verificationChallengeData: {
        hint: current?.hint ?? (outcome.factorType === 'EMAIL' ? maskEmail(outcome.member.email) : ''),
        ...(outcome.factorType === 'WEBAUTHN' && outcome.code
          ? { webAuthnOptions: await assertionOptions(ctx, outcome.code, outcome.member.id) }
          : {}),
      },
      availableFactors: (factors.length > 0 ? factors : [{ factorType: outcome.factorType, hint: '' }]).map(
        (f) => ({ factorType: f.factorType, ...(f.hint ? { hint: f.hint } : {}) }),
      ),
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
  const target = returnUrl(ctx, client, redirect.url);
  if (!target) throw invalid(`${field}.url`, 'is not a URL registered for this client', 'VALIDATION');
  return target;
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
    await sendMail(ctx, await linkMail(ctx, started.member.email, link, 'recovery'));
  }
  return {};
}

export async function sendActivationEmail(ctx: AppContext, input: ActivationEmailRequest) {
  const redirect = input.emailOptions?.redirect;
  const target = await linkTarget(ctx, redirect, 'emailOptions.redirect', '/reset-password');
  const started = await startActivation(ctx, input.identityId, { clientId: redirect?.clientId });
  const link = withParam(target, 'recoveryToken', started.token);
  await sendMail(ctx, await linkMail(ctx, started.member.email, link, 'activation'));
  return {};
}

export async function startEmailVerification(ctx: AppContext, identityId: string, binding: Binding) {
  const started = await startVerification(ctx, identityId, binding);
  await sendMail(ctx, await codeMail(ctx, started.member.email, started.code, 'verify'));
  return { verificationId: started.stateToken };
}

/** `auth/resend`: a new code for the pending step (answered unchanged, without a send, while throttled). */
export async function resend(ctx: AppContext, stateToken: string, options: StepOptions = {}) {
  return answer(ctx, await resendCode(ctx, stateToken, undefined, options));
}

const FACTOR_DATA = {
  EMAIL: 'emailData',
  TOTP: 'totpData',
  SMS: 'smsData',
  CALL: 'callData',
} as const;

type CodeFactor = keyof typeof FACTOR_DATA;

/** PUSH approvals need the store's own mobile app, which Aisle does not have. */
const pushUnavailable = () =>
  new AppError(
    400,
    'UNIMPLEMENTED_FEATURE',
    'PUSH approvals need a mobile app, which this store does not have; use a passkey, an authenticator app or a code instead',
  );

function codeFactor(factorType: string): CodeFactor {
  const type = factorType.toUpperCase();
  if (type in FACTOR_DATA) return type as CodeFactor;
  if (type === 'PUSH') throw pushUnavailable();
  throw new AppError(400, 'UNIMPLEMENTED_FEATURE', `${type} codes are not offered by this store`);
}

/**
 * `POST /v2/{factorType}/verify`: the code of the pending step. The answer's `deviceToken` (not part of the
 * wire body) is set when `rememberThisDevice` was asked for and the step is complete.
 */
export async function verifyFactor(
  ctx: AppContext,
  factorType: string,
  input: FactorVerifyRequest,
  options: StepOptions = {},
): Promise<{ body: StateMachine; deviceToken?: string }> {
  if (factorType.toUpperCase() === 'WEBAUTHN') {
    const response = input.webauthnData?.response;
    if (!response) throw invalid('webauthnData.response', 'is required', 'REQUIRED_FIELD');
    const outcome = input.stateToken
      ? await verifyPasskeyStep(ctx, input.stateToken, response as AuthenticationResponseJSON, {
          ...options,
          rememberThisDevice: input.rememberThisDevice,
        })
      : await passkeySignIn(ctx, response as AuthenticationResponseJSON);
    const body = await answer(ctx, outcome);
    return outcome.state === 'SUCCESS' && outcome.deviceToken
      ? { body, deviceToken: outcome.deviceToken }
      : { body };
  }
  const type = codeFactor(factorType);
  const code = input[FACTOR_DATA[type]]?.code;
  const outcome = await verifyStep(ctx, input.stateToken, code, type, {
    ...options,
    rememberThisDevice: input.rememberThisDevice,
  });
  const body = await answer(ctx, outcome);
  return outcome.state === 'SUCCESS' && outcome.deviceToken
    ? { body, deviceToken: outcome.deviceToken }
    : { body };
}

/**
 * `POST /v2/{factorType}/send` (Aisle): a new code by this factor for the pending step, switching to it when
 * the step asked for another (TOTP switches without a send). 429 with `Retry-After` while throttled.
 */
export async function sendFactorCode(
  ctx: AppContext,
  factorType: string,
  stateToken: string,
  options: StepOptions = {},
): Promise<StateMachine> {
  const type = factorType.toUpperCase() === 'WEBAUTHN' ? 'WEBAUTHN' : codeFactor(factorType);
  return answer(ctx, await resendCode(ctx, stateToken, type, { ...options, strict: true }));
}
