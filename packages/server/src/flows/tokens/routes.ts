import type { Module } from '../../platform/app.ts';
import { applicationErrorBody } from '../../platform/errors.ts';
import { member, open, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { callerMemberId } from '../../modules/identity/routes.ts';
import { OAuthError } from '../../modules/oauth/errors.ts';
import { TokenRequest, tokenParams } from '../../modules/oauth/schemas.ts';
import { acceptForms } from '../forms.ts';
import { tokenGrant, userInfo } from './flow.ts';

const route = routeOptions(['oauth']);

/** The token endpoint and user-info, on `/oauth2` and its custom-host alias `/_api/oauth2`. */
export const tokenRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, ['/oauth2', '/_api/oauth2'], (r) => {
    acceptForms(r);
    // OAuth failures: the wire envelope, plus RFC 6749 `error` / `error_description` for plain OAuth clients.
    r.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof OAuthError)) throw error;
      reply.header('cache-control', 'no-store');
      return reply.status(error.status).send({
        ...applicationErrorBody(error.code, error.description, error.data),
        error: error.error,
        error_description: error.description,
      });
    });
    r.post(
      '/token',
      route(open, 'Issue tokens: anonymous, refresh_token, authorization_code, authorized_client', {
        body: TokenRequest,
      }),
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return tokenGrant(
          ctx,
          tokenParams(request.body),
          request.caller,
          request.headers.authorization,
          request.ip,
        );
      },
    );
    r.get('/user-info', route(member, 'Claims of the signed-in member'), async (request) =>
      userInfo(ctx, callerMemberId(request.caller)),
    );
  });
};
