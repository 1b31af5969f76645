import { storeDisplayName } from '../../modules/settings/store.ts';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError, ValidationFailure } from '../../platform/errors.ts';
import { getPolicies } from '../../modules/identity/members.ts';
import { login, redeemSessionToken, type SignInOutcome, verifyStep } from '../../modules/identity/service.ts';
import { allowsRedirectUri, findClient, type OAuthClient } from '../../modules/oauth/clients.ts';
import type { OAuthErrorCode } from '../../modules/oauth/errors.ts';
import { S256_CHALLENGE } from '../../modules/oauth/pkce.ts';
import { createAuthorizationCode } from '../../modules/oauth/tokens.ts';
import { deviceTokenOf, rememberDevice } from '../accounts/device.ts';
import { answer } from '../accounts/flow.ts';
import { errorPage, newNonce, sendPage } from '../html.ts';
import { CARRIED, type Carried, codePage, loginPage, messagePage, webMessagePage } from './pages.ts';

type Mode = 'fragment' | 'query' | 'web_message';
const MODES: Mode[] = ['fragment', 'query', 'web_message'];
const SCOPES = new Set(['offline_access', 'openid', 'profile', 'email']);
const PROMPTS = new Set(['none', 'login', 'consent', 'select_account']);
/** Paths the hosted form posts back to (the public one; the alias works too). */
export const AUTHORIZE_PATH = '/oauth2/authorize';

/** A request whose client and return address are known good: errors can now go back to the client. */
interface Trusted {
  client: OAuthClient;
  redirectUri: string | undefined;
  mode: Mode;
  params: Carried;
}

export type AuthorizeQuery = Carried & { sessionToken?: string | undefined };

function carried(query: Record<string, unknown>): Carried {
  const out: Carried = {};
  for (const name of CARRIED) {
    const value = query[name];
    if (typeof value === 'string' && value !== '') out[name] = value;
  }
  return out;
}

/**
 * Client id and redirect URI first (RFC 6749 §4.1.2.1): when either is wrong the browser stays here on an error
 * page; a foreign redirect URI never receives a redirect.
 */
async function trust(ctx: AppContext, query: Record<string, unknown>, reply: FastifyReply) {
  const params = carried(query);
  const dead = (message: string) => errorPage(reply, 400, 'This sign-in link is not valid', message);
  if (!params.client_id) return { page: dead('The link does not name an application (client_id).') };
  const client = await findClient(ctx.db, params.client_id);
  if (!client) return { page: dead('The application in this link is not registered with the store.') };
  const mode = (params.response_mode ?? 'fragment') as Mode;
  if (!MODES.includes(mode)) return { page: dead('The link asks for an unknown response mode.') };
  const redirectUri = params.redirect_uri;
  if (redirectUri !== undefined && !allowsRedirectUri(client, redirectUri))
    return { page: dead('The link would send you to an address the application has not registered.') };
  if (redirectUri === undefined && mode !== 'web_message')
    return { page: dead('The link does not say where to return to (redirect_uri).') };
  return { trusted: { client, redirectUri, mode, params } satisfies Trusted };
}

/** Protocol checks whose failures are reported to the client. */
function protocolError(t: Trusted): [OAuthErrorCode, string] | undefined {
  const p = t.params;
  if (p.response_type !== 'code') return ['unsupported_response_type', 'response_type must be code'];
  if (!p.code_challenge) return ['invalid_request', 'code_challenge is required (PKCE)'];
  if ((p.code_challenge_method ?? 'plain') !== 'S256')
    return ['invalid_request', 'code_challenge_method must be S256'];
  if (!S256_CHALLENGE.test(p.code_challenge))
    return ['invalid_request', 'code_challenge is not a base64url SHA-256'];
  const scopes = (p.scope ?? '').split(' ').filter(Boolean);
  const unknown = scopes.find((s) => !SCOPES.has(s));
  if (unknown) return ['invalid_scope', `Unknown scope "${unknown}"`];
  if (p.prompt && !PROMPTS.has(p.prompt)) return ['invalid_request', `Unknown prompt "${p.prompt}"`];
  return undefined;
}

