import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, invalid } from '../../platform/errors.ts';
import { type CaptchaVariant, requireCaptcha } from './captcha.ts';
import { emailKey, isValidEmail, requireEmail } from './emails.ts';
import { activeFactorChoices, type FactorChoice } from './factors.ts';
import { maskEmail } from './phones.ts';
import {
  findMember,
  findMemberByEmail,
  getPolicies,
  insertMember,
  type Member,
  type Policies,
  requireMember,
  touchLogin,
  updateMember,
} from './members.ts';
import {
  type AuthenticationResponseJSON,
  checkAssertion,
  finishPasskeySignIn,
  newChallenge,
} from './passkeys.ts';
import { checkPassword, hashPassword, verifyPassword } from './passwords.ts';
import type { RegisterRequest, SignOnRequest } from './schemas.ts';
import type { SecondFactorType } from './tables.ts';
import {
  assertNotThrottled,
  clearFailures,
  failureCounts,
  recordFailure,
  sendThrottled,
  spendProbe,
  throttleKeys,
} from './throttle.ts';
import {
  type Binding,
  checkCode,
  codeMatches,
  consumeToken,
  createToken,
  findToken,
  type IdentityToken,
  isRememberedDevice,
  newCode,
  RESEND_PAUSE_SECONDS,
  renewCode,
  resendWait,
  spendMemberTokens,
  switchToCodeless,
} from './tokens.ts';
import { verifyTotp } from './totp.ts';

export const INVALID_PASSWORD = '-19976';
export const RESET_PASSWORD = '-19973';

/**
 * Where a sign-in stands (SPEC §4). A code to send travels with the outcome (`code`, and `phone` for SMS and
 * CALL); the caller sends it and never answers with it.
 */
export type SignInOutcome =
  | {
      state: 'SUCCESS';
      member: Member;
      sessionToken: string;
      /** Set when a second factor was passed with `rememberThisDevice`: skips the factor for 30 days. */
      deviceToken?: string;
    }
  | { state: 'REQUIRE_EMAIL_VERIFICATION'; member: Member; stateToken: string; code?: string }
  | { state: 'REQUIRE_OWNER_APPROVAL'; member: Member }
  | {
      state: 'STATUS_CHECK';
      member: Member;
      stateToken?: string;
      /** The factor the step asks for now. */
      factorType?: SecondFactorType;
      /** Every active factor of the member, the current one included (the page may offer a switch). */
      factors?: FactorChoice[];
      code?: string;
      phone?: string;
    };

export interface NextStepOptions {
  /** Past a second factor already (its verify call), or a flow that never asks for one. */
  skipFactors?: boolean;
  /** A remembered device's token (cookie): a valid one for this member skips the second factor. */
  deviceToken?: string | undefined;
}

/** A code for the factor when it is one that is sent (EMAIL, SMS, CALL), and where it goes. */
function codeFor(choice: FactorChoice): { code?: string; phone?: string } {
  if (choice.factorType === 'TOTP') return {};
  // A passkey signs a challenge, kept as the step's code (it is no secret: the answer carries it).
  if (choice.factorType === 'WEBAUTHN') return { code: newChallenge() };
  return { code: newCode(), ...(choice.phone ? { phone: choice.phone } : {}) };
}

/** What stands between a member whose password (or mailed link) checked out and a session. */
export async function nextStep(
  ctx: AppContext,
  member: Member,
  binding: Binding,
  options: NextStepOptions = {},
): Promise<SignInOutcome> {
  if (member.status === 'BLOCKED') throw new AppError(403, 'MEMBER_BLOCKED', 'This account is blocked');
  if (member.status === 'DELETED') throw new AppError(404, 'MEMBER_NOT_FOUND', 'No such member');
  const policies = await getPolicies(ctx.db);
  if (policies.requireEmailVerification && !member.emailVerified) {
    const code = newCode();
    const stateToken = await createToken(ctx, ctx.db, 'state', member.id, {
      ...binding,
      factorType: 'EMAIL',
      code,
    });
    return { state: 'REQUIRE_EMAIL_VERIFICATION', member, stateToken, code };
  }
  if (member.status === 'PENDING') return { state: 'REQUIRE_OWNER_APPROVAL', member };
  if (member.status === 'OFFLINE') return { state: 'STATUS_CHECK', member };
  if (!options.skipFactors) {
    const factors = await activeFactorChoices(ctx, member);
    const first = factors[0];
    if (first && !(await isRememberedDevice(ctx, member.id, options.deviceToken))) {
      const send = codeFor(first);
      const stateToken = await createToken(ctx, ctx.db, 'state', member.id, {
        ...binding,
        factorType: first.factorType,
        ...(send.code ? { code: send.code } : {}),
      });
      return { state: 'STATUS_CHECK', member, stateToken, factorType: first.factorType, factors, ...send };
    }
  }
  await touchLogin(ctx, member.id);
  const sessionToken = await createToken(ctx, ctx.db, 'session', member.id, binding);
  return { state: 'SUCCESS', member, sessionToken };
}

