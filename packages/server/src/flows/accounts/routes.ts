import { Type } from '@sinclair/typebox';
import type { Module } from '../../platform/app.ts';
import { type Caller, credentials } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { admin, member, open, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { createChallenge } from '../../modules/identity/captcha.ts';
import { identityOf } from '../../modules/identity/members.ts';
import { callerMemberId } from '../../modules/identity/routes.ts';
import {
  ActivationEmailRequest,
  AuthResendRequest,
  AuthVerifyRequest,
  ChangePasswordRequest,
  FactorVerifyRequest,
  LoginRequest,
  LogoutQuery,
  RecoverRequest,
  RegisterRequest,
  SendRecoveryEmailRequest,
  SignOnRequest,
  ValidateEmailRequest,
  VerificationStartRequest,
} from '../../modules/identity/schemas.ts';
import {
  changePassword,
  login,
  recover,
  register,
  signOn,
  validateEmail,
  verifyStep,
} from '../../modules/identity/service.ts';
import { startPasskeySignIn } from '../../modules/identity/passkeys.ts';
import { familyOf } from '../../modules/oauth/authenticator.ts';
import { revokeMemberTokens } from '../../modules/oauth/tokens.ts';
import { requestBinding } from '../caller.ts';
import { logout } from '../sessions/logout.ts';
import { deviceTokenOf, rememberDevice } from './device.ts';
import { phoneFactorRoutes } from './factor-routes.ts';
import {
  answer,
  resend,
  sendActivationEmail,
  sendFactorCode,
  sendRecoveryEmail,
  startEmailVerification,
  verifyFactor,
} from './flow.ts';

const route = routeOptions(['identity']);
const FactorParams = Type.Object({ factorType: Type.String({ maxLength: 20 }) });
const SendCodeRequest = Type.Object({
  stateToken: Type.String({ maxLength: 200 }),
  /** Ignored: the path names the factor (clients may repeat it). */
  factorType: Type.Optional(Type.String({ maxLength: 20 })),
});
const ChallengeRequest = Type.Object({
  variant: Type.Optional(Type.Union([Type.Literal('INVISIBLE'), Type.Literal('VISIBLE')])),
});

/** The member a caller is signed in as: a pending step of someone else is refused. */
const stepOptions = (caller: Caller) => ({
  callerMemberId: caller.kind === 'member' ? caller.memberId : undefined,
});

/** Sign-up, sign-in, recovery and verification calls of oauth-and-identity §3. */
export const accountRoutes: Module = async (app, ctx) => {
  await phoneFactorRoutes(app, ctx);

  await underPrefixes(app, ['/_api/iam/authentication', '/iam/authentication'], (r) => {
    r.post(
      '/v2/register',
      route(open, 'Register a member (StateMachine)', { body: RegisterRequest }),
      async (request) =>
        answer(ctx, await register(ctx, request.body, await requestBinding(ctx, request), request.ip)),
    );
    r.post(
      '/v2/login',
      route(open, 'Sign in with e-mail and password (StateMachine)', { body: LoginRequest }),
      async (request) => {
        const binding = await requestBinding(ctx, request);
        const deviceToken = deviceTokenOf(request.headers.cookie);
        return answer(ctx, await login(ctx, request.body, binding, request.ip, { deviceToken }));
      },
    );
    r.post(
      '/v2/change-password',
      route(member, 'Change the signed-in member password', { body: ChangePasswordRequest }),
      async (request) => {
        const memberId = callerMemberId(request.caller);
        await changePassword(ctx, memberId, request.body.newPassword);
        // Other sessions end; the one that changed the password goes on.
        const current = credentials(request.headers.authorization)[0];
        await revokeMemberTokens(ctx, memberId, current ? await familyOf(ctx, current) : undefined);
        return {};
      },
    );
    r.post(
      '/v2/sign-on',
      route(admin, 'Trusted sign-on by the merchant server (admin key)', { body: SignOnRequest }),
      async (request) => {
        const { member, sessionToken } = await signOn(ctx, request.body, await requestBinding(ctx, request));
        return { sessionToken, identity: await identityOf(ctx.db, member) };
      },
    );
    r.post(
      '/v2/validate-email',
      route(open, 'Can this address register?', { body: ValidateEmailRequest }),
      async (request) => validateEmail(ctx, request.body.email, request.ip),
    );
    r.get(
      '/v1/logout',
      route(open, 'End the session and go to postLogoutRedirectUri', { querystring: LogoutQuery }),
      async (request, reply) => logout(ctx, request.query, reply),
    );
    r.post(
      '/v2/:factorType/verify',
      route(open, 'Verify a factor code (older clients)', {
        params: FactorParams,
        body: FactorVerifyRequest,
      }),
      async (request, reply) => {
        const { body, deviceToken } = await verifyFactor(
          ctx,
          request.params.factorType,
          request.body,
          stepOptions(request.caller),
        );
        if (deviceToken) rememberDevice(ctx, reply, deviceToken);
        return body;
      },
    );
    r.post(
      '/v2/WEBAUTHN/options',
      route(
        open,
        'Passwordless sign-in: options for any passkey of this store (Aisle); answer with WEBAUTHN/verify',
      ),
      async (request) => ({
        webAuthnOptions: await startPasskeySignIn(ctx, await requestBinding(ctx, request)),
      }),
    );
    r.post(
      '/v2/:factorType/send',
      route(
        open,
        'Send a new code by this factor for the pending second-factor step, or switch to it (Aisle)',
        { params: FactorParams, body: SendCodeRequest },
      ),
      async (request) =>
        sendFactorCode(ctx, request.params.factorType, request.body.stateToken, stepOptions(request.caller)),
    );
  });

  await underPrefixes(app, ['/_api/iam/recovery', '/_iam/recovery'], (r) => {
    r.post(
      '/v1/send-email',
      route(open, 'Mail a password-reset link', { body: SendRecoveryEmailRequest }),
      async (request) => sendRecoveryEmail(ctx, request.body, await requestBinding(ctx, request)),
    );
    r.post(
      '/v1/activation-email',
      route(admin, 'Mail an account-activation link (admin)', { body: ActivationEmailRequest }),
      async (request) => sendActivationEmail(ctx, request.body),
    );
    r.post(
      '/v1/recover',
      route(open, 'Set a new password from a mailed link', { body: RecoverRequest }),
      async (request) => {
        const outcome = await recover(ctx, request.body.recoveryToken, request.body.password);
        // A password reset ends every session of the member.
        await revokeMemberTokens(ctx, outcome.member.id);
        return answer(ctx, outcome);
      },
    );
  });

  await underPrefixes(app, ['/_api/iam/verification'], (r) => {
    for (const path of ['/v1/start', '/v1/Start']) {
      r.post(
        path,
        route(member, 'Mail a code to confirm the e-mail address', { body: VerificationStartRequest }),
        async (request) => {
          const caller = request.caller;
          if (caller.kind !== 'admin' && callerMemberId(caller) !== request.body.identityId)
            throw forbidden('A member can only verify its own address');
          return startEmailVerification(ctx, request.body.identityId, await requestBinding(ctx, request));
        },
      );
    }
    r.post(
      '/v1/auth/verify',
      route(open, 'Submit the mailed code (StateMachine)', { body: AuthVerifyRequest }),
      async (request) =>
        answer(
          ctx,
          await verifyStep(
            ctx,
            request.body.stateToken,
            request.body.code,
            undefined,
            stepOptions(request.caller),
          ),
        ),
    );
    r.post(
      '/v1/auth/resend',
      route(open, 'Mail the code again (StateMachine)', { body: AuthResendRequest }),
      async (request) => resend(ctx, request.body.stateToken, stepOptions(request.caller)),
    );
  });

  app.post(
    '/_api/iam/captcha/v1/challenges',
    route(open, 'A proof-of-work captcha challenge', { body: Type.Optional(ChallengeRequest) }),
    async (request) => ({ challenge: await createChallenge(ctx, request.body?.variant ?? 'INVISIBLE') }),
  );
};
