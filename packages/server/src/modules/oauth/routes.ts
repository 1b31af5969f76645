import type { Module } from '../../platform/app.ts';
import { admin, open, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { createClient, deleteClient, listClients, updateClient } from './clients.ts';
import { keyStore } from './keys.ts';
import { ClientBody, ClientParams, TokenInfoRequest } from './schemas.ts';
import { tokenInfo } from './tokens.ts';

const route = routeOptions(['oauth']);

/** JWKS and introspection on the OAuth prefixes; merchant administration of OAuth clients. */
export const oauthRoutes: Module = async (app, ctx) => {
  // First start creates the signing key; every start loads the keys before the first request.
  await keyStore(ctx).ready();
  await underPrefixes(app, ['/oauth2', '/_api/oauth2'], (r) => {
    r.get('/jwks', route(open, 'Public keys that sign access tokens (JWKS)'), async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return keyStore(ctx).jwks();
    });
    r.post(
      '/token-info',
      route(open, 'Introspect an access token', { body: TokenInfoRequest }),
      async (request) => tokenInfo(ctx, request.body.token),
    );
  });

  app.get('/v1/oauth-clients', route(admin, 'List OAuth clients'), async () => ({
    clients: await listClients(ctx.db),
  }));
  app.post(
    '/v1/oauth-clients',
    route(admin, 'Register a public OAuth client', { body: ClientBody }),
    async (request) => ({ client: await createClient(ctx, request.body) }),
  );
  app.patch(
    '/v1/oauth-clients/:id',
    route(admin, 'Edit an OAuth client', { params: ClientParams, body: ClientBody }),
    async (request) => ({ client: await updateClient(ctx, request.params.id, request.body) }),
  );
  app.delete(
    '/v1/oauth-clients/:id',
    route(admin, 'Remove an OAuth client', { params: ClientParams }),
    async (request) => {
      await deleteClient(ctx, request.params.id);
      return {};
    },
  );
};