/** Send the result back to the client in its response mode. */
function deliver(reply: FastifyReply, t: Trusted, result: Record<string, string>, status: 302 | 303 = 302) {
  const data = { ...result, ...(t.params.state !== undefined ? { state: t.params.state } : {}) };
  if (t.mode === 'web_message') {
    const nonce = newNonce();
    return sendPage(
      reply,
      200,
      webMessagePage(data, t.client.allowedOrigins, nonce),
      nonce,
      t.client.allowedOrigins,
    );
  }
  const target = new URL(t.redirectUri!);
  const encoded = new URLSearchParams(data).toString();
  if (t.mode === 'query') {
    for (const [key, value] of Object.entries(data)) target.searchParams.set(key, value);
  } else {
    target.hash = encoded;
  }
  return reply.header('cache-control', 'no-store').redirect(target.toString(), status);
}

const fail = (
  reply: FastifyReply,
  t: Trusted,
  error: OAuthErrorCode,
  description: string,
  status: 302 | 303 = 302,
) => deliver(reply, t, { error, error_description: description }, status);

async function issueCode(ctx: AppContext, t: Trusted, memberId: string, visitorId: string | undefined) {
  return createAuthorizationCode(ctx, {
    clientId: t.client.id,
    redirectUri: t.redirectUri,
    codeChallenge: t.params.code_challenge!,
    memberId,
    visitorId,
    scope: t.params.scope,
  });
}

/** Only `web_message` pages may be framed, and only by the client's origins. */
const framersOf = (t: Trusted) => (t.mode === 'web_message' ? t.client.allowedOrigins : []);
/** Browsers apply `form-action` to the redirect after a post too: allow the client's return origin. */
const formActionOf = (t: Trusted) => (t.redirectUri ? `'self' ${new URL(t.redirectUri).origin}` : "'self'");

async function showLogin(
  ctx: AppContext,
  reply: FastifyReply,
  t: Trusted,
  extra: { email?: string; error?: string; captcha?: 'INVISIBLE' | 'VISIBLE' | null; status?: number } = {},
) {
  const nonce = newNonce();
  // A store that always wants a captcha gets one on the first form; otherwise a failed attempt asks for it.
  const policy = (await getPolicies(ctx.db)).captcha;
  const captcha = extra.captcha ?? (policy === 'INVISIBLE' || policy === 'VISIBLE' ? policy : null);
  const html = loginPage({
    action: AUTHORIZE_PATH,
    params: t.params,
    storeName: await storeDisplayName(ctx),
    storeUrl: ctx.config.publicUrl,
    nonce,
    ...(extra.email ? { email: extra.email } : {}),
    ...(extra.error ? { error: extra.error } : {}),
    ...(captcha ? { captcha: { variant: captcha, challengeUrl: '/_api/iam/captcha/v1/challenges' } } : {}),
  });
  return sendPage(reply, extra.status ?? 200, html, nonce, framersOf(t), formActionOf(t));
}

/** `GET /oauth2/authorize`. */
export async function authorize(ctx: AppContext, query: AuthorizeQuery, reply: FastifyReply) {
  const checked = await trust(ctx, query, reply);
  if (!checked.trusted) return checked.page;
  const t = checked.trusted;
  const problem = protocolError(t);
  if (problem) return fail(reply, t, ...problem);
  if (query.sessionToken) {
    const session = await redeemSessionToken(ctx, query.sessionToken);
    if (session && (!session.clientId || session.clientId === t.client.id)) {
      const code = await issueCode(ctx, t, session.member.id, session.visitorId);
      return deliver(reply, t, { code });
    }
    if (t.params.prompt === 'none') return fail(reply, t, 'login_required', 'The session token is not valid');
  } else if (t.params.prompt === 'none') {
    return fail(reply, t, 'login_required', 'prompt=none needs a sessionToken');
  }
  return showLogin(ctx, reply, t);
}

export interface AuthorizeForm extends Carried {
  step?: string;
  factorType?: string;
  verifying?: string;
  email?: string;
  password?: string;
  captcha?: string;
  stateToken?: string;
  code?: string;
  /** `1`: remember this device after the second factor. */
  remember?: string;
}

type CodeFactor = 'EMAIL' | 'TOTP' | 'SMS' | 'CALL';
const codeFactorOf = (value: string | undefined): CodeFactor =>
  value === 'TOTP' || value === 'SMS' || value === 'CALL' ? value : 'EMAIL';

