import type { AuthStrategy } from '../core/auth.ts';
import { REQUEST_ID_HEADER } from '../core/constants.ts';
import { AisleApplicationError, type AisleError, errorFromResponse, systemError } from '../core/errors.ts';
import { createHttp, type FetchFn, type Http } from '../core/transport.ts';
import { isRecord } from '../core/values.ts';
import { authentication } from '../modules/authentication.ts';
import type {
  CaptchaToken,
  FactorType,
  IdentityProfile,
  MfaChallenge,
  OAuthPrompt,
  OAuthResponseMode,
  RedirectSession,
  StateMachine,
} from '../modules/identity-types.ts';
import { recovery } from '../modules/recovery.ts';
import { redirects } from '../modules/redirects.ts';
import { verification } from '../modules/verification.ts';
import { type BrowserEnv, globalBrowserEnv, openHiddenFrame, waitForFrameMessage } from './browser.ts';
import {
  DIRECT_LOGIN_TIMEOUT_MS,
  LoginState,
  PREWARM_INTERVAL_MS,
  PREWARM_STORAGE_KEY,
  TOKEN_PATH,
  TokenRole,
} from './constants.ts';
import {
  type LoginResult,
  loginFailure,
  loginResultFromState,
  registerFailure,
  verificationFailure,
} from './login-states.ts';
import { createOAuthData, type OAuthData, type OAuthDataOptions } from './pkce.ts';
import {
  emptyTokens,
  isTokenExpired,
  memoryTokenStorage,
  nowInSeconds,
  type RefreshToken,
  type Tokens,
  type TokenStorage,
} from './tokens.ts';

export interface OAuthStrategyOptions {
  /** The OAuth client id (the demo store's is `demo-storefront`). */
  clientId: string;
  /** Initial tokens (e.g. read from a session); they replace what the storage holds. */
  tokens?: Tokens;
  /** Default: memory. See `localStorageTokenStorage` and `cookieTokenStorage`. */
  tokenStorage?: TokenStorage;
  /** The Aisle server for the strategy's own calls (token, redirect session, identity); default '' = same origin. */
  baseUrl?: string;
  /** Used for the strategy's own calls; default the global fetch. */
  fetch?: FetchFn;
  /** Sent with the strategy's own calls (e.g. `client-binding`). */
  headers?: Record<string, string>;
  /** Browser objects for the hidden-frame flows; default the real globals when present. `null`: none. */
  browser?: BrowserEnv | null;
}

/** Captcha answers as the reference clients pass them; each becomes one `captchaTokens` entry. */
export interface CaptchaTokens {
  /** Visible captcha (USER_CAPTCHA_REQUIRED). */
  recaptchaToken?: string;
  /** Invisible captcha (SILENT_CAPTCHA_REQUIRED). */
  invisibleRecaptchaToken?: string;
}

export interface RegisterParams {
  email: string;
  password: string;
  profile?: IdentityProfile;
  captchaTokens?: CaptchaTokens;
  clientMetaData?: Record<string, string>;
}

export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
  clientMetaData?: Record<string, string>;
}

export interface VerificationParams {
  verificationCode: string;
}

export interface VerifyFactorParams {
  /** The code from the text message, call, e-mail or authenticator app. */
  code: string;
  /** Default: the factor the pending step asks for (`mfa.factorType`). */
  factorType?: FactorType;
  /**
   * Skip the second factor on this browser for 30 days. Aisle remembers it in an HttpOnly cookie of the store's
   * origin, so it only takes effect for calls a browser makes to that origin (e.g. the storefront it serves).
   */
  rememberThisDevice?: boolean;
}

export interface SendFactorCodeParams {
  /** Default: the factor the pending step asks for (a resend). Another one switches the step to it. */
  factorType?: FactorType;
}

export interface AuthUrlOptions {
  /** `login` (default) shows the hosted login page; `none` answers at once or fails. */
  prompt?: OAuthPrompt;
  /** `fragment` (default) or `query` for page redirects; `web_message` for a hidden frame. */
  responseMode?: OAuthResponseMode;
  /** A session token from login/register (silent authorization). */
  sessionToken?: string;
}

/** The authorize step's answer on the redirect URI; `error` is set instead of `code` when it failed. */
export type AuthCallback =
  | { code: string; state: string; error?: undefined; errorDescription?: undefined }
  | { code?: undefined; state: string | undefined; error: string; errorDescription: string | undefined };

