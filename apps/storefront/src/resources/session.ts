import {
  authentication,
  type FactorType,
  type LoginResult,
  loginResultFromState,
  type MfaChallenge,
  type OAuthData,
  type PasskeyRequestOptions,
  type PasskeyResponse,
  verification,
} from '@aisle/sdk';
import { redirect, redirectDocument } from 'react-router';
import { loginFailureMessage, type ShownError, showError } from '../lib/errors.ts';
import { browserAuth, browserClientWith, type Store, sessionEnded } from '../sdk.ts';
import { memberChanged } from './member.ts';
import { captchaTokens, solveCaptcha } from './captcha.ts';
import { readRedirectSession } from './redirects.ts';

// ---------------------------------------------------------------------------------------------------------
// Where to go after signing in
// ---------------------------------------------------------------------------------------------------------

/** A path on `origin` to return to (never `//host` or another origin); `/account/info` by default. */
export function safeReturnTo(
  value: string | null | undefined,
  origin: string,
  fallback = '/account/info',
): string {
  if (!value) return fallback;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** Where a sign-in started from `url` should land: `returnTo`, the session's post-flow URL, the account. */
export async function returnTargetOf(store: Store, url: URL): Promise<string> {
  const returnTo = url.searchParams.get('returnTo');
  if (returnTo) return safeReturnTo(returnTo, store.origin);
  const session = await readRedirectSession(store, url.searchParams.get('redirectSessionId'));
  // The server checked this URL against the client's registered URLs when it made the session.
  return session?.callbacks?.postFlowUrl ?? '/account/info';
}

/** A redirect for a router action or loader: client-side within the app, a full page load elsewhere. */
export function goTo(target: string): Response {
  const url = new URL(target, window.location.origin);
  return url.origin === window.location.origin
    ? redirect(url.pathname + url.search + url.hash)
    : redirectDocument(url.href);
}

// ---------------------------------------------------------------------------------------------------------
// Sign-in steps
// ---------------------------------------------------------------------------------------------------------

/** A factor the second-factor step can switch to, and what the page may show of it (a masked number). */
export interface FactorOption {
  factorType: FactorType;
  hint: string;
}

/** A second factor waiting for its code: the factor asked for now and the others the step offers. */
export interface SecondFactorStep {
  step: 'second-factor';
  stateToken: string;
  factorType: FactorType;
  hint?: string;
  available: FactorOption[];
  /** WEBAUTHN steps: what the browser's passkey prompt needs. */
  webAuthnOptions?: PasskeyRequestOptions;
  error?: ShownError;
  notice?: string;
}

/** What a sign-in or sign-up form shows next. */
export type AuthStep =
  | { step: 'done'; target: string }
  | { step: 'form'; error?: ShownError }
  /** `at` tells one captcha request from the next (each puzzle answer works once). */
  | { step: 'captcha'; variant: 'VISIBLE' | 'INVISIBLE'; at: number; error?: ShownError }
  | { step: 'verify-email'; stateToken: string; error?: ShownError; notice?: string }
  | SecondFactorStep
  | { step: 'approval' };

export type Attempt = (captcha?: { variant: 'VISIBLE' | 'INVISIBLE'; token: string }) => Promise<LoginResult>;

/**
 * Runs a login or register call: an invisible captcha is solved here and the call retried; a visible one goes
 * back to the form (the shopper ticks the box, the page solves it).
 */
export async function attemptSignIn(
  attempt: Attempt,
  target: string,
  captcha?: { variant: 'VISIBLE' | 'INVISIBLE'; token: string },
): Promise<AuthStep> {
  let result = await attempt(captcha);
  if (result.loginState === 'SILENT_CAPTCHA_REQUIRED') {
    result = await attempt({ variant: 'INVISIBLE', token: await solveCaptcha('INVISIBLE') });
  }
  return afterResult(result, target);
}

export const toCaptchaTokens = (captcha?: { variant: 'VISIBLE' | 'INVISIBLE'; token: string }) =>
  captcha ? captchaTokens(captcha.variant, captcha.token) : undefined;

/** The next step for a login state; SUCCESS turns the session token into member tokens (hidden frame). */
export async function afterResult(result: LoginResult, target: string): Promise<AuthStep> {
  switch (result.loginState) {
    case 'SUCCESS':
      await (await browserAuth()).getMemberTokensForDirectLogin(result.data.sessionToken);
      memberChanged();
      return { step: 'done', target };
    case 'EMAIL_VERIFICATION_REQUIRED':
      return { step: 'verify-email', stateToken: result.data.stateToken };
    case 'OWNER_APPROVAL_REQUIRED':
      return { step: 'approval' };
    case 'USER_CAPTCHA_REQUIRED':
    case 'SILENT_CAPTCHA_REQUIRED':
      return { step: 'captcha', variant: result.captcha.variant, at: Date.now() };
    case 'FAILURE': {
      // A second factor: the SDK keeps SPEC's FAILURE state and hands the challenge over as `mfa`.
      if (result.mfa) return secondFactorStep(result.mfa);
      if (result.captcha) {
        return {
          step: 'captcha',
          variant: result.captcha.variant,
          at: Date.now(),
          error: loginFailureMessage(result),
        };
      }
      return { step: 'form', error: loginFailureMessage(result) };
    }
    case 'INITIAL':
      return { step: 'form' };
  }
}

/** The mailed e-mail verification code. */
export async function verifyEmailCode(stateToken: string, code: string, target: string): Promise<AuthStep> {
  const result = await (await browserAuth()).processVerification(
    { verificationCode: code },
    { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken } },
  );
  if (result.loginState === 'FAILURE' && !result.response) {
    return { step: 'verify-email', stateToken, error: loginFailureMessage(result) };
  }
  return afterResult(result, target);
}