function messageOf(error: unknown): { text: string; status: number; captcha?: 'INVISIBLE' | 'VISIBLE' } {
  if (error instanceof AppError) {
    const captcha = (error.data.captcha as { variant?: 'INVISIBLE' | 'VISIBLE' } | undefined)?.variant;
    const texts: Record<string, string> = {
      '-19976': 'The e-mail address or the password is not right.',
      '-19973': 'This account has no password yet. Use “Forgot password?” to set one.',
      '-19971': 'Please confirm you are not a robot, then sign in again.',
      '-19970': 'The robot check did not pass. Please try again.',
      THROTTLED_FEATURE: 'Too many attempts. Please wait a few minutes and try again.',
      MEMBER_BLOCKED: 'This account is blocked. Contact the store.',
      VERIFICATION_FAILED: error.description,
      INVALID_LOGIN_ID: 'Enter a valid e-mail address.',
    };
    return {
      text: texts[error.code] ?? error.description,
      status: error.status,
      ...(captcha ? { captcha } : {}),
    };
  }
  if (error instanceof ValidationFailure)
    return { text: 'Please check the form and try again.', status: 400 };
  throw error;
}

/** `POST /oauth2/authorize`: the hosted form (password, then a code when a step asks for one). */
export async function submitLogin(
  ctx: AppContext,
  form: AuthorizeForm,
  ip: string,
  reply: FastifyReply,
  cookieHeader?: string,
) {
  const checked = await trust(ctx, form as Record<string, unknown>, reply);
  if (!checked.trusted) return checked.page;
  const t = checked.trusted;
  const problem = protocolError(t);
  if (problem) return fail(reply, t, ...problem, 303);
  let outcome: SignInOutcome;
  try {
    if (form.step === 'code') {
      outcome = await verifyStep(ctx, form.stateToken, form.code, undefined, {
        rememberThisDevice: form.remember === '1',
      });
      if (outcome.state === 'SUCCESS' && outcome.deviceToken) rememberDevice(ctx, reply, outcome.deviceToken);
    } else {
      outcome = await login(
        ctx,
        {
          loginId: { email: form.email ?? '' },
          password: form.password ?? '',
          captchaTokens: form.captcha ? [{ InvisibleRecaptcha: form.captcha }] : [],
        },
        { clientId: t.client.id },
        ip,
        { deviceToken: deviceTokenOf(cookieHeader) },
      );
    }
  } catch (error) {
    const message = messageOf(error);
    if (form.step === 'code' && form.stateToken) {
      const nonce = newNonce();
      const html = codePage({
        action: AUTHORIZE_PATH,
        params: t.params,
        storeName: await storeDisplayName(ctx),
        stateToken: form.stateToken,
        factorType: codeFactorOf(form.factorType),
        verifyingEmail: form.verifying === '1',
        error: message.text,
        nonce,
      });
      return sendPage(reply, 400, html, nonce, framersOf(t), formActionOf(t));
    }
    return showLogin(ctx, reply, t, {
      ...(form.email ? { email: form.email } : {}),
      error: message.text,
      captcha: message.captcha ?? null,
      status: message.status,
    });
  }
  return continueAfter(ctx, reply, t, outcome);
}

async function continueAfter(ctx: AppContext, reply: FastifyReply, t: Trusted, outcome: SignInOutcome) {
  const wire = await answer(ctx, outcome);
  const nonce = newNonce();
  const framers = framersOf(t);
  const showMessage = async (title: string, text: string) =>
    sendPage(reply, 200, messagePage(await storeDisplayName(ctx), title, text, nonce), nonce, framers);
  switch (outcome.state) {
    case 'SUCCESS': {
      const session = await redeemSessionToken(ctx, outcome.sessionToken);
      if (!session) return fail(reply, t, 'access_denied', 'The sign-in could not be completed', 303);
      const code = await issueCode(ctx, t, session.member.id, session.visitorId);
      return deliver(reply, t, { code }, 303);
    }
    case 'REQUIRE_EMAIL_VERIFICATION':
    case 'STATUS_CHECK': {
      if (!wire.stateToken)
        return showMessage('Account not available', 'This account cannot sign in right now.');
      const factorType = codeFactorOf(outcome.state === 'STATUS_CHECK' ? outcome.factorType : undefined);
      const html = codePage({
        action: AUTHORIZE_PATH,
        params: t.params,
        storeName: await storeDisplayName(ctx),
        stateToken: wire.stateToken,
        factorType,
        verifyingEmail: outcome.state === 'REQUIRE_EMAIL_VERIFICATION',
        ...(wire.mfaChallengeData?.verificationChallengeData.hint
          ? { hint: wire.mfaChallengeData.verificationChallengeData.hint }
          : { hint: outcome.member.email }),
        nonce,
      });
      return sendPage(reply, 200, html, nonce, framers, formActionOf(t));
    }
    case 'REQUIRE_OWNER_APPROVAL':
      return showMessage(
        'Waiting for approval',
        'The store owner has to approve your account before you can sign in. Please try again later.',
      );
  }
}
