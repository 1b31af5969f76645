import type { Module } from '../../platform/app.ts';
import { credentials } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { permissionsOf } from '../../platform/permissions.ts';
import { adminCaller } from '../../modules/staff/routes.ts';
import {
  AcceptInviteRequest,
  ChangePasswordRequest,
  CodeRequest,
  IdParams,
  InviteRequest,
  InviteTokenRequest,
  PasswordRequest,
  SetupRequest,
  SignInRequest,
  TotpStepRequest,
  UpdateStaffRequest,
} from '../../modules/staff/schemas.ts';
import { SESSION_PREFIX, spendStaffToken } from '../../modules/staff/tokens.ts';
import { listStaff, ownerExists, requireStaff, toStaffWire } from '../../modules/staff/users.ts';
import {
  activateStaffTotp,
  changePassword,
  createOwner,
  finishTotp,
  removeStaffTotp,
  signIn,
} from './sign-in.ts';
import {
  acceptInvite,
  changeStaff,
  inviteDetails,
  inviteStaff,
  resetStaffTotp,
  revokeStaff,
  startStaffTotp,
} from './team.ts';
import type { FastifyRequest } from 'fastify';
import { open, routeOptions } from '../../platform/routing.ts';

const PATH = '/aisle/v1/staff';
const route = routeOptions(['staff']);
const self = { access: 'admin', permission: 'account.self' } as const;
const manage = { access: 'admin', permission: 'staff.manage' } as const;

/** The member of staff behind a staff session; API keys have no account of their own. */
function staffIdOf(request: FastifyRequest): string {
  const id = adminCaller(request).staffId;
  if (!id) throw forbidden('Sign in with a staff account to change it (an API key has none)');
  return id;
}

/** Staff sign-in, the first owner, invitations, one's own account, and the owners' staff management. */
export const staffRoutes: Module = (app, ctx) => {
  app.get(`${PATH}/setup`, route(open, 'Whether the store has an owner account yet'), async () => ({
    ownerExists: await ownerExists(ctx.db),
  }));
  app.post(
    `${PATH}/setup`,
    route(
      open,
      'Create the first owner account (with the setup code printed at start or the admin API key)',
      { body: SetupRequest },
    ),
    async (request) => createOwner(ctx, request.body),
  );
  app.post(
    `${PATH}/sign-in`,
    route(open, 'Sign in with e-mail and password', { body: SignInRequest }),
    async (request) => signIn(ctx, request.body, request.ip),
  );
  app.post(
    `${PATH}/sign-in/totp`,
    route(open, 'Finish signing in with the TOTP code', { body: TotpStepRequest }),
    async (request) => finishTotp(ctx, request.body, request.ip),
  );
  app.post(
    `${PATH}/invites/inspect`,
    route(open, 'Who an invitation is for', { body: InviteTokenRequest }),
    async (request) => ({ staff: await inviteDetails(ctx, request.body.token) }),
  );
  app.post(
    `${PATH}/invites/accept`,
    route(open, 'Accept an invitation: choose a password, signed in', { body: AcceptInviteRequest }),
    async (request) => acceptInvite(ctx, request.body),
  );

  app.get(
    `${PATH}/me`,
    route(self, 'The caller: role, permissions, and the staff account if any'),
    async (request) => {
      const caller = adminCaller(request);
      const staff = caller.staffId ? toStaffWire(await requireStaff(ctx.db, caller.staffId)) : undefined;
      return {
        role: caller.role,
        permissions: permissionsOf(caller.role),
        ...(staff ? { staff } : { apiKey: { id: caller.keyId, name: caller.label } }),
      };
    },
  );
  app.post(`${PATH}/sign-out`, route(self, 'End this staff session'), async (request) => {
    for (const token of credentials(request.headers.authorization))
      if (token.startsWith(SESSION_PREFIX)) await spendStaffToken(ctx, ctx.db, 'session', token);
    return {};
  });
  app.post(
    `${PATH}/me/password`,
    route(self, 'Change your password', { body: ChangePasswordRequest }),
    async (request) => ({
      staff: await changePassword(ctx, staffIdOf(request), request.body, request.ip),
    }),
  );
  app.post(
    `${PATH}/me/totp`,
    route(self, 'Start TOTP enrolment (secret, otpauth URI, QR code)'),
    async (request) => ({ enrolment: await startStaffTotp(ctx, staffIdOf(request)) }),
  );
  app.post(
    `${PATH}/me/totp/activate`,
    route(self, 'Turn TOTP on with a first code', { body: CodeRequest }),
    async (request) => ({ staff: await activateStaffTotp(ctx, staffIdOf(request), request.body.code) }),
  );
  app.post(
    `${PATH}/me/totp/remove`,
    route(self, 'Turn TOTP off (with your password)', { body: PasswordRequest }),
    async (request) => ({
      staff: await removeStaffTotp(ctx, staffIdOf(request), request.body.password, request.ip),
    }),
  );

  app.get(PATH, route(manage, 'Everyone on the staff'), async () => ({
    staff: (await listStaff(ctx.db)).map(toStaffWire),
  }));
  app.post(
    `${PATH}/invites`,
    route(manage, 'Invite someone by e-mail', { body: InviteRequest }),
    async (request) => ({ staff: await inviteStaff(ctx, adminCaller(request), request.body) }),
  );
  app.patch(
    `${PATH}/:id`,
    route(manage, 'Change a role or name', { params: IdParams, body: UpdateStaffRequest }),
    async (request) => ({
      staff: await changeStaff(ctx, adminCaller(request), request.params.id, request.body),
    }),
  );
  app.post(
    `${PATH}/:id/revoke`,
    route(manage, 'Revoke: signed out, cannot sign in', { params: IdParams }),
    async (request) => ({ staff: await revokeStaff(ctx, adminCaller(request), request.params.id) }),
  );
  app.post(
    `${PATH}/:id/reset-totp`,
    route(manage, 'Turn off their TOTP (lost device)', { params: IdParams }),
    async (request) => ({ staff: await resetStaffTotp(ctx, request.params.id) }),
  );
};
