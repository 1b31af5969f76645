import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { asActor } from '../../platform/actor.ts';
import { API_KEY_PREFIX, hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { roleOf } from '../../platform/permissions.ts';
import { apiKeys } from '../../platform/tables.ts';
import { emailKey, requireEmail } from '../../modules/identity/emails.ts';
import { checkPassword, hashPassword, verifyPassword } from '../../modules/identity/passwords.ts';
import {
  assertNotThrottled,
  clearFailures,
  recordFailure,
  type ThrottleKeys,
} from '../../modules/identity/throttle.ts';
import { base32Decode, matchStep } from '../../modules/identity/totp.ts';
import { staffUsers } from '../../modules/staff/tables.ts';
import {
  countAttempt,
  createStaffToken,
  findStaffToken,
  spendStaffToken,
} from '../../modules/staff/tokens.ts';
import {
  findStaffByEmailKey,
  ownerExists,
  recordStaffEvent,
  requireStaff,
  type StaffUser,
  type StaffWire,
  toStaffWire,
  updateStaff,
} from '../../modules/staff/users.ts';

/**
 * Staff sign-in: e-mail and password (argon2id, the shoppers' password code), then the TOTP code when the
 * member of staff has turned it on. Failures are throttled per account and per client address like the
 * shoppers' (the same `login_failures` windows, under keys of their own).
 */

export type StaffSignIn =
  | { state: 'SIGNED_IN'; token: string; expiresDate: string; staff: StaffWire }
  | { state: 'TOTP_REQUIRED'; challengeToken: string };

const staffKeys = (email: string, ip: string): ThrottleKeys => ({
  account: `staff:${emailKey(email)}`,
  ip: `staff-ip:${ip}`,
});

const WRONG = () => badRequest('INVALID_CREDENTIALS', 'Wrong e-mail address or password');
const WRONG_CODE = () => badRequest('INVALID_CODE', 'The code does not match; check the time on your device');
const CHALLENGE_GONE = () =>
  badRequest('CHALLENGE_EXPIRED', 'This sign-in step has expired or had too many tries; sign in again');

/** A new session for an active member of staff. */
export async function startSession(ctx: AppContext, user: StaffUser): Promise<StaffSignIn> {
  const { token, expiresDate } = await createStaffToken(ctx, ctx.db, 'session', user.id);
  const [row] = await ctx.db
    .update(staffUsers)
    .set({ lastLoginDate: ctx.clock() })
    .where(eq(staffUsers.id, user.id))
    .returning();
  return {
    state: 'SIGNED_IN',
    token,
    expiresDate: expiresDate.toISOString(),
    staff: toStaffWire(row ?? user),
  };
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string },
  ip: string,
): Promise<StaffSignIn> {
  const email = requireEmail(input.email, 'email');
  const keys = staffKeys(email, ip);
  await assertNotThrottled(ctx, keys);
  const found = await findStaffByEmailKey(ctx.db, emailKey(email));
  const user = found?.status === 'ACTIVE' ? found : undefined;
  const ok =
    input.password.length > 0 &&
    (await verifyPassword(user?.passwordHash, input.password, ctx.config.passwordHashCost));
  if (!ok || !user) {
    await recordFailure(ctx, keys);
    throw WRONG();
  }
  if (user.totpActive) {
    const { token } = await createStaffToken(ctx, ctx.db, 'challenge', user.id);
    return { state: 'TOTP_REQUIRED', challengeToken: token };
  }
  await clearFailures(ctx, keys);
  return startSession(ctx, user);
}

/** Claim a TOTP step for a member of staff: a code is accepted once, and only for the current secret. */
async function claimStep(ctx: AppContext, user: StaffUser, code: string, active: boolean) {
  if (!user.totpSecret) return undefined;
  const step = matchStep(base32Decode(user.totpSecret), code.trim(), ctx.clock());
  if (step === undefined) return undefined;
  const [claimed] = await ctx.db
    .update(staffUsers)
    .set({ totpLastStep: step, totpActive: true, updatedDate: ctx.clock() })
    .where(
      and(
        eq(staffUsers.id, user.id),
        eq(staffUsers.totpSecret, user.totpSecret),
        eq(staffUsers.totpActive, active),
        or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
      ),
    )
    .returning();
  return claimed;
}