export async function resendEmailCode(stateToken: string): Promise<AuthStep> {
  try {
    await (await browserClientWith({ verification })).verification.resendDuringAuthentication(stateToken);
    return { step: 'verify-email', stateToken, notice: 'We sent you a new code.' };
  } catch (error) {
    return { step: 'verify-email', stateToken, error: showError(error) };
  }
}

function secondFactorStep(mfa: MfaChallenge, notice?: string): SecondFactorStep {
  return {
    step: 'second-factor',
    stateToken: mfa.stateToken,
    factorType: mfa.factorType,
    ...(mfa.hint ? { hint: mfa.hint } : {}),
    available: mfa.availableFactors,
    ...(mfa.webAuthnOptions ? { webAuthnOptions: mfa.webAuthnOptions } : {}),
    ...(notice ? { notice } : {}),
  };
}

/** The browser's passkey prompt (the library loads only when a passkey is used). */
async function passkeyAnswer(options: PasskeyRequestOptions): Promise<PasskeyResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as unknown as PasskeyResponse;
}

/** Passwordless sign-in: any passkey of this store; the server finds the member from it. */
export async function signInWithPasskey(target: string): Promise<AuthStep> {
  const api = (await browserClientWith({ authentication })).authentication;
  const response = await passkeyAnswer(await api.passkeyOptions());
  const answer = await api.verify('WEBAUTHN', { webauthnData: { response } });
  return afterResult(loginResultFromState(answer), target);
}

/** A WEBAUTHN second-factor step: the member's passkey signs the step's challenge. */
export async function verifyPasskeyFactor(
  pending: SecondFactorStep,
  target: string,
  rememberThisDevice = false,
): Promise<AuthStep> {
  if (!pending.webAuthnOptions) return sendSecondFactorCode(pending, 'WEBAUTHN');
  try {
    const response = await passkeyAnswer(pending.webAuthnOptions);
    const answer = await (await browserClientWith({ authentication })).authentication.verify('WEBAUTHN', {
      stateToken: pending.stateToken,
      rememberThisDevice,
      webauthnData: { response },
    });
    return afterResult(loginResultFromState(answer), target);
  } catch (error) {
    return { ...pending, error: showError(error) };
  }
}

/** The step as the SDK's pending login result (the action keeps no state: the page's hidden fields do). */
const pendingResult = (step: SecondFactorStep): LoginResult => ({
  loginState: 'FAILURE',
  error: 'Unknown _state',
  mfa: {
    stateToken: step.stateToken,
    factorType: step.factorType,
    hint: step.hint ?? '',
    availableFactors: step.available,
  },
});