/** The captcha a request must carry under the store policy and the recent failures, if any. */
export function captchaFor(
  policies: Policies,
  failures: { account: number; ip: number },
): CaptchaVariant | null {
  switch (policies.captcha) {
    case 'OFF':
      return null;
    case 'INVISIBLE':
    case 'VISIBLE':
      return policies.captcha;
    default:
      if (failures.account >= 4 || failures.ip >= 20) return 'VISIBLE';
      if (failures.account >= 2 || failures.ip >= 10) return 'INVISIBLE';
      return null;
  }
}

export async function register(
  ctx: AppContext,
  input: RegisterRequest,
  binding: Binding,
  ip: string,
): Promise<SignInOutcome> {
  const email = requireEmail(input.loginId?.email);
  const password = checkPassword(input.password);
  const policies = await getPolicies(ctx.db);
  const counts = await failureCounts(ctx, throttleKeys(emailKey(email), ip));
  const variant = captchaFor(policies, { account: 0, ip: counts.ip });
  if (variant) await requireCaptcha(ctx, variant, input.captchaTokens);
  const passwordHash = await hashPassword(password, ctx.config.passwordHashCost);
  const member = await ctx.events.transaction((tx) =>
    insertMember(ctx, tx, {
      email,
      passwordHash,
      profile: input.profile,
      emailVerified: false,
      status: policies.requireOwnerApproval ? 'PENDING' : 'ACTIVE',
      statusReasons: policies.requireOwnerApproval ? ['PENDING_OWNER_APPROVAL'] : [],
    }),
  );
  return nextStep(ctx, member, binding);
}

const loginFailure = (code: string, description: string) => new AppError(400, code, description);

/**
 * Password sign-in. Unknown address and wrong password answer alike (-19976) and take the same time; a member
 * without a password is told to reset it (-19973). Failures count towards the per-account and per-address limits.
 */
export async function login(
  ctx: AppContext,
  input: { loginId?: unknown; password?: unknown; captchaTokens?: unknown },
  binding: Binding,
  ip: string,
  options: { deviceToken?: string | undefined } = {},
): Promise<SignInOutcome> {
  const raw = (input.loginId as { email?: unknown } | undefined)?.email;
  if (typeof raw !== 'string' || !isValidEmail(raw.trim()))
    throw loginFailure('INVALID_LOGIN_ID', 'loginId.email is not a valid e-mail address');
  const password = typeof input.password === 'string' ? input.password : '';
  const keys = throttleKeys(emailKey(raw), ip);
  const counts = await assertNotThrottled(ctx, keys);
  const variant = captchaFor(await getPolicies(ctx.db), counts);
  if (variant) await requireCaptcha(ctx, variant, input.captchaTokens);
  const member = await findMemberByEmail(ctx.db, raw);
  const known = member && member.status !== 'DELETED' ? member : undefined;
  const ok =
    password.length > 0 &&
    password.length <= 1000 &&
    (await verifyPassword(known?.passwordHash, password, ctx.config.passwordHashCost));
  if (!ok || !known) {
    await recordFailure(ctx, keys);
    if (known && !known.passwordHash)
      throw loginFailure(RESET_PASSWORD, 'This account has no password yet; reset it to sign in');
    throw loginFailure(INVALID_PASSWORD, 'Wrong e-mail address or password');
  }
  await clearFailures(ctx, keys);
  return nextStep(ctx, known, binding, { deviceToken: options.deviceToken });
}

export interface StepOptions {
  /** The member the caller is signed in as, if any: a pending step of another member is refused. */
  callerMemberId?: string | undefined;
}