/** Visitor and member tokens for a storefront (SPEC §4); pass it as a client's `auth`. */
export interface OAuthStrategy extends AuthStrategy {
  /** `{Authorization: <access token>}`, fetching or renewing tokens first when needed (one renewal at a time). */
  getAuthHeaders(): Promise<Record<string, string>>;
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
  /** True only when the stored refresh token's role is `member`. */
  loggedIn(): boolean;
  /** `tokens` when still valid; else renewed from their refresh token; else new anonymous tokens. Stores nothing. */
  generateVisitorTokens(tokens?: Partial<Tokens>): Promise<Tokens>;
  /** New tokens from `refreshToken` (the rotated refresh token replaces it, role unchanged). Stores nothing. */
  renewToken(refreshToken: RefreshToken): Promise<Tokens>;

  register(params: RegisterParams): Promise<LoginResult>;
  login(params: LoginParams): Promise<LoginResult>;
  /** Completes EMAIL_VERIFICATION_REQUIRED with the mailed code; `state` defaults to the last result. */
  processVerification(params: VerificationParams, state?: LoginResult): Promise<LoginResult>;
  /**
   * Completes a second-factor step (a FAILURE result with `mfa`) with its code through
   * `{factorType}/verify`, mapping the answer like `processVerification`. `state` defaults to the last result.
   * A rejected code gives a FAILURE with the error as `cause` and the same `mfa`, and the step stays pending.
   */
  verifyFactor(params: VerifyFactorParams, state?: LoginResult): Promise<LoginResult>;
  /**
   * Sends a new code for a second-factor step, or switches it to another of `mfa.availableFactors` (TOTP
   * sends nothing): a FAILURE with the updated `mfa`. Too soon after the last code (30 s) or after five, a
   * FAILURE whose `cause` has status 429 (`cause.data.retryAfterSeconds`), with the unchanged `mfa`.
   */
  sendFactorCode(params?: SendFactorCodeParams, state?: LoginResult): Promise<LoginResult>;
  /** Session token → member tokens through a hidden frame (browser only); stores and returns them. */
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  /** Server-side trusted login with an admin API key (`authorized_client` grant); stores and returns them. */
  getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens>;

  generateOAuthData(
    redirectUri?: string,
    originalUri?: string,
    options?: OAuthDataOptions,
  ): Promise<OAuthData>;
  /** Creates an `auth` redirect session; `authUrl` is its fullUrl. */
  getAuthUrl(oauthData: OAuthData, options?: AuthUrlOptions): Promise<{ authUrl: string }>;
  /** Reads the authorize step's answer from a URL (default: the current page). */
  parseFromUrl(url?: string, responseMode?: 'fragment' | 'query'): AuthCallback;
  /** Exchanges the code (PKCE) for member tokens; stores and returns them. */
  getMemberTokens(code: string, state: string, oauthData: OAuthData): Promise<Tokens>;
  /** Gets the logout URL (returning to `originalUrl`) and clears both tokens, even when the call fails. */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  sendPasswordResetEmail(email: string, redirectUri: string): Promise<void>;
  /** Loads a `login` redirect session in a hidden frame, at most every 7 days; false when skipped. */
  prewarmSession(): Promise<boolean>;
}

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

function readTokenResponse(body: unknown): TokenResponse {
  // expires_in: seconds, a number or a numeric string (wire §1).
  const raw = isRecord(body) ? body.expires_in : undefined;
  const expiresIn =
    typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '') ? Number(raw) : Number.NaN;
  if (
    !isRecord(body) ||
    typeof body.access_token !== 'string' ||
    typeof body.refresh_token !== 'string' ||
    !Number.isFinite(expiresIn)
  ) {
    throw new Error('Failed to fetch tokens from OAuth API: the response has no tokens');
  }
  return { access_token: body.access_token, refresh_token: body.refresh_token, expires_in: expiresIn };
}

/** Where each factor's code goes in a `{factorType}/verify` body. */
const FACTOR_CODE_FIELD = {
  SMS: 'smsData',
  CALL: 'callData',
  EMAIL: 'emailData',
  TOTP: 'totpData',
} as const satisfies Partial<Record<FactorType, string>>;

type CodeFactorType = keyof typeof FACTOR_CODE_FIELD;

const isCodeFactor = (type: FactorType): type is CodeFactorType => type in FACTOR_CODE_FIELD;

/** The pending second factor of a login result, if it is one. */
const pendingFactor = (state: LoginResult): MfaChallenge | undefined =>
  state.loginState === LoginState.FAILURE ? state.mfa : undefined;

/** E-mail, password (and a sign-up's profile) as the register and login calls take them. */
function wireCredentials(params: LoginParams, profile?: IdentityProfile) {
  return {
    loginId: { email: params.email },
    password: params.password,
    ...(profile ? { profile } : {}),
    ...(params.clientMetaData ? { clientMetaData: params.clientMetaData } : {}),
    captchaTokens: toWireCaptchaTokens(params.captchaTokens),
  };
}

