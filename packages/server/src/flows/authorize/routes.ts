import { Type } from '@sinclair/typebox';
import type { Module } from '../../platform/app.ts';
import { open, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { acceptForms } from '../forms.ts';
import { type AuthorizeForm, type AuthorizeQuery, authorize, submitLogin } from './flow.ts';

const route = routeOptions(['oauth']);
const Param = Type.Optional(Type.String({ maxLength: 2000 }));
/** Loose on purpose: every problem is answered by the flow, as an error page or an OAuth error to the client. */
const AuthorizeParams = Type.Object({
  client_id: Param,
  redirect_uri: Param,
  response_type: Param,
  response_mode: Param,
  state: Param,
  code_challenge: Param,
  code_challenge_method: Param,
  scope: Param,
  prompt: Param,
  nonce: Param,
  idp: Param,
  sessionToken: Param,
});
const LoginForm = Type.Composite([
  AuthorizeParams,
  Type.Object({
    step: Param,
    email: Param,
    password: Param,
    captcha: Param,
    stateToken: Param,
    code: Param,
    factorType: Param,
    verifying: Param,
    remember: Param,
  }),
]);

/** The authorize step: `GET` answers at once or shows the hosted login page, whose form `POST`s back here. */
export const authorizeRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, ['/oauth2', '/_api/oauth2'], (r) => {
    acceptForms(r);
    r.get(
      '/authorize',
      route(open, 'OAuth 2 authorize step (PKCE S256; fragment, query or web_message)', {
        querystring: AuthorizeParams,
      }),
      async (request, reply) => authorize(ctx, request.query as AuthorizeQuery, reply),
    );
    r.post(
      '/authorize',
      route(open, 'Hosted login form submission', { body: LoginForm }),
      async (request, reply) =>
        submitLogin(ctx, request.body as AuthorizeForm, request.ip, reply, request.headers.cookie),
    );
  });
};