/** A live state token, refused when the caller is signed in as someone else. */
async function pendingStep(ctx: AppContext, stateToken: string | undefined, options: StepOptions) {
  const row = await findToken(ctx, 'state', stateToken);
  if (!row) throw badRequest('VERIFICATION_FAILED', 'The state token is unknown, used or expired');
  if (options.callerMemberId && options.callerMemberId !== row.memberId)
    throw badRequest('VERIFICATION_FAILED', 'This sign-in step belongs to another member');
  return row;
}

/** An e-mail verification step (as opposed to EMAIL as a second factor). */
const verifiesEmail = (row: IdentityToken, member: Member) =>
  row.factorType === 'EMAIL' && !member.emailVerified;

/** A pending step's options, and whether a passed second factor should remember the device. */
type VerifyOptions = StepOptions & { rememberThisDevice?: boolean | undefined };

/** A second factor passed: the next step, with a device token when signed in and `remember` was asked for. */
async function factorPassed(
  ctx: AppContext,
  member: Member,
  binding: Binding,
  remember: boolean | undefined,
): Promise<SignInOutcome> {
  const outcome = await nextStep(ctx, member, binding, { skipFactors: true });
  if (outcome.state === 'SUCCESS' && remember)
    outcome.deviceToken = await createToken(ctx, ctx.db, 'device', member.id);
  return outcome;
}

/**
 * Finish a pending step with a code: e-mail verification, or a second factor (EMAIL, TOTP, SMS, CALL). A
 * second factor passed with `rememberThisDevice` comes back with a device token (30 days without the factor).
 */
export async function verifyStep(
  ctx: AppContext,
  stateToken: string | undefined,
  code: string | undefined,
  factorType?: string,
  options: VerifyOptions = {},
): Promise<SignInOutcome> {
  const row = await pendingStep(ctx, stateToken, options);
  if (factorType && row.factorType !== factorType.toUpperCase())
    throw badRequest('VERIFICATION_FAILED', `This step expects a ${row.factorType} code`);
  if (!code) throw invalid('code', 'is required', 'REQUIRED_FIELD');
  const member = await requireMember(ctx.db, row.memberId);
  const result = await checkCode(ctx, row, () =>
    row.factorType === 'TOTP' ? verifyTotp(ctx, row.memberId, code) : codeMatches(row, code),
  );
  if (result === 'exhausted')
    throw badRequest('VERIFICATION_FAILED', 'Too many wrong codes; start the sign-in again');
  if (result === 'wrong') throw badRequest('VERIFICATION_FAILED', 'The code is not correct');
  const binding = { visitorId: row.visitorId ?? undefined, clientId: row.clientId ?? undefined };
  if (verifiesEmail(row, member)) {
    const verified = await updateMember(ctx, member.id, { emailVerified: true });
    return nextStep(ctx, verified, binding);
  }
  return factorPassed(ctx, member, binding, options.rememberThisDevice);
}

/**
 * Finish a pending WEBAUTHN step with the browser's assertion (a passkey of this member signing the step's
 * challenge). Wrong answers count like wrong codes.
 */
export async function verifyPasskeyStep(
  ctx: AppContext,
  stateToken: string | undefined,
  response: AuthenticationResponseJSON,
  options: VerifyOptions = {},
): Promise<SignInOutcome> {
  const row = await pendingStep(ctx, stateToken, options);
  if (row.factorType !== 'WEBAUTHN')
    throw badRequest('VERIFICATION_FAILED', `This step expects a ${row.factorType} code`);
  const member = await requireMember(ctx.db, row.memberId);
  const result = await checkCode(
    ctx,
    row,
    async () => (await checkAssertion(ctx, response, (c) => codeMatches(row, c), member.id)) !== undefined,
  );
  if (result === 'exhausted')
    throw badRequest('VERIFICATION_FAILED', 'Too many failed attempts; start the sign-in again');
  if (result === 'wrong') throw badRequest('VERIFICATION_FAILED', 'The passkey was not accepted');
  const binding = { visitorId: row.visitorId ?? undefined, clientId: row.clientId ?? undefined };
  return factorPassed(ctx, member, binding, options.rememberThisDevice);
}

/**
 * Passwordless sign-in with a passkey (`/v2/WEBAUTHN/verify` without a state token): a passkey with user
 * verification is two factors in one, so no second factor is asked.
 */
