import { Type } from '@sinclair/typebox';
import type { Module } from '../../platform/app.ts';
import { callerMemberId } from './caller.ts';
import { admin, member, routeOptions, underPrefixes } from '../../platform/routing.ts';
import {
  getPolicies,
  identityOf,
  type Member,
  requireMember,
  setPolicies,
  updateProfile,
} from './members.ts';
import { memberWireRoutes } from './member-routes.ts';
import {
  finishPasskeyEnrolment,
  listPasskeys,
  type RegistrationResponseJSON,
  removePasskey,
  startPasskeyEnrolment,
} from './passkeys.ts';
import { PasskeyEnrolRequest, PasskeyParams, PoliciesPatch, UpdateProfileRequest } from './schemas.ts';
import { enableEmailFactor, listFactors, removeFactor } from './factors.ts';
import { activateTotp, startTotpEnrolment } from './totp.ts';

const route = routeOptions(['members']);

export { callerMemberId } from './caller.ts';

const FactorParams = Type.Object({
  type: Type.Union([
    Type.Literal('EMAIL'),
    Type.Literal('TOTP'),
    Type.Literal('SMS'),
    Type.Literal('CALL'),
    Type.Literal('WEBAUTHN'),
  ]),
});
const CodeBody = Type.Object({ code: Type.String({ maxLength: 20 }) });

/**
 * Members: `/members/v1/members/me` (Aisle's own calls, answering the identity) and the wire's
 * `/members/v1/members/my`, `/{id}`, list, query and bulk calls (`member-routes.ts`, answering the member).
 * A member token can only ever reach its own row.
 */
export const memberRoutes: Module = async (app, ctx) => {
  /** The answer of a call that changes or reads the signed-in member: its identity as it is now. */
  const answerMember = async (row: Member) => ({ member: await identityOf(ctx.db, row) });
  await underPrefixes(app, ['/members/v1', '/_api/members/v1'], (r) => {
    r.get('/members/me', route(member, 'The signed-in member'), async (request) =>
      answerMember(await requireMember(ctx.db, callerMemberId(request.caller))),
    );
    r.patch(
      '/members/me',
      route(member, 'Edit the signed-in member profile', { body: UpdateProfileRequest }),
      async (request) =>
        answerMember(await updateProfile(ctx, callerMemberId(request.caller), request.body.profile)),
    );
    r.get(
      '/members/me/factors',
      route(member, 'The signed-in member’s factors (masked phone numbers and address)'),
      async (request) => ({ factors: await listFactors(ctx, callerMemberId(request.caller)) }),
    );
    r.post(
      '/members/me/factors/totp',
      route(member, 'Start TOTP enrolment (secret, otpauth URI, QR code)'),
      async (request) => {
        const row = await requireMember(ctx.db, callerMemberId(request.caller));
        return { enrolment: await startTotpEnrolment(ctx, row.id, row.email) };
      },
    );
    r.post(
      '/members/me/factors/totp/activate',
      route(member, 'Confirm TOTP enrolment with a first code', { body: CodeBody }),
      async (request) => {
        const id = callerMemberId(request.caller);
        await activateTotp(ctx, id, request.body.code);
        return answerMember(await requireMember(ctx.db, id));
      },
    );
    r.post('/members/me/factors/email', route(member, 'Turn on e-mailed sign-in codes'), async (request) =>
      answerMember(await enableEmailFactor(ctx, callerMemberId(request.caller))),
    );
    r.post(
      '/members/me/passkeys/options',
      route(member, 'Start adding a passkey: options for navigator.credentials.create'),
      async (request) => ({
        webAuthnOptions: await startPasskeyEnrolment(ctx, callerMemberId(request.caller)),
      }),
    );
    r.post(
      '/members/me/passkeys',
      route(member, 'Add a passkey (the browser’s answer); turns the WEBAUTHN factor on', {
        body: PasskeyEnrolRequest,
      }),
      async (request) => {
        const id = callerMemberId(request.caller);
        const passkey = await finishPasskeyEnrolment(
          ctx,
          id,
          request.body.response as RegistrationResponseJSON,
          request.body.name,
        );
        return { passkey, member: await identityOf(ctx.db, await requireMember(ctx.db, id)) };
      },
    );
    r.get('/members/me/passkeys', route(member, 'The signed-in member’s passkeys'), async (request) => ({
      passkeys: await listPasskeys(ctx, callerMemberId(request.caller)),
    }));
    r.delete(
      '/members/me/passkeys/:id',
      route(member, 'Remove a passkey', { params: PasskeyParams }),
      async (request) => ({
        passkeys: await removePasskey(ctx, callerMemberId(request.caller), request.params.id),
      }),
    );
    r.delete(
      '/members/me/factors/:type',
      route(member, 'Remove a second factor', { params: FactorParams }),
      async (request) =>
        answerMember(await removeFactor(ctx, callerMemberId(request.caller), request.params.type)),
    );

    memberWireRoutes(r, ctx);
    r.get('/policies', route(admin, 'Sign-up policies'), async () => ({
      policies: await getPolicies(ctx.db),
    }));
    r.patch(
      '/policies',
      route(admin, 'Change sign-up policies', { body: PoliciesPatch }),
      async (request) => ({ policies: await setPolicies(ctx, request.body) }),
    );
  });
};
