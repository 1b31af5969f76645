import type { OnTheWire, StaffMember } from '@aisle/sdk';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, firstRow } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { staffUsers } from './tables.ts';
import { UUID } from '../../platform/uuid.ts';

export type StaffUser = typeof staffUsers.$inferSelect;

/** A member of staff on the wire: never the password hash or the TOTP secret. */
export type StaffWire = OnTheWire<StaffMember>;

export function toStaffWire(row: StaffUser): StaffWire {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    totpEnabled: row.totpActive,
    ...(row.invitedBy ? { invitedBy: row.invitedBy } : {}),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    ...(row.lastLoginDate ? { lastLoginDate: row.lastLoginDate.toISOString() } : {}),
  };
}

export const STAFF_ENTITY = 'staff_user';

/** Record a change of a staff row (the audit log shows it; its payload has no secrets). */
export async function recordStaffEvent(
  ctx: AppContext,
  tx: Db,
  row: StaffUser,
  type: 'created' | 'updated' | 'revoked' | 'invited',
): Promise<void> {
  await ctx.events.record(tx, {
    entity: STAFF_ENTITY,
    entityId: row.id,
    type,
    payload: { staff: toStaffWire(row) },
  });
}

export async function findStaff(db: Db, id: string): Promise<StaffUser | undefined> {
  if (!UUID.test(id)) return undefined;
  return firstRow(db, staffUsers, eq(staffUsers.id, id));
}

export async function requireStaff(db: Db, id: string): Promise<StaffUser> {
  const row = await findStaff(db, id);
  if (!row) throw notFound('STAFF_NOT_FOUND', `No member of staff "${id}"`);
  return row;
}

export async function findStaffByEmailKey(db: Db, emailKey: string): Promise<StaffUser | undefined> {
  return firstRow(db, staffUsers, eq(staffUsers.emailKey, emailKey));
}

/** Everyone, invited and revoked included, oldest first. */
export async function listStaff(db: Db): Promise<StaffUser[]> {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.createdDate), asc(staffUsers.id));
}

/** Whether an active owner exists (the sign-in page offers creating one until then). */
export async function ownerExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'OWNER'), eq(staffUsers.status, 'ACTIVE')));
  return Number(row?.n ?? 0) > 0;
}

/** Change a staff row, bump `updatedDate`, and record the event, in `tx`. */
export async function updateStaff(
  ctx: AppContext,
  tx: Db,
  id: string,
  changes: Partial<Omit<StaffUser, 'id' | 'createdDate'>>,
  event: 'updated' | 'revoked' | 'invited' | null = 'updated',
): Promise<StaffUser> {
  const [row] = await tx
    .update(staffUsers)
    .set({ ...changes, updatedDate: ctx.clock() })
    .where(eq(staffUsers.id, id))
    .returning();
  if (!row) throw notFound('STAFF_NOT_FOUND', `No member of staff "${id}"`);
  if (event) await recordStaffEvent(ctx, tx, row, event);
  return row;
}

/**
 * Refuse a change that would leave the store without an active owner: `id` stops being one. Locks the owner
 * rows first, so two owners demoting each other at once cannot both succeed.
 */
export async function keepAnOwner(tx: Db, id: string): Promise<void> {
  await tx.execute(
    sql`select id from ${staffUsers} where role = 'OWNER' and status = 'ACTIVE' order by id for update`,
  );
  const [others] = await tx
    .select({ n: count() })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'OWNER'), eq(staffUsers.status, 'ACTIVE'), ne(staffUsers.id, id)));
  if (Number(others?.n ?? 0) === 0)
    throw conflict('LAST_OWNER', 'The store needs at least one active owner; make someone else owner first');
}
