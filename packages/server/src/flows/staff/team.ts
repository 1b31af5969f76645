import { eq } from 'drizzle-orm';
import { asActor } from '../../platform/actor.ts';
import type { AdminCaller } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { StaffRole } from '../../platform/permissions.ts';
import { mailerFor } from '../../modules/mail/mailer.ts';
import { renderMail } from '../../modules/mail/templates.ts';
import { storeDisplayName } from '../../modules/settings/store.ts';
import { emailKey, requireEmail } from '../../modules/identity/emails.ts';
import { checkPassword, hashPassword } from '../../modules/identity/passwords.ts';
import { newTotpSecret, totpEnrolment } from '../../modules/identity/totp.ts';
import { staffUsers } from '../../modules/staff/tables.ts';
import {
  createStaffToken,
  endStaffTokens,
  findStaffToken,
  spendStaffToken,
} from '../../modules/staff/tokens.ts';
import {
  findStaffByEmailKey,
  keepAnOwner,
  recordStaffEvent,
  requireStaff,
  type StaffWire,
  toStaffWire,
  updateStaff,
} from '../../modules/staff/users.ts';
import { type StaffSignIn, startSession } from './sign-in.ts';

/** Owners invite, change and revoke staff; invited staff choose their password from the mailed link. */

async function inviteMail(ctx: AppContext, to: string, link: string, role: StaffRole, by: string) {
  const store = await storeDisplayName(ctx);
  const title = 'You are invited to run the store';
  const body = renderMail({
    title,
    paragraphs: [
      `${by} invited you to the admin of ${store} as ${role.toLowerCase()}. Choose your password to accept:`,
    ],
    button: { label: 'Accept the invitation', url: link },
    footer: 'The link works once and expires in seven days.',
  });
  return { to, subject: `${title} · ${store}`, ...body, tag: 'staff-invite', data: { link } };
}

export async function inviteStaff(
  ctx: AppContext,
  caller: AdminCaller,
  input: { email: string; name?: string | undefined; role: StaffRole },
): Promise<StaffWire> {
  const email = requireEmail(input.email, 'email');
  const key = emailKey(email);
  const { row, token } = await ctx.events.transaction(async (tx) => {
    const existing = await findStaffByEmailKey(tx, key);
    if (existing?.status === 'ACTIVE')
      throw conflict('STAFF_EXISTS', 'This person is already on the staff; change their role instead');
    const fields = {
      email,
      name: input.name?.trim() ?? '',
      role: input.role,
      status: 'INVITED' as const,
      passwordHash: null,
      totpSecret: null,
      totpActive: false,
      totpLastStep: null,
      invitedBy: caller.label,
    };
    let row: typeof staffUsers.$inferSelect;
    if (existing) {
      // Invited again (a new link) or revoked earlier: the same row starts over.
      await endStaffTokens(ctx, tx, existing.id, ['invite', 'session', 'challenge']);
      row = await updateStaff(ctx, tx, existing.id, fields, 'invited');
    } else {
      const [inserted] = await tx
        .insert(staffUsers)
        .values({ ...fields, emailKey: key, createdDate: ctx.clock(), updatedDate: ctx.clock() })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw conflict('STAFF_EXISTS', 'This person was invited a moment ago');
      row = inserted;
      await recordStaffEvent(ctx, tx, row, 'invited');
    }
    const { token } = await createStaffToken(ctx, tx, 'invite', row.id);
    return { row, token };
  });
  const link = `${ctx.config.publicUrl}/admin/accept-invite#token=${encodeURIComponent(token)}`;
  await mailerFor(ctx).send(await inviteMail(ctx, email, link, input.role, caller.label));
  return toStaffWire(row);
}

/** The invitation link's page: who is invited, before they choose a password. */
export async function inviteDetails(ctx: AppContext, token: string): Promise<StaffWire> {
  const row = await findStaffToken(ctx, 'invite', token);
  if (!row?.staffId) throw badRequest('INVITE_EXPIRED', 'This invitation has expired or was used');
  return toStaffWire(await requireStaff(ctx.db, row.staffId));
}