export async function passkeySignIn(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
): Promise<SignInOutcome> {
  const { member, binding } = await finishPasskeySignIn(ctx, response);
  return nextStep(ctx, member, binding, { skipFactors: true });
}

/**
 * A new code for a pending step (`auth/resend`, `{factorType}/send`), or a switch to another of the member's
 * factors: SMS, CALL and EMAIL send a new code (the old one stops working), TOTP sends nothing. Sends are
 * throttled per state token (one per 30 seconds, five in all): `strict` answers 429 then, otherwise the step
 * is answered unchanged without a send.
 */
export async function resendCode(
  ctx: AppContext,
  stateToken: string | undefined,
  factorType?: string,
  options: StepOptions & { strict?: boolean } = {},
): Promise<SignInOutcome> {
  const row = await pendingStep(ctx, stateToken, options);
  const member = await requireMember(ctx.db, row.memberId);
  const token = stateToken!;
  if (verifiesEmail(row, member)) {
    if (factorType && factorType.toUpperCase() !== 'EMAIL')
      throw badRequest('VERIFICATION_FAILED', 'Confirm the e-mail address first');
    const wait = resendWait(ctx, row);
    if (wait > 0 && options.strict) throw sendThrottled(wait);
    const code = wait > 0 ? undefined : await renewCode(ctx, row);
    if (!code && options.strict) throw sendThrottled(RESEND_PAUSE_SECONDS);
    return { state: 'REQUIRE_EMAIL_VERIFICATION', member, stateToken: token, ...(code ? { code } : {}) };
  }
  const factors = await activeFactorChoices(ctx, member);
  const current = (row.factorType ?? '') as SecondFactorType;
  const target = (factorType?.toUpperCase() ?? current) as SecondFactorType;
  // A verified member's own e-mail code (`verification/start`) is not a factor, but may be sent again.
  const ownEmail: FactorChoice | undefined =
    target === 'EMAIL' && current === 'EMAIL'
      ? { factorType: 'EMAIL', hint: maskEmail(member.email) }
      : undefined;
  const choice = factors.find((f) => f.factorType === target) ?? ownEmail;
  if (!choice) throw badRequest('VERIFICATION_FAILED', `${target} is not a second factor of this account`);
  const step = { state: 'STATUS_CHECK' as const, member, stateToken: token, factors };
  if (target === 'WEBAUTHN') {
    const challenge = newChallenge();
    if (!(await switchToCodeless(ctx, row, 'WEBAUTHN', challenge)))
      throw badRequest('VERIFICATION_FAILED', 'The state token is unknown, used or expired');
    return { ...step, factorType: 'WEBAUTHN', code: challenge };
  }
  if (target === 'TOTP') {
    if (current !== 'TOTP' && !(await switchToCodeless(ctx, row, 'TOTP')))
      throw badRequest('VERIFICATION_FAILED', 'The state token is unknown, used or expired');
    return { ...step, factorType: 'TOTP' };
  }
  const wait = resendWait(ctx, row);
  if (wait > 0 && options.strict) throw sendThrottled(wait);
  const code = wait > 0 ? undefined : await renewCode(ctx, row, target === current ? undefined : target);
  if (!code) {
    if (options.strict) throw sendThrottled(RESEND_PAUSE_SECONDS);
    return { ...step, factorType: current };
  }
  return { ...step, factorType: target, code, ...(choice.phone ? { phone: choice.phone } : {}) };
}

/** `verification/start`: mail a code to the member's address; the verification id doubles as a state token. */
export async function startVerification(ctx: AppContext, identityId: string, binding: Binding) {
  const member = await requireMember(ctx.db, identityId);
  const code = newCode();
  const stateToken = await createToken(ctx, ctx.db, 'state', member.id, {
    ...binding,
    factorType: 'EMAIL',
    code,
  });
  return { member, stateToken, code };
}

/** Recovery mail for an address: undefined when there is nobody to mail (the caller answers the same). */
export async function startRecovery(ctx: AppContext, email: string, binding: Binding) {
  if (!isValidEmail(email.trim())) return undefined;
  const member = await findMemberByEmail(ctx.db, email.trim());
  if (!member || member.status === 'DELETED' || member.status === 'BLOCKED') return undefined;
  return { member, token: await createToken(ctx, ctx.db, 'recovery', member.id, binding) };
}

