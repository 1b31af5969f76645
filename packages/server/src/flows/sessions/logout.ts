import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { findClient, returnUrl } from '../../modules/oauth/clients.ts';
import { errorPage } from '../html.ts';

/**
 * `GET /v1/logout`: tokens live in the client, which clears them; the server-side session (refresh-token family)
 * ended when the logout redirect session was created. Only registered URLs are redirected to.
 */
export async function logout(
  ctx: AppContext,
  query: { postLogoutRedirectUri?: string | undefined; clientId?: string | undefined },
  reply: FastifyReply,
) {
  const target = query.postLogoutRedirectUri;
  const client = query.clientId ? await findClient(ctx.db, query.clientId) : undefined;
  if (query.clientId && !client)
    return errorPage(
      reply,
      400,
      'Unknown application',
      'The application that sent you here is not registered.',
    );
  if (!target) return reply.redirect(`${ctx.config.publicUrl}/`, 302);
  const allowed = returnUrl(ctx, client, target);
  if (!allowed)
    return errorPage(
      reply,
      400,
      'You are signed out',
      'The page you came from asked to send you to an address it has not registered, so we stopped here.',
    );
  return reply.header('cache-control', 'no-store').redirect(allowed, 302);
}