export async function acceptInvite(
  ctx: AppContext,
  input: { token: string; password: string; name?: string | undefined },
): Promise<StaffSignIn> {
  const password = checkPassword(input.password, 'password');
  const passwordHash = await hashPassword(password, ctx.config.passwordHashCost);
  const user = await ctx.events.transaction(async (tx) => {
    const spent = await spendStaffToken(ctx, tx, 'invite', input.token);
    if (!spent?.staffId) throw badRequest('INVITE_EXPIRED', 'This invitation has expired or was used');
    const invited = await requireStaff(tx, spent.staffId);
    if (invited.status !== 'INVITED') throw badRequest('INVITE_EXPIRED', 'This invitation was withdrawn');
    return asActor({ kind: 'staff', id: invited.id, label: invited.email }, () =>
      updateStaff(ctx, tx, invited.id, {
        passwordHash,
        status: 'ACTIVE',
        ...(input.name?.trim() ? { name: input.name.trim() } : {}),
      }),
    );
  });
  return startSession(ctx, user);
}

/** Change a member of staff's role or name; nobody changes their own role, and an owner always remains. */
export async function changeStaff(
  ctx: AppContext,
  caller: AdminCaller,
  id: string,
  input: { role?: StaffRole | undefined; name?: string | undefined },
): Promise<StaffWire> {
  const row = await ctx.events.transaction(async (tx) => {
    const current = await requireStaff(tx, id);
    if (current.status === 'REVOKED') throw conflict('STAFF_REVOKED', 'Invite this person again instead');
    if (input.role && input.role !== current.role) {
      if (caller.staffId === id) throw conflict('OWN_ROLE', 'You cannot change your own role');
      if (current.role === 'OWNER' && current.status === 'ACTIVE') await keepAnOwner(tx, id);
    }
    return updateStaff(ctx, tx, id, {
      ...(input.role ? { role: input.role } : {}),
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    });
  });
  return toStaffWire(row);
}

/** Revoke: signed out at once, cannot sign in again; the row stays for the audit log. */
export async function revokeStaff(ctx: AppContext, caller: AdminCaller, id: string): Promise<StaffWire> {
  const row = await ctx.events.transaction(async (tx) => {
    const current = await requireStaff(tx, id);
    if (caller.staffId === id) throw conflict('OWN_ACCOUNT', 'You cannot revoke your own account');
    if (current.status === 'REVOKED') return current;
    if (current.role === 'OWNER' && current.status === 'ACTIVE') await keepAnOwner(tx, id);
    await endStaffTokens(ctx, tx, id, ['session', 'challenge', 'invite']);
    return updateStaff(ctx, tx, id, { status: 'REVOKED' }, 'revoked');
  });
  return toStaffWire(row);
}

/** An owner turns a member of staff's TOTP off (a lost phone): they sign in with the password, then enrol again. */
export async function resetStaffTotp(ctx: AppContext, id: string): Promise<StaffWire> {
  const row = await ctx.events.transaction(async (tx) => {
    await requireStaff(tx, id);
    return updateStaff(ctx, tx, id, { totpActive: false, totpSecret: null, totpLastStep: null });
  });
  return toStaffWire(row);
}

/** Start (or restart) one's own TOTP enrolment: a new secret, off until a first code confirms it. */
export async function startStaffTotp(ctx: AppContext, staffId: string) {
  const user = await requireStaff(ctx.db, staffId);
  if (user.totpActive) throw conflict('TOTP_ACTIVE', 'Two-step sign-in is already on; turn it off first');
  const secret = newTotpSecret();
  await ctx.db
    .update(staffUsers)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(eq(staffUsers.id, staffId));
  const issuer = `Aisle Admin (${new URL(ctx.config.publicUrl).host})`;
  return totpEnrolment(secret, user.email, issuer);
}
