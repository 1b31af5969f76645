import type { Module } from '../../platform/app.ts';
import { open, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { SESSION_PREFIXES, SessionParams } from './schemas.ts';
import { publicSession, shortUrlTarget } from './service.ts';

const route = routeOptions(['redirects']);

/** Reading a session (hosted storefront pages) and its short URL. Creating one is a flow (it checks clients). */
export const redirectRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, SESSION_PREFIXES, (r) => {
    r.get(
      '/:id',
      route(open, 'Intent and checked callbacks of a redirect session', { params: SessionParams }),
      async (request) => publicSession(ctx, request.params.id),
    );
  });
  app.get(
    '/r/:id',
    route(open, 'Short URL of a redirect session', { params: SessionParams }),
    async (request, reply) => reply.redirect(await shortUrlTarget(ctx, request.params.id), 302),
  );
};