/** The message for a failed factor call; a throttled send says how long to wait (the server's words). */
function factorError(result: Extract<LoginResult, { loginState: 'FAILURE' }>): ShownError {
  const cause = result.cause;
  if (cause?.status === 429 && cause.description) {
    return { message: cause.description, ...(cause.requestId ? { requestId: cause.requestId } : {}) };
  }
  return loginFailureMessage(result);
}

/** A second-factor code (authenticator app, or a code by e-mail, text message or call) for the pending step. */
export async function verifySecondFactor(
  pending: SecondFactorStep,
  code: string,
  target: string,
  rememberThisDevice = false,
): Promise<AuthStep> {
  const result = await (await browserAuth()).verifyFactor(
    { code, factorType: pending.factorType, rememberThisDevice },
    pendingResult(pending),
  );
  if (result.loginState === 'FAILURE' && result.cause) return { ...pending, error: factorError(result) };
  return afterResult(result, target);
}

/** What the page says after a code was sent again (a switch needs nothing: the step's text says where). */
function resentNotice(mfa: MfaChallenge): string | undefined {
  const where = mfa.hint || undefined;
  switch (mfa.factorType) {
    case 'SMS':
      return `We sent a new code by text message${where ? ` to ${where}` : ''}.`;
    case 'CALL':
      return `We are calling ${where ?? 'your phone'} again with a new code.`;
    case 'EMAIL':
      return `We sent a new code to ${where ?? 'your e-mail address'}.`;
    default:
      return undefined;
  }
}

/** Sends the code again, or switches the step to another of the member's factors (`factorType`). */
export async function sendSecondFactorCode(
  pending: SecondFactorStep,
  factorType?: FactorType,
): Promise<AuthStep> {
  const switched = factorType !== undefined && factorType !== pending.factorType;
  const result = await (await browserAuth()).sendFactorCode(
    { factorType: factorType ?? pending.factorType },
    pendingResult(pending),
  );
  if (result.loginState !== 'FAILURE') return afterResult(result, '/account/info');
  if (result.cause || !result.mfa) return { ...pending, error: factorError(result) };
  return secondFactorStep(result.mfa, switched ? undefined : resentNotice(result.mfa));
}

// ---------------------------------------------------------------------------------------------------------
// Hosted login page (redirect login), sign-out
// ---------------------------------------------------------------------------------------------------------

const OAUTH_KEY = 'aisle.storefront.oauth';

/** PKCE data in sessionStorage, then the hosted login page; it comes back to `/callback`. */
export async function startHostedLogin(target: string): Promise<Response> {
  const auth = await browserAuth();
  const oauthData = await auth.generateOAuthData(`${window.location.origin}/callback`, target);
  sessionStorage.setItem(OAUTH_KEY, JSON.stringify(oauthData));
  const { authUrl } = await auth.getAuthUrl(oauthData);
  return redirectDocument(authUrl);
}

function storedOAuthData(): OAuthData | undefined {
  const raw = sessionStorage.getItem(OAUTH_KEY);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && 'state' in parsed && 'codeVerifier' in parsed) {
      return parsed as OAuthData;
    }
  } catch {
    // Unreadable: start over.
  }
  return undefined;
}

/** `/callback`: the code from the URL fragment becomes member tokens; returns where to go next. */
export async function completeHostedLogin(href: string): Promise<string> {
  const oauthData = storedOAuthData();
  if (!oauthData) throw new Error('This sign-in link was already used or has expired. Please sign in again.');
  const auth = await browserAuth();
  const answer = auth.parseFromUrl(href);
  if (answer.error !== undefined) {
    sessionStorage.removeItem(OAUTH_KEY);
    throw new Error(answer.errorDescription ?? answer.error);
  }
  await auth.getMemberTokens(answer.code, answer.state, oauthData);
  sessionStorage.removeItem(OAUTH_KEY);
  memberChanged();
  return safeReturnTo(oauthData.originalUri, window.location.origin);
}

/** Clears both tokens, then the server's logout page ends the hosted session and comes back home. */
export async function signOut(): Promise<Response> {
  let logoutUrl = '/';
  try {
    ({ logoutUrl } = await (await browserAuth()).logout(`${window.location.origin}/`));
  } catch {
    // The tokens are gone anyway; without a logout URL the hosted session just times out.
  }
  memberChanged();
  // The next page is loaded from the server: the cookie session must be over by then.
  await sessionEnded();
  return redirectDocument(logoutUrl);
}