function toWireCaptchaTokens(tokens: CaptchaTokens | undefined): CaptchaToken[] | undefined {
  if (!tokens) return undefined;
  const list: CaptchaToken[] = [];
  if (tokens.recaptchaToken) list.push({ Recaptcha: tokens.recaptchaToken });
  if (tokens.invisibleRecaptchaToken) list.push({ InvisibleRecaptcha: tokens.invisibleRecaptchaToken });
  return list.length > 0 ? list : undefined;
}

/** `Failed to fetch tokens from OAuth API: <status text>. request id: <id>. Response: <JSON body>` (wire §1). */
async function tokenError(response: Response): Promise<AisleError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const statusText = response.statusText || `HTTP ${response.status}`;
  const mapped = errorFromResponse({ status: response.status, statusText, body, requestId });
  return new AisleApplicationError({
    kind: 'application',
    message: `Failed to fetch tokens from OAuth API: ${statusText}. request id: ${requestId ?? 'unknown'}. Response: ${JSON.stringify(body ?? null)}`,
    status: response.status,
    code: mapped.code,
    description: mapped.description,
    data: mapped.data,
    details: mapped.details,
    requestId,
    body,
  });
}

/**
 * Visitor and member tokens for storefront clients (SPEC §4, wire/oauth-and-identity.md): anonymous tokens
 * fetched lazily, renewed from the refresh token when the access token is missing or expired, member tokens
 * from password login (direct, hidden frame) or the hosted login page (PKCE redirect).
 */
