import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../platform/app.ts';
import type { AppContext } from '../platform/context.ts';
import { applicationErrorBody } from '../platform/errors.ts';
import { accessTokenHasCart } from '../flows/cart/exists.ts';
import {
  parseSession,
  readCookies,
  SESSION_COOKIE,
  type SessionTokens,
  sessionCookie,
} from './session-cookie.ts';
import { RequestSession, type Sessions } from './sessions.ts';
import { open } from '../platform/routing.ts';

/** What the page holds instead of the refresh token (the real one stays in the cookie). */
export const COOKIE_REFRESH_TOKEN = 'session-cookie';

const TokenRequest = Type.Object(
  { grantType: Type.String({ maxLength: 64 }) },
  { additionalProperties: true },
);

/** Only this store's own pages (and `CORS_ORIGINS`, a dev server) may use the session. */
function fromOwnPages(ctx: AppContext, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return request.headers['sec-fetch-site'] !== 'cross-site';
  return origin === new URL(ctx.config.publicUrl).origin || ctx.config.corsOrigins.includes(origin);
}

/** The token answer, with whether the session's shopper has a cart (the page then skips a read that would 404). */
const tokenAnswer = async (ctx: AppContext, tokens: SessionTokens) => {
  const hasCart = await accessTokenHasCart(ctx, tokens.accessToken);
  return {
    access_token: tokens.accessToken,
    refresh_token: COOKIE_REFRESH_TOKEN,
    expires_in: Math.max(0, tokens.expiresAt - Math.floor(Date.now() / 1000)),
    token_type: 'Bearer',
    role: tokens.role,
    ...(hasCart === undefined ? {} : { has_cart: hasCart }),
  };
};

/**
 * The browser's token endpoint (the SDK's `/oauth2/token` calls come here, see the storefront's sdk.ts): the
 * access token of the cookie's session, renewed when due or made for a new visitor; a login's code exchange
 * goes on to the real endpoint and its tokens into the cookie. The page only ever sees access tokens.
 */
export function registerSessionRoutes(
  app: App,
  ctx: AppContext,
  sessions: Sessions,
  cookieOptions: () => { secure: boolean; maxAgeSeconds: number },
): void {
  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(403)
      .send(
        applicationErrorBody(
          'FORBIDDEN',
          `Request id ${request.id}: the session is for the store's own pages`,
        ),
      );

  app.post(
    '/_storefront/session/token',
    {
      config: open,
      schema: { hide: true, body: TokenRequest },
    },
    async (request, reply) => {
      if (!fromOwnPages(ctx, request)) return refuse(request, reply);
      reply.header('cache-control', 'no-store');
      const body = request.body as Record<string, unknown> & { grantType: string };
      const session = new RequestSession(
        sessions,
        parseSession(readCookies(request.headers.cookie).get(SESSION_COOKIE)),
      );
      const save = () => {
        if (session.changed) reply.header('set-cookie', sessionCookie(session.current, cookieOptions()));
      };
      if (body.grantType === 'anonymous' || body.grantType === 'refresh_token') {
        const tokens = await session.use(true);
        save();
        if (!tokens) return reply.code(400).send({ error: 'invalid_grant' });
        return tokenAnswer(ctx, tokens);
      }
      // A sign-in (authorization code): the real endpoint decides; a success becomes the member's session.
      const answer = await sessions.token(
        body,
        request.headers.origin ? { origin: request.headers.origin } : {},
      );
      const tokens =
        body.grantType === 'authorization_code' ? sessions.fromAnswer(answer, 'member') : undefined;
      if (!tokens) return reply.code(answer.status).send(answer.body);
      session.set(tokens);
      save();
      return tokenAnswer(ctx, tokens);
    },
  );

  // Whether the shopper of the page's access token has a cart: asked after an order is placed, which takes only
  // the lines it checked out (lines added in another tab stay), so the page reads a cart only if one is left.
  app.get('/_storefront/session/cart', { config: open, schema: { hide: true } }, async (request, reply) => {
    if (!fromOwnPages(ctx, request)) return refuse(request, reply);
    reply.header('cache-control', 'no-store');
    // The SDK sends the access token as it is; `Bearer <token>` is taken too.
    const bearer = /^(?:Bearer\s+)?(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const hasCart = bearer ? await accessTokenHasCart(ctx, bearer) : undefined;
    return hasCart === undefined ? {} : { has_cart: hasCart };
  });

  app.delete('/_storefront/session', { config: open, schema: { hide: true } }, async (request, reply) => {
    if (!fromOwnPages(ctx, request)) return refuse(request, reply);
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', sessionCookie(undefined, cookieOptions()))
      .send({});
  });
}
