import { randomUUID } from 'node:crypto';
import { eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import {
  type BulkResult,
  inOrder,
  isUniqueViolation,
  queryIds,
  runBulk,
} from '../../platform/entity-kit/index.ts';
import { AppError, invalid, ValidationFailure } from '../../platform/errors.ts';
import { compileQuery, type QuerySpec } from '../../platform/query/index.ts';
import { requireEmail } from './emails.ts';
import {
  applyMemberInput,
  type Fieldset,
  MEMBER_STATUS,
  type MemberInput,
  slugProblem,
  toMember,
  type WireMember,
} from './member-wire.ts';
import {
  type AdminAction,
  adminAction,
  insertMember,
  type Member,
  memberSearch,
  requireMember,
  updateMember,
} from './members.ts';
import type { ListMembersRequest } from './schemas.ts';
import { members } from './tables.ts';

/** The members calls of wire/members.md beside the identity's own (`members.ts`). */

const statusName = sql`case ${members.status} ${sql.join(
  Object.entries(MEMBER_STATUS).map(([db, wire]) => sql`when ${db} then ${wire}`),
  sql` `,
)} end`;
const privacyName = sql`case when ${members.profile}->>'privacyStatus' = 'PUBLIC' then 'PUBLIC' else 'PRIVATE' end`;

/** What `POST /members/query` filters and sorts on (wire names, dotted where the wire nests). */
export const MEMBER_QUERY: QuerySpec = {
  fields: {
    id: { sql: members.id, type: 'uuid', sortable: true, unique: true },
    contactId: { sql: members.id, type: 'uuid' },
    loginEmail: { sql: members.email, type: 'string', sortable: true },
    loginEmailVerified: { sql: members.emailVerified, type: 'boolean' },
    status: {
      sql: statusName,
      type: 'string',
      enum: ['UNKNOWN', 'PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE'],
    },
    privacyStatus: { sql: privacyName, type: 'string', enum: ['UNKNOWN', 'PRIVATE', 'PUBLIC'] },
    activityStatus: { sql: members.activityStatus, type: 'string', enum: ['UNKNOWN', 'ACTIVE', 'MUTED'] },
    'profile.nickname': {
      sql: sql`${members.profile}->>'nickname'`,
      type: 'string',
      nullable: true,
      sortable: true,
    },
    'profile.slug': { sql: sql`coalesce(${members.slug}, ${members.id}::text)`, type: 'string' },
    'contact.firstName': {
      sql: sql`${members.profile}->>'firstName'`,
      type: 'string',
      nullable: true,
      sortable: true,
    },
    'contact.lastName': {
      sql: sql`${members.profile}->>'lastName'`,
      type: 'string',
      nullable: true,
      sortable: true,
    },
    createdDate: { sql: members.createdDate, type: 'date', sortable: true },
    updatedDate: { sql: members.updatedDate, type: 'date', sortable: true },
    lastLoginDate: { sql: members.lastLoginDate, type: 'date', nullable: true, sortable: true },
  },
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  tiebreaker: 'id',
  defaultLimit: 50,
  maxLimit: 100,
};

const notDeleted = ne(members.status, 'DELETED');

export interface MemberPage {
  members: WireMember[];
  metadata: { count: number; offset?: number; total?: number; tooManyToCount?: boolean };
}

/** `POST /members/query` (and `GET /members`, whose paging and sorting become a query). */
export async function queryMembers(db: Db, query: unknown, fieldset: Fieldset): Promise<MemberPage> {
  return memberPage(db, query, notDeleted, fieldset);
}

async function memberPage(db: Db, query: unknown, narrow: SQL, fieldset: Fieldset): Promise<MemberPage> {
  const { ids, pagingMetadata } = await queryIds(db, members, MEMBER_QUERY, query, narrow);
  const rows = ids.length ? await db.select().from(members).where(inArray(members.id, ids)) : [];
  return {
    members: inOrder(ids, rows).map((row) => toMember(row, fieldset)),
    metadata: pagingMetadata as MemberPage['metadata'],
  };
}

/** `GET /members`: the wire's paging and sorting, narrowed by Aisle's `search` and `status` when given. */
export async function listWireMembers(
  db: Db,
  request: ListMembersRequest,
  fieldset: Fieldset,
): Promise<MemberPage> {
  const sorting =
    request.sorting === undefined ? [] : Array.isArray(request.sorting) ? request.sorting : [request.sorting];
  const query = {
    paging: {
      limit: request.paging?.limit ?? request.limit ?? 50,
      offset: request.paging?.offset ?? request.offset ?? 0,
    },
    ...(sorting.length
      ? { sort: sorting.map((s) => ({ fieldName: s.fieldName, order: s.order ?? 'ASC' })) }
      : {}),
  };
  return memberPage(db, query, memberSearch(request), fieldset);
}

export async function getWireMember(db: Db, id: string, fieldset: Fieldset): Promise<WireMember> {
  return toMember(await requireMember(db, id), fieldset);
}

const slugTaken = (slug: string) =>
  new AppError(409, 'SLUG_ALREADY_EXISTS', `Another member already has the slug "${slug}"`, { slug });

function checkSlug(slug: string, field: string): string {
  const normal = slug.trim().toLowerCase();
  const problem = slugProblem(normal);
  if (problem) throw invalid(field, problem, 'FORMAT');
  return normal;
}

/** A write that may hit the slug's unique index: 409 SLUG_ALREADY_EXISTS instead of a 500. */
async function withSlug<T>(slug: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (slug !== undefined && isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

/** `PATCH /members/{id}`: contact and profile fields; a slug in the profile is checked like `/slug`. */
export async function patchMember(ctx: AppContext, id: string, input: MemberInput): Promise<Member> {
  const current = await requireMember(ctx.db, id);
  const next = applyMemberInput(current, input);
  const slug = next.slug === undefined ? undefined : checkSlug(next.slug, 'member.profile.slug');
  return withSlug(slug, () =>
    updateMember(ctx, id, {
      profile: slug === undefined ? next.profile : { ...next.profile, slug },
      community: next.community,
      ...(slug !== undefined ? { slug } : {}),
    }),
  );
}

/** `POST /members/{id}/slug`, `/members/my/slug`. */
export async function setSlug(ctx: AppContext, id: string, raw: string): Promise<Member> {
  const slug = checkSlug(raw, 'slug');
  const current = await requireMember(ctx.db, id);
  if (current.slug === slug) return current;
  return withSlug(slug, () => updateMember(ctx, id, { slug, profile: { ...current.profile, slug } }));
}

/** `DELETE /members/{id}/phones|emails|addresses`: that list of the contact card is emptied. */
export async function clearContactList(
  ctx: AppContext,
  id: string,
  list: 'phones' | 'emails' | 'addresses',
): Promise<Member> {
  const current = await requireMember(ctx.db, id);
  return updateMember(ctx, id, { profile: { ...current.profile, [list]: [] } });
}

/** `join-community` makes the member's page PUBLIC, `leave-community` PRIVATE. */
export async function setCommunity(ctx: AppContext, id: string, join: boolean): Promise<Member> {
  const current = await requireMember(ctx.db, id);
  return updateMember(ctx, id, {
    profile: { ...current.profile, privacyStatus: join ? 'PUBLIC' : 'PRIVATE' },
  });
}

/** `POST /members` (admin): a member without a password (they set one through an activation link). */
export async function createMember(
  ctx: AppContext,
  input: MemberInput & { loginEmail?: string | undefined },
): Promise<Member> {
  const email = requireEmail(input.loginEmail, 'member.loginEmail');
  const next = applyMemberInput({ profile: {}, community: {} }, input);
  const slug = next.slug === undefined ? undefined : checkSlug(next.slug, 'member.profile.slug');
  return withSlug(slug, () =>
    ctx.events.transaction(async (tx) => {
      const row = await insertMember(ctx, tx, {
        email,
        passwordHash: null,
        profile: slug === undefined ? next.profile : { ...next.profile, slug },
        status: 'ACTIVE',
        emailVerified: false,
      });
      if (slug === undefined && Object.keys(next.community).length === 0) return row;
      const [updated] = await tx
        .update(members)
        .set({ community: next.community, ...(slug !== undefined ? { slug } : {}) })
        .where(eq(members.id, row.id))
        .returning();
      return updated ?? row;
    }),
  );
}

/** `POST /members/bulk/delete`: each member on its own. */
export async function bulkDeleteMembers(ctx: AppContext, ids: string[]): Promise<BulkResult<never>> {
  return runBulk(
    ctx,
    ids,
    async (id) => {
      await adminAction(ctx, id, 'delete');
      return { id };
    },
    (id) => id,
  );
}

/**
 * `bulk/approve-by-filter`, `block-by-filter`, `delete-by-filter`: the filter's members are changed before the
 * answer; the `jobId` names the run in the logs. Members a step does not apply to (approving an approved one)
 * are skipped.
 */
export async function membersByFilter(
  ctx: AppContext,
  action: Extract<AdminAction, 'approve' | 'block' | 'delete'>,
  filter: unknown,
): Promise<{ jobId: string }> {
  let plan: ReturnType<typeof compileQuery>;
  try {
    plan = compileQuery({ filter }, MEMBER_QUERY, 'query');
  } catch (error) {
    if (error instanceof ValidationFailure)
      throw new ValidationFailure(
        error.violations.map((v) => ({ ...v, field: v.field.replace(/^query\./, '') })),
      );
    throw error;
  }
  const where = plan.filter ? sql`(${plan.filter}) and ${notDeleted}` : notDeleted;
  const found = await ctx.db.select({ id: members.id, status: members.status }).from(members).where(where);
  const jobId = randomUUID();
  let changed = 0;
  for (const row of found) {
    if (action === 'approve' && row.status !== 'PENDING' && row.status !== 'OFFLINE') continue;
    if (action === 'block' && row.status === 'BLOCKED') continue;
    await adminAction(ctx, row.id, action);
    changed++;
  }
  ctx.log.info({ jobId, action, matched: found.length, changed }, 'members by filter');
  return { jobId };
}
