import { and, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, firstRow, saveWithNextRevision } from '../../platform/db.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { emailKey } from './emails.ts';
import { toMember } from './member-wire.ts';
import type { IdentityProfile, ListMembersQuery, PoliciesPatch } from './schemas.ts';
import { identityPolicies, type MemberStatus, memberFactors, members } from './tables.ts';
import { UUID } from '../../platform/uuid.ts';

export type Member = typeof members.$inferSelect;
type Factor = typeof memberFactors.$inferSelect;

/** Wire `Identity` (oauth-and-identity §3). */
export interface Identity {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  connections: unknown[];
  identityProfile: IdentityProfile;
  metadata: { tags: string[] };
  email: { address: string; isVerified: boolean };
  status: { name: MemberStatus; reasons: string[] };
  factors: Array<{ factorId: string; type: string; status: string }>;
}

export function toIdentity(member: Member, factors: Factor[] = []): Identity {
  const list: Identity['factors'] = [];
  if (member.passwordHash)
    list.push({ factorId: `${member.id}:password`, type: 'PASSWORD', status: 'ACTIVE' });
  for (const f of factors) list.push({ factorId: f.id, type: f.type, status: f.status });
  return {
    id: member.id,
    revision: String(member.revision),
    createdDate: member.createdDate.toISOString(),
    updatedDate: member.updatedDate.toISOString(),
    connections: [],
    identityProfile: member.profile,
    metadata: { tags: [] },
    email: { address: member.email, isVerified: member.emailVerified },
    status: { name: member.status, reasons: member.statusReasons },
    factors: list,
  };
}

export const EMAIL_EXISTS = '-19995';

/** Keep only the profile fields of the wire (the schema already bounded their sizes). */
export function cleanProfile(profile: IdentityProfile | undefined): IdentityProfile {
  if (!profile) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(profile)) if (value !== undefined) out[key] = value;
  const addresses = profile.addresses?.map((a) => ({ ...a, id: a.id ?? crypto.randomUUID() }));
  return { ...(out as IdentityProfile), ...(addresses ? { addresses } : {}) };
}

export interface NewMember {
  email: string;
  passwordHash: string | null;
  profile?: IdentityProfile | undefined;
  status: MemberStatus;
  statusReasons?: string[];
  emailVerified: boolean;
}

