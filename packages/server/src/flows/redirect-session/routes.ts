import type { Module } from '../../platform/app.ts';
import { underPrefixes, visitor } from '../../platform/routing.ts';
import { RedirectSessionRequest } from '../../modules/redirects/schemas.ts';
import { requestBinding } from '../caller.ts';
import { createRedirectSession } from './flow.ts';

export const redirectSessionRoutes: Module = async (app, ctx) => {
  await underPrefixes(
    app,
    ['/_api/redirects-api/v1/redirect-session', '/headless/v1/redirect-session'],
    (r) => {
      r.post(
        '',
        {
          config: visitor,
          schema: {
            tags: ['redirects'],
            summary: 'Create a redirect session (hosted pages, authorize, logout, member area)',
            body: RedirectSessionRequest,
          },
        },
        async (request) =>
          createRedirectSession(ctx, request.body, request.caller, await requestBinding(ctx, request)),
      );
    },
  );
};
