import type { Module } from '../../platform/app.ts';
import { routeOptions, underPrefixes, visitor } from '../../platform/routing.ts';
import { RedirectSessionRequest, SESSION_PREFIXES } from '../../modules/redirects/schemas.ts';
import { requestBinding } from '../caller.ts';
import { createRedirectSession } from './flow.ts';

const route = routeOptions(['redirects']);

export const redirectSessionRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, SESSION_PREFIXES, (r) => {
    r.post(
      '',
      route(visitor, 'Create a redirect session (hosted pages, authorize, logout, member area)', {
        body: RedirectSessionRequest,
      }),
      async (request) =>
        createRedirectSession(ctx, request.body, request.caller, await requestBinding(ctx, request)),
    );
  });
};