export async function insertMember(ctx: AppContext, tx: Db, input: NewMember): Promise<Member> {
  const now = ctx.clock();
  const [row] = await tx
    .insert(members)
    .values({
      email: input.email,
      emailKey: emailKey(input.email),
      emailVerified: input.emailVerified,
      status: input.status,
      statusReasons: input.statusReasons ?? [],
      passwordHash: input.passwordHash,
      profile: cleanProfile(input.profile),
      createdDate: now,
      updatedDate: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(EMAIL_EXISTS, 'A member with this e-mail address already exists');
  await ctx.events.record(tx, {
    entity: 'member',
    entityId: row.id,
    type: 'created',
    payload: { id: row.id, status: row.status, member: toMember(row, 'FULL') },
  });
  return row;
}

export async function findMemberByEmail(db: Db, email: string): Promise<Member | undefined> {
  return firstRow(db, members, eq(members.emailKey, emailKey(email)));
}

export async function findMember(db: Db, id: string): Promise<Member | undefined> {
  if (!UUID.test(id)) return undefined;
  return firstRow(db, members, eq(members.id, id));
}

export async function requireMember(db: Db, id: string): Promise<Member> {
  const member = await findMember(db, id);
  if (!member || member.status === 'DELETED') throw notFound('MEMBER_NOT_FOUND', `No member "${id}"`);
  return member;
}

export async function factorsOf(db: Db, memberId: string): Promise<Factor[]> {
  return db.select().from(memberFactors).where(eq(memberFactors.memberId, memberId));
}

/** A member's factor of one type, when it is in the given state (any state without one). */
export async function factorOf(
  db: Db,
  memberId: string,
  type: Factor['type'],
  status?: Factor['status'],
): Promise<Factor | undefined> {
  return firstRow(
    db,
    memberFactors,
    and(
      eq(memberFactors.memberId, memberId),
      eq(memberFactors.type, type),
      status ? eq(memberFactors.status, status) : undefined,
    ),
  );
}

export async function identityOf(db: Db, member: Member): Promise<Identity> {
  return toIdentity(member, await factorsOf(db, member.id));
}

type MemberChanges = Partial<
  Pick<
    Member,
    | 'status'
    | 'statusReasons'
    | 'emailVerified'
    | 'passwordHash'
    | 'profile'
    | 'lastLoginDate'
    | 'slug'
    | 'activityStatus'
    | 'community'
  >
> & { email?: string; emailKey?: string };

/** Apply changes, bump the revision, record `member.updated` (or `.deleted`). */
export async function updateMember(
  ctx: AppContext,
  id: string,
  changes: MemberChanges,
  event: 'updated' | 'deleted' | null = 'updated',
): Promise<Member> {
  return ctx.events.transaction(async (tx) => {
    const row = await saveWithNextRevision(tx, members, id, changes, ctx.clock());
    if (!row) throw notFound('MEMBER_NOT_FOUND', `No member "${id}"`);
    if (event)
      await ctx.events.record(tx, {
        entity: 'member',
        entityId: id,
        type: event,
        payload: { id, status: row.status, member: toMember(row, 'FULL') },
      });
    return row;
  });
}

/** The sign-in timestamp is bookkeeping: no revision, no event. */
export async function touchLogin(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.update(members).set({ lastLoginDate: ctx.clock() }).where(eq(members.id, id));
}

/** A member's own profile edit: top-level fields replace, absent fields stay. */
export async function updateProfile(ctx: AppContext, id: string, patch: IdentityProfile): Promise<Member> {
  const member = await requireMember(ctx.db, id);
  return updateMember(ctx, id, { profile: { ...member.profile, ...cleanProfile(patch) } });
}

/** Aisle's list filter (`status`, and `search` over the e-mail or the first and last name, either order). */
export function memberSearch(query: { status?: string | undefined; search?: string | undefined }): SQL {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(members.status, query.status as MemberStatus));
  else filters.push(ne(members.status, 'DELETED'));
  if (query.search) {
    // E-mail, first or last name, or both names in either order.
    const like = `%${query.search
      .trim()
      .toLowerCase()
      .replace(/[%_\\]/g, '\\$&')}%`;
    const first = sql`coalesce(${members.profile}->>'firstName', '')`;
    const last = sql`coalesce(${members.profile}->>'lastName', '')`;
    filters.push(
      sql`(${members.emailKey} like ${like} or lower(${first} || ' ' || ${last}) like ${like} or lower(${last} || ' ' || ${first}) like ${like})`,
    );
  }
  return and(...filters)!;
}

export async function listMembers(
  db: Db,
  query: ListMembersQuery,
): Promise<{ members: Member[]; metadata: { count: number; offset: number; total: number } }> {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const where = memberSearch(query);
  const rows = await db
    .select()
    .from(members)
    .where(where)
    .orderBy(desc(members.createdDate), desc(members.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(members).where(where);
  return { members: rows, metadata: { count: rows.length, offset, total: Number(total?.n ?? 0) } };
}

export type AdminAction = 'approve' | 'block' | 'unblock' | 'delete' | 'mute' | 'unmute' | 'disconnect';

/**
 * Owner decisions on a member; deleting frees the e-mail address for a new registration. Muting only changes
 * the member's community activity; disconnecting takes the member offline (signed out, sign-in answers
 * `STATUS_CHECK` until the owner approves them again or they reset their password).
 */
export async function adminAction(ctx: AppContext, id: string, action: AdminAction): Promise<Member> {
  const member = await requireMember(ctx.db, id);
  switch (action) {
    case 'approve':
      if (member.status !== 'PENDING' && member.status !== 'OFFLINE')
        throw new AppError(409, 'MEMBER_NOT_PENDING', `The member is ${member.status}, not PENDING`);
      return updateMember(ctx, id, { status: 'ACTIVE', statusReasons: [] });
    case 'block':
      return updateMember(ctx, id, { status: 'BLOCKED', statusReasons: ['BLOCKED_BY_OWNER'] });
    case 'unblock':
      if (member.status !== 'BLOCKED')
        throw new AppError(409, 'MEMBER_NOT_BLOCKED', `The member is ${member.status}, not BLOCKED`);
      return updateMember(ctx, id, { status: 'ACTIVE', statusReasons: [] });
    case 'mute':
      return updateMember(ctx, id, { activityStatus: 'MUTED' });
    case 'unmute':
      return updateMember(ctx, id, { activityStatus: 'ACTIVE' });
    case 'disconnect':
      return updateMember(ctx, id, { status: 'OFFLINE', statusReasons: ['DISCONNECTED_BY_OWNER'] });
    case 'delete':
      return updateMember(
        ctx,
        id,
        {
          status: 'DELETED',
          statusReasons: ['DELETED_BY_OWNER'],
          emailKey: `deleted:${id}`,
          passwordHash: null,
          slug: null,
        },
        'deleted',
      );
  }
}

export interface Policies {
  requireEmailVerification: boolean;
  requireOwnerApproval: boolean;
  captcha: 'OFF' | 'AUTO' | 'INVISIBLE' | 'VISIBLE';
}

const POLICY_ROW = 'store';
const DEFAULT_POLICIES: Policies = {
  requireEmailVerification: false,
  requireOwnerApproval: false,
  captcha: 'AUTO',
};

export async function getPolicies(db: Db): Promise<Policies> {
  const row = await firstRow(db, identityPolicies, eq(identityPolicies.id, POLICY_ROW));
  if (!row) return DEFAULT_POLICIES;
  return {
    requireEmailVerification: row.requireEmailVerification,
    requireOwnerApproval: row.requireOwnerApproval,
    captcha: row.captcha,
  };
}

export async function setPolicies(ctx: AppContext, patch: PoliciesPatch): Promise<Policies> {
  return ctx.events.transaction(async (tx) => {
    const current = await getPolicies(tx);
    // Only the known fields: anything else in the body is ignored, never stored or echoed.
    const next: Policies = {
      requireEmailVerification: patch.requireEmailVerification ?? current.requireEmailVerification,
      requireOwnerApproval: patch.requireOwnerApproval ?? current.requireOwnerApproval,
      captcha: patch.captcha ?? current.captcha,
    };
    await tx
      .insert(identityPolicies)
      .values({ id: POLICY_ROW, ...next, updatedDate: ctx.clock() })
      .onConflictDoUpdate({ target: identityPolicies.id, set: { ...next, updatedDate: ctx.clock() } });
    return ctx.events.recordUpdate(tx, 'identity_policies', POLICY_ROW, 'policies', next);
  });
}
