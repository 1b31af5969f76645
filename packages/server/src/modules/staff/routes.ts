import type { Module } from '../../platform/app.ts';
import { routeOptions } from '../../platform/routing.ts';
import type { AdminCaller } from '../../platform/auth.ts';
import type { FastifyRequest } from 'fastify';
import { listApiKeys, createIntegrationKey, revokeApiKey } from './api-keys.ts';
import { listAudit, recordAudit } from './audit.ts';
import { AuditQuery, CreateApiKeyRequest, IdParams } from './schemas.ts';

/** The admin caller of an admin route (the access check has made sure of it). */
export const adminCaller = (request: FastifyRequest) => request.caller as AdminCaller;

/**
 * API keys for integrations (owners: `keys.manage`) and the audit log (`audit.read`), which this module
 * writes from the outbox events that carry an actor.
 */
export const staffModuleRoutes: Module = (app, ctx) => {
  ctx.events.subscribe('*', (event) => recordAudit(ctx, event));
  const route = routeOptions(['staff']);
  const keys = { access: 'admin', permission: 'keys.manage' } as const;

  app.get('/aisle/v1/api-keys', route(keys, 'API keys (never the keys themselves)'), async () => ({
    apiKeys: await listApiKeys(ctx.db),
  }));
  app.post(
    '/aisle/v1/api-keys',
    route(keys, 'Create an API key; the answer shows it once', { body: CreateApiKeyRequest }),
    async (request) => createIntegrationKey(ctx, { ...request.body, createdBy: adminCaller(request).label }),
  );
  app.post(
    '/aisle/v1/api-keys/:id/revoke',
    route(keys, 'Revoke an API key', { params: IdParams }),
    async (request) => ({ apiKey: await revokeApiKey(ctx, request.params.id) }),
  );
  app.get(
    '/aisle/v1/audit-log',
    route({ access: 'admin', permission: 'audit.read' }, 'Who changed what, newest first', {
      querystring: AuditQuery,
    }),
    async (request) => listAudit(ctx, request.query),
  );
};