export function OAuthStrategy(options: OAuthStrategyOptions): OAuthStrategy {
  const { clientId } = options;
  const storage = options.tokenStorage ?? memoryTokenStorage();
  if (options.tokens) storage.set(options.tokens);

  // Token calls carry no Authorization; every other call of the strategy is made as the current visitor/member.
  const tokenHttp = createHttp({ baseUrl: options.baseUrl, fetch: options.fetch, headers: options.headers });
  const http: Http = createHttp({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    headers: options.headers,
    auth: { getAuthHeaders: () => getAuthHeaders() },
  });
  const redirectsApi = redirects(http);
  const authenticationApi = authentication(http);
  const verificationApi = verification(http);
  const recoveryApi = recovery(http);

  // Bumped by every store, so a renewal that finishes after a login does not overwrite the member tokens.
  let generation = 0;
  let renewal: Promise<Tokens> | undefined;
  let prewarm: Promise<boolean> | undefined;
  let lastState: LoginResult = { loginState: LoginState.INITIAL };

  const getTokens = (): Tokens => storage.get() ?? emptyTokens();

  const setTokens = (tokens: Tokens): void => {
    generation += 1;
    storage.set(tokens);
  };

  const browser = (method: string): BrowserEnv => {
    const env = options.browser === undefined ? globalBrowserEnv() : options.browser;
    if (!env) throw new Error(`${method} needs a browser (pass \`browser\` to OAuthStrategy outside one)`);
    return env;
  };

  const fetchTokens = async (body: object, headers: Record<string, string> = {}): Promise<TokenResponse> => {
    let response: Response;
    try {
      response = await tokenHttp.fetchWithAuth(TOKEN_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    } catch (cause) {
      throw systemError(undefined, cause);
    }
    if (response.status !== 200) throw await tokenError(response);
    let json: unknown;
    try {
      json = await response.json();
    } catch (cause) {
      throw systemError(response.headers.get(REQUEST_ID_HEADER) ?? undefined, cause);
    }
    return readTokenResponse(json);
  };

  const tokensOf = (response: TokenResponse, role: TokenRole): Tokens => ({
    accessToken: { value: response.access_token, expiresAt: nowInSeconds() + response.expires_in },
    refreshToken: { value: response.refresh_token, role },
  });

  const anonymousTokens = async (): Promise<Tokens> =>
    tokensOf(await fetchTokens({ grantType: 'anonymous', clientId }), TokenRole.VISITOR);

  const renewToken = async (refreshToken: RefreshToken): Promise<Tokens> => {
    const response = await fetchTokens({
      grantType: 'refresh_token',
      refreshToken: refreshToken.value,
      clientId,
    });
    // Aisle rotates refresh tokens (a replayed one revokes its family), so the returned one replaces the old;
    // the role is unchanged. A server that does not rotate returns the same value.
    return tokensOf(response, refreshToken.role);
  };

  const generateVisitorTokens = async (tokens: Partial<Tokens> = {}): Promise<Tokens> => {
    const { accessToken, refreshToken } = tokens;
    if (accessToken?.value && refreshToken?.value && !isTokenExpired(accessToken)) {
      return { accessToken, refreshToken };
    }
    if (refreshToken?.value) {
      try {
        return await renewToken(refreshToken);
      } catch {
        // Revoked, expired or unknown refresh token: start over as a new visitor.
      }
    }
    return anonymousTokens();
  };

  /** Valid tokens from storage, renewing them at most once at a time. */
  const currentTokens = (): Promise<Tokens> => {
    const tokens = getTokens();
    if (tokens.accessToken.value && !isTokenExpired(tokens.accessToken)) return Promise.resolve(tokens);
    if (!renewal) {
      const started = generation;
      renewal = generateVisitorTokens(tokens)
        .then((next) => {
          // Tokens stored meanwhile (a login, setTokens) win over this renewal.
          if (generation !== started) return getTokens();
          setTokens(next);
          return next;
        })
        .finally(() => {
          renewal = undefined;
        });
    }
    return renewal;
  };

  const getAuthHeaders = async (): Promise<Record<string, string>> => ({
    Authorization: (await currentTokens()).accessToken.value,
  });

  const remember = (result: LoginResult): LoginResult => {
    lastState = result;
    return result;
  };

  /** A sign-up or sign-in call's answer as a login result, remembered; a refusal as `failure` reads it. */
  const settle = async (
    call: () => Promise<StateMachine>,
    failure: (error: unknown) => LoginResult,
  ): Promise<LoginResult> => {
    try {
      return remember(loginResultFromState(await call()));
    } catch (error) {
      return remember(failure(error));
    }
  };

  const requireFullUrl = (session: RedirectSession | undefined): string => {
    if (!session?.fullUrl) throw new Error('No redirect URL found');
    return session.fullUrl;
  };

  const authSession = (oauthData: OAuthData, authOptions: AuthUrlOptions): Promise<RedirectSession> => {
    const prompt = authOptions.prompt ?? 'login';
    return redirectsApi.createRedirectSession({
      auth: {
        authRequest: {
          clientId,
          responseType: 'code',
          ...(oauthData.redirectUri === undefined ? {} : { redirectUri: oauthData.redirectUri }),
          scope: 'offline_access',
          state: oauthData.state,
          responseMode: authOptions.responseMode ?? 'fragment',
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: 'S256',
          ...(authOptions.sessionToken === undefined ? {} : { sessionToken: authOptions.sessionToken }),
        },
        prompt,
      },
    });
  };

  const getMemberTokens = async (code: string, state: string, oauthData: OAuthData): Promise<Tokens> => {
    if (!code || !state) throw new Error('Missing code or _state');
    if (state !== oauthData.state) throw new Error('Invalid _state');
    const response = await fetchTokens({
      grantType: 'authorization_code',
      clientId,
      code,
      codeVerifier: oauthData.codeVerifier,
      ...(oauthData.redirectUri === undefined ? {} : { redirectUri: oauthData.redirectUri }),
    });
    const tokens = tokensOf(response, TokenRole.MEMBER);
    setTokens(tokens);
    return tokens;
  };

  const runPrewarm = async (): Promise<boolean> => {
    const env = browser('prewarmSession');
    const last = Number(env.localStorage?.getItem(PREWARM_STORAGE_KEY) ?? Number.NaN);
    if (Number.isFinite(last) && Date.now() - last < PREWARM_INTERVAL_MS) return false;
    const fullUrl = requireFullUrl(await redirectsApi.createRedirectSession({ login: {} }));
    await new Promise<void>((resolve, reject) => {
      try {
        const frame = openHiddenFrame(env, fullUrl, () => {
          frame.remove();
          resolve();
        });
      } catch (error) {
        reject(error);
      }
    });
    env.localStorage?.setItem(PREWARM_STORAGE_KEY, String(Date.now()));
    return true;
  };

  return {
    getAuthHeaders,
    getTokens,
    setTokens,
    loggedIn: () => getTokens().refreshToken.role === TokenRole.MEMBER,
    generateVisitorTokens,
    renewToken,

    register: (params) =>
      settle(() => authenticationApi.register(wireCredentials(params, params.profile)), registerFailure),

    login: (params) => settle(() => authenticationApi.login(wireCredentials(params)), loginFailure),

    processVerification: async (params, state = lastState) => {
      if (state.loginState !== LoginState.EMAIL_VERIFICATION_REQUIRED) {
        return { loginState: LoginState.FAILURE, error: 'Unknown _state' };
      }
      try {
        const response = await verificationApi.verifyDuringAuthentication({
          code: params.verificationCode,
          stateToken: state.data.stateToken,
        });
        return remember(loginResultFromState(response));
      } catch (error) {
        return verificationFailure(error);
      }
    },

    verifyFactor: async (params, state = lastState) => {
      const mfa = pendingFactor(state);
      if (!mfa) return { loginState: LoginState.FAILURE, error: 'Unknown _state' };
      const factorType = params.factorType ?? mfa.factorType;
      if (!isCodeFactor(factorType)) {
        return { loginState: LoginState.FAILURE, error: `Unsupported factor type ${factorType}`, mfa };
      }
      try {
        const response = await authenticationApi.verify(factorType, {
          stateToken: mfa.stateToken,
          ...(params.rememberThisDevice ? { rememberThisDevice: true } : {}),
          [FACTOR_CODE_FIELD[factorType]]: { code: params.code },
        });
        return remember(loginResultFromState(response));
      } catch (error) {
        return { ...verificationFailure(error), mfa };
      }
    },

    sendFactorCode: async (params = {}, state = lastState) => {
      const mfa = pendingFactor(state);
      if (!mfa) return { loginState: LoginState.FAILURE, error: 'Unknown _state' };
      const factorType = params.factorType ?? mfa.factorType;
      try {
        const response = await authenticationApi.sendFactorCode(factorType, { stateToken: mfa.stateToken });
        return remember(loginResultFromState(response));
      } catch (error) {
        return { ...verificationFailure(error), mfa };
      }
    },

    getMemberTokensForDirectLogin: async (sessionToken) => {
      const env = browser('getMemberTokensForDirectLogin');
      const oauthData = await createOAuthData();
      const authUrl = requireFullUrl(
        await authSession(oauthData, { responseMode: 'web_message', prompt: 'none', sessionToken }),
      );
      // Listen before the frame can answer.
      const message = waitForFrameMessage(env, oauthData.state, DIRECT_LOGIN_TIMEOUT_MS);
      const frame = openHiddenFrame(env, authUrl);
      let data: Record<string, unknown>;
      try {
        data = await message;
      } finally {
        frame.remove();
      }
      const { code, state } = data;
      if (typeof code !== 'string' || typeof state !== 'string' || !code) {
        throw new Error('Missing code or _state', { cause: data });
      }
      return getMemberTokens(code, state, oauthData);
    },

    getMemberTokensForExternalLogin: async (memberId, apiKey) => {
      const { accessToken } = await currentTokens();
      const response = await fetchTokens(
        { grant_type: 'authorized_client', scope: 'offline_access', member_id: memberId },
        { Authorization: `${accessToken.value},${apiKey}` },
      );
      const tokens = tokensOf(response, TokenRole.MEMBER);
      setTokens(tokens);
      return tokens;
    },

    generateOAuthData: (redirectUri, originalUri, dataOptions) =>
      createOAuthData(redirectUri, originalUri, dataOptions),

    getAuthUrl: async (oauthData, authOptions = {}) => ({
      authUrl: requireFullUrl(await authSession(oauthData, authOptions)),
    }),

    parseFromUrl: (url, responseMode = 'fragment') => {
      const href = url ?? browser('parseFromUrl').window.location.href;
      const parsed = new URL(href, 'http://relative.invalid');
      const params =
        responseMode === 'query' ? parsed.searchParams : new URLSearchParams(parsed.hash.slice(1));
      const code = params.get('code');
      const state = params.get('state');
      const error = params.get('error');
      if (error) {
        return {
          error,
          errorDescription: params.get('error_description') ?? undefined,
          state: state ?? undefined,
        };
      }
      if (!code || !state) throw new Error('Missing code or _state');
      return { code, state };
    },

    getMemberTokens,

    logout: async (originalUrl) => {
      try {
        const session = await redirectsApi.createRedirectSession({
          logout: { clientId },
          callbacks: { postFlowUrl: originalUrl },
        });
        return { logoutUrl: requireFullUrl(session) };
      } finally {
        generation += 1;
        if (storage.clear) storage.clear();
        else storage.set(emptyTokens());
        lastState = { loginState: LoginState.INITIAL };
      }
    },

    sendPasswordResetEmail: (email, redirectUri) =>
      recoveryApi.sendRecoveryEmail({ email, redirect: { url: redirectUri, clientId } }),

    prewarmSession: () => {
      if (!prewarm) {
        prewarm = runPrewarm().finally(() => {
          prewarm = undefined;
        });
      }
      return prewarm;
    },
  };
}
