import { Type } from '@sinclair/typebox';
import type { Module } from '../../platform/app.ts';
import type { Caller } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { underPrefixes } from '../../platform/routing.ts';
import {
  adminAction,
  getPolicies,
  identityOf,
  listMembers,
  requireMember,
  setPolicies,
  toIdentity,
  updateProfile,
} from './members.ts';
import { ListMembersQuery, MemberIdParams, PoliciesPatch, UpdateProfileRequest } from './schemas.ts';
import { enableEmailFactor, listFactors, removeFactor } from './factors.ts';
import { activateTotp, startTotpEnrolment } from './totp.ts';

const tags = ['members'];

/** The member behind a member token; anything else (visitor, admin key) is refused. */
export function callerMemberId(caller: Caller): string {
  if (caller.kind !== 'member') throw forbidden('Only a signed-in member can call this');
  return caller.memberId;
}

const member = { access: 'member' as const };
const admin = { access: 'admin' as const };
const FactorParams = Type.Object({
  type: Type.Union([Type.Literal('EMAIL'), Type.Literal('TOTP'), Type.Literal('SMS'), Type.Literal('CALL')]),
});
const CodeBody = Type.Object({ code: Type.String({ maxLength: 20 }) });

/**
 * Members: `/members/v1/members/me` for the signed-in member, the rest for the merchant (admin key). A member
 * token can only ever reach its own row.
 */
export const memberRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, ['/members/v1', '/_api/members/v1'], (r) => {
    r.get(
      '/members/me',
      { config: member, schema: { tags, summary: 'The signed-in member' } },
      async (request) => {
        const row = await requireMember(ctx.db, callerMemberId(request.caller));
        return { member: await identityOf(ctx.db, row) };
      },
    );
    r.patch(
      '/members/me',
      {
        config: member,
        schema: { tags, summary: 'Edit the signed-in member profile', body: UpdateProfileRequest },
      },
      async (request) => {
        const row = await updateProfile(ctx, callerMemberId(request.caller), request.body.profile);
        return { member: await identityOf(ctx.db, row) };
      },
    );
    r.get(
      '/members/me/factors',
      {
        config: member,
        schema: { tags, summary: 'The signed-in member’s factors (masked phone numbers and address)' },
      },
      async (request) => ({ factors: await listFactors(ctx, callerMemberId(request.caller)) }),
    );
    r.post(
      '/members/me/factors/totp',
      { config: member, schema: { tags, summary: 'Start TOTP enrolment (secret, otpauth URI, QR code)' } },
      async (request) => {
        const row = await requireMember(ctx.db, callerMemberId(request.caller));
        return { enrolment: await startTotpEnrolment(ctx, row.id, row.email) };
      },
    );
    r.post(
      '/members/me/factors/totp/activate',
      {
        config: member,
        schema: { tags, summary: 'Confirm TOTP enrolment with a first code', body: CodeBody },
      },
      async (request) => {
        const id = callerMemberId(request.caller);
        await activateTotp(ctx, id, request.body.code);
        return { member: await identityOf(ctx.db, await requireMember(ctx.db, id)) };
      },
    );
    r.post(
      '/members/me/factors/email',
      { config: member, schema: { tags, summary: 'Turn on e-mailed sign-in codes' } },
      async (request) => ({
        member: await identityOf(ctx.db, await enableEmailFactor(ctx, callerMemberId(request.caller))),
      }),
    );
    r.delete(
      '/members/me/factors/:type',
      { config: member, schema: { tags, summary: 'Remove a second factor', params: FactorParams } },
      async (request) => {
        const row = await removeFactor(ctx, callerMemberId(request.caller), request.params.type);
        return { member: await identityOf(ctx.db, row) };
      },
    );

    r.get(
      '/members',
      { config: admin, schema: { tags, summary: 'List members', querystring: ListMembersQuery } },
      async (request) => {
        const page = await listMembers(ctx.db, request.query);
        return { members: page.members.map((m) => toIdentity(m)), metadata: page.metadata };
      },
    );
    r.get(
      '/members/:id',
      {
        config: member,
        schema: { tags, summary: 'One member (admin, or the member itself)', params: MemberIdParams },
      },
      async (request) => {
        const caller = request.caller;
        if (caller.kind !== 'admin' && callerMemberId(caller) !== request.params.id)
          throw forbidden('A member can only read its own data');
        return { member: await identityOf(ctx.db, await requireMember(ctx.db, request.params.id)) };
      },
    );
    for (const action of ['approve', 'block', 'unblock'] as const) {
      r.post(
        `/members/:id/${action}`,
        { config: admin, schema: { tags, summary: `${action} a member`, params: MemberIdParams } },
        async (request) => ({ member: toIdentity(await adminAction(ctx, request.params.id, action)) }),
      );
    }
    r.delete(
      '/members/:id',
      { config: admin, schema: { tags, summary: 'Delete a member', params: MemberIdParams } },
      async (request) => {
        await adminAction(ctx, request.params.id, 'delete');
        return {};
      },
    );
    r.get('/policies', { config: admin, schema: { tags, summary: 'Sign-up policies' } }, async () => ({
      policies: await getPolicies(ctx.db),
    }));
    r.patch(
      '/policies',
      { config: admin, schema: { tags, summary: 'Change sign-up policies', body: PoliciesPatch } },
      async (request) => ({ policies: await setPolicies(ctx, request.body) }),
    );
  });
};