export async function startActivation(ctx: AppContext, identityId: string, binding: Binding) {
  const member = await requireMember(ctx.db, identityId);
  if (member.status === 'BLOCKED') throw new AppError(403, 'MEMBER_BLOCKED', 'This account is blocked');
  return { member, token: await createToken(ctx, ctx.db, 'activation', member.id, binding) };
}

/**
 * Set a new password from a mailed recovery or activation link. Following the link proves the mailbox, so the
 * address counts as verified; pending recoveries of the member are spent.
 */
export async function recover(
  ctx: AppContext,
  recoveryToken: string,
  password: string,
): Promise<SignInOutcome> {
  checkPassword(password);
  const row =
    (await consumeToken(ctx, 'recovery', recoveryToken)) ??
    (await consumeToken(ctx, 'activation', recoveryToken));
  if (!row) throw badRequest('INVALID_RECOVERY_TOKEN', 'The recovery link is unknown, used or expired');
  const member = await requireMember(ctx.db, row.memberId);
  const passwordHash = await hashPassword(password, ctx.config.passwordHashCost);
  const updated = await updateMember(ctx, member.id, {
    passwordHash,
    emailVerified: true,
    ...(member.status === 'OFFLINE' ? { status: 'ACTIVE' as const, statusReasons: [] } : {}),
  });
  await spendMemberTokens(ctx, member.id, ['recovery', 'activation', 'session', 'state', 'device']);
  return nextStep(ctx, updated, {
    visitorId: row.visitorId ?? undefined,
    clientId: row.clientId ?? undefined,
  });
}

export async function changePassword(ctx: AppContext, memberId: string, newPassword: string): Promise<void> {
  checkPassword(newPassword, 'newPassword');
  await requireMember(ctx.db, memberId);
  await updateMember(ctx, memberId, {
    passwordHash: await hashPassword(newPassword, ctx.config.passwordHashCost),
  });
  // Remembered devices are forgotten too: the second factor is asked again everywhere.
  await spendMemberTokens(ctx, memberId, ['recovery', 'activation', 'device']);
}

/** Trusted sign-on by the merchant's server: find or create the member by e-mail, then a session token. */
export async function signOn(ctx: AppContext, input: SignOnRequest, binding: Binding) {
  const email = requireEmail(input.loginId.email);
  let member = await findMemberByEmail(ctx.db, email);
  if (member?.status === 'DELETED') member = undefined;
  if (!member) {
    const created = await ctx.events.transaction((tx) =>
      insertMember(ctx, tx, {
        email,
        passwordHash: null,
        profile: input.profile,
        emailVerified: input.verifyEmail === true,
        status: 'ACTIVE',
      }),
    );
    member = created;
  } else if (input.verifyEmail && !member.emailVerified) {
    member = await updateMember(ctx, member.id, { emailVerified: true });
  }
  if (member.status === 'BLOCKED') throw new AppError(403, 'MEMBER_BLOCKED', 'This account is blocked');
  await touchLogin(ctx, member.id);
  return { member, sessionToken: await createToken(ctx, ctx.db, 'session', member.id, binding) };
}

/** `validate-email`: whether an address may register; limited per client address (it tells who is a member). */
export async function validateEmail(ctx: AppContext, email: string, ip: string) {
  await spendProbe(ctx, 'validate-email', ip, ctx.config.validateEmailPerMinute);
  const trimmed = email.trim();
  if (!isValidEmail(trimmed)) return { valid: false, failure: 'INVALID_FORMAT', formatInvalid: true };
  const member = await findMemberByEmail(ctx.db, trimmed);
  if (member && member.status !== 'DELETED')
    return { valid: false, failure: 'EMAIL_ALREADY_EXISTS', formatInvalid: false };
  return { valid: true, formatInvalid: false };
}

/** Spend a session token (authorize step, trusted login): the member behind it, if still allowed in. */
export async function redeemSessionToken(ctx: AppContext, token: string | undefined) {
  const row = await consumeToken(ctx, 'session', token);
  if (!row) return undefined;
  const member = await findMember(ctx.db, row.memberId);
  if (member?.status !== 'ACTIVE') return undefined;
  return { member, visitorId: row.visitorId ?? undefined, clientId: row.clientId ?? undefined };
}