export async function finishTotp(
  ctx: AppContext,
  input: { challengeToken: string; code: string },
  ip: string,
): Promise<StaffSignIn> {
  const challenge = await findStaffToken(ctx, 'challenge', input.challengeToken);
  if (!challenge?.staffId) throw CHALLENGE_GONE();
  const user = await requireStaff(ctx.db, challenge.staffId);
  const keys = staffKeys(user.email, ip);
  await assertNotThrottled(ctx, keys);
  if (!(await countAttempt(ctx, input.challengeToken))) throw CHALLENGE_GONE();
  if (user.status !== 'ACTIVE' || !user.totpActive || !(await claimStep(ctx, user, input.code, true))) {
    await recordFailure(ctx, keys);
    throw WRONG_CODE();
  }
  if (!(await spendStaffToken(ctx, ctx.db, 'challenge', input.challengeToken))) throw CHALLENGE_GONE();
  await clearFailures(ctx, keys);
  return startSession(ctx, user);
}

/**
 * The first owner account. Allowed only while no active owner exists, and only with the setup code printed
 * at start (single use) or an API key with the owner role (the bootstrap key). Serialised by an advisory
 * lock, so two forms sent at once make one owner.
 */
export async function createOwner(
  ctx: AppContext,
  input: { setupCode: string; email: string; name?: string | undefined; password: string },
): Promise<StaffSignIn> {
  const email = requireEmail(input.email, 'email');
  const password = checkPassword(input.password, 'password');
  const passwordHash = await hashPassword(password, ctx.config.passwordHashCost);
  const user = await ctx.events.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('aisle.staff.setup'))`);
    if (await ownerExists(tx)) throw conflict('OWNER_EXISTS', 'The store already has an owner; sign in');
    const code = input.setupCode.trim();
    let allowed = false;
    if (code.startsWith(API_KEY_PREFIX)) {
      const [key] = await tx
        .select({ role: apiKeys.role })
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, hashSecret(code)), isNull(apiKeys.revokedDate)));
      allowed = key !== undefined && roleOf(key.role) === 'OWNER';
    } else {
      allowed = (await spendStaffToken(ctx, tx, 'setup', code)) !== undefined;
    }
    if (!allowed)
      throw forbidden(
        'The setup code is wrong or was used; use the code printed at start or the admin API key',
      );
    const key = emailKey(email);
    const [row] = await tx
      .insert(staffUsers)
      .values({
        email,
        emailKey: key,
        name: input.name?.trim() ?? '',
        role: 'OWNER',
        status: 'ACTIVE',
        passwordHash,
        createdDate: ctx.clock(),
        updatedDate: ctx.clock(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('STAFF_EXISTS', 'A member of staff with this e-mail address already exists');
    await asActor({ kind: 'staff', id: row.id, label: row.email }, () =>
      recordStaffEvent(ctx, tx, row, 'created'),
    );
    return row;
  });
  return startSession(ctx, user);
}

/** Change one's own password (the current one is checked, and counts as a sign-in failure when wrong). */
export async function changePassword(
  ctx: AppContext,
  staffId: string,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<StaffWire> {
  const user = await requireStaff(ctx.db, staffId);
  const keys = staffKeys(user.email, ip);
  await assertNotThrottled(ctx, keys);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword, ctx.config.passwordHashCost))) {
    await recordFailure(ctx, keys);
    throw new AppError(400, 'INVALID_CREDENTIALS', 'The current password is wrong', {
      field: 'currentPassword',
    });
  }
  const passwordHash = await hashPassword(
    checkPassword(input.newPassword, 'newPassword'),
    ctx.config.passwordHashCost,
  );
  const row = await ctx.events.transaction((tx) => updateStaff(ctx, tx, staffId, { passwordHash }));
  return toStaffWire(row);
}

/** Check a TOTP code of an enrolment in progress and turn TOTP on. */
export async function activateStaffTotp(ctx: AppContext, staffId: string, code: string): Promise<StaffWire> {
  const user = await requireStaff(ctx.db, staffId);
  if (user.totpActive) throw conflict('TOTP_ACTIVE', 'Two-step sign-in is already on');
  const claimed = await claimStep(ctx, user, code, false);
  if (!claimed) throw WRONG_CODE();
  await ctx.events.transaction((tx) => recordStaffEvent(ctx, tx, claimed, 'updated'));
  return toStaffWire(claimed);
}

/** Turn TOTP off for oneself, with the password. */
export async function removeStaffTotp(ctx: AppContext, staffId: string, password: string, ip: string) {
  const user = await requireStaff(ctx.db, staffId);
  const keys = staffKeys(user.email, ip);
  await assertNotThrottled(ctx, keys);
  if (!(await verifyPassword(user.passwordHash, password, ctx.config.passwordHashCost))) {
    await recordFailure(ctx, keys);
    throw new AppError(400, 'INVALID_CREDENTIALS', 'The password is wrong', { field: 'password' });
  }
  const row = await ctx.events.transaction((tx) =>
    updateStaff(ctx, tx, staffId, { totpActive: false, totpSecret: null, totpLastStep: null }),
  );
  return toStaffWire(row);
}
