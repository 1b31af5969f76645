import type { FetchFn } from './renderer.ts';
import type { SessionRole, SessionTokens } from './session-cookie.ts';

/** Renew an access token this long before it expires (a page's calls must not outlive it). */
const RENEW_BEFORE_S = 60;
/** A refresh token just renewed answers with its successor for this long (parallel requests, one renewal). */
const RECENT_MS = 30_000;

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function tokensFrom(body: Record<string, unknown>, role: SessionRole): SessionTokens | undefined {
  const { access_token: access, refresh_token: refresh } = body;
  const expiresIn = Number(body.expires_in);
  if (typeof access !== 'string' || typeof refresh !== 'string' || !Number.isFinite(expiresIn))
    return undefined;
  return { accessToken: access, refreshToken: refresh, expiresAt: nowSeconds() + expiresIn, role };
}

/**
 * Token work for the storefront's cookie sessions, through the OAuth token endpoint (in process). Refresh
 * tokens rotate and a replayed one revokes its family, so a process renews each refresh token once: requests
 * arriving together share the renewal, and for a short while after it the old token maps to the new tokens
 * (another tab's request still carrying the old cookie gets them too).
 */
export class Sessions {
  private readonly renewing = new Map<string, Promise<SessionTokens | undefined>>();
  private readonly recent = new Map<string, { tokens: SessionTokens; at: number }>();

  constructor(
    private readonly fetch: FetchFn,
    private readonly clientId: string,
  ) {}

  /** Calls the token endpoint with `body` as sent. */
  async token(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<TokenAnswer> {
    const response = await this.fetch('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const parsed: unknown = await response.json().catch(() => ({}));
    return {
      status: response.status,
      body: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {},
    };
  }

  /** A new visitor. */
  async anonymous(): Promise<SessionTokens> {
    const answer = await this.token({ grantType: 'anonymous', clientId: this.clientId });
    const tokens = answer.status === 200 ? tokensFrom(answer.body, 'visitor') : undefined;
    if (!tokens) throw new Error(`The token endpoint answered ${answer.status} to an anonymous grant`);
    return tokens;
  }

  /** Tokens from a successful token answer (login: member). */
  fromAnswer(answer: TokenAnswer, role: SessionRole): SessionTokens | undefined {
    return answer.status === 200 ? tokensFrom(answer.body, role) : undefined;
  }

  /** The session with an access token good for a while: as it is, or renewed; undefined when it cannot be. */
  async fresh(session: SessionTokens): Promise<SessionTokens | undefined> {
    if (session.expiresAt - RENEW_BEFORE_S > nowSeconds()) return session;
    const old = session.refreshToken;
    const recent = this.recent.get(old);
    if (recent && Date.now() - recent.at < RECENT_MS) return recent.tokens;
    let renewal = this.renewing.get(old);
    if (!renewal) {
      renewal = this.token({ grantType: 'refresh_token', refreshToken: old, clientId: this.clientId })
        .then((answer) => this.fromAnswer(answer, session.role))
        .then((tokens) => {
          if (tokens) this.remember(old, tokens);
          return tokens;
        })
        .finally(() => this.renewing.delete(old));
      this.renewing.set(old, renewal);
    }
    return renewal;
  }

  private remember(old: string, tokens: SessionTokens): void {
    const now = Date.now();
    for (const [key, entry] of this.recent) {
      if (now - entry.at < RECENT_MS) break;
      this.recent.delete(key);
    }
    this.recent.set(old, { tokens, at: now });
  }
}

/**
 * One request's session: the cookie's tokens, renewed or made only when a call needs them (a cached page
 * needs none). `changed` says the cookie must be set again.
 */
export class RequestSession {
  changed = false;
  private ready: Promise<SessionTokens | undefined> | undefined;

  constructor(
    private readonly sessions: Sessions,
    private tokens: SessionTokens | undefined,
  ) {}

  /** The role the cookie claims (not checked: nothing is served on it but the page's own calls). */
  get role(): SessionRole | undefined {
    return this.tokens?.role;
  }

  get current(): SessionTokens | undefined {
    return this.tokens;
  }

  /** Valid tokens, renewed when due; with `create`, a new visitor when there are none (or they are dead). */
  use(create: boolean): Promise<SessionTokens | undefined> {
    if (!this.ready) {
      this.ready = (async () => {
        const before = this.tokens;
        let tokens = before ? await this.sessions.fresh(before) : undefined;
        if (!tokens && create) tokens = await this.sessions.anonymous();
        if (tokens !== before) this.set(tokens);
        return tokens;
      })();
    }
    return this.ready;
  }

  set(tokens: SessionTokens | undefined): void {
    this.tokens = tokens;
    this.changed = true;
    this.ready = Promise.resolve(tokens);
  }

  /** The SDK's auth strategy over this session (`create`: a form post may start a visitor session). */
  auth(create: boolean) {
    return {
      getAuthHeaders: async (): Promise<Record<string, string>> => {
        const tokens = await this.use(create);
        return tokens ? { Authorization: tokens.accessToken } : {};
      },
    };
  }
}
