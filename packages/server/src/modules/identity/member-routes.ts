import type { App } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { samePath } from '../../platform/entity-kit/index.ts';
import { admin, complexGetHook, member, routeOptions } from '../../platform/routing.ts';
import { callerMemberId, selfOrAdmin } from './caller.ts';
import { toMember, widestFieldset } from './member-wire.ts';
import { adminAction } from './members.ts';
import {
  bulkDeleteMembers,
  clearContactList,
  createMember,
  getWireMember,
  listWireMembers,
  membersByFilter,
  patchMember,
  queryMembers,
  setCommunity,
  setSlug,
} from './members-api.ts';
import {
  BulkDeleteMembersRequest,
  ContactListParams,
  CreateMemberRequest,
  FieldsetsQuery,
  ListMembersRequest,
  MemberIdParams,
  MembersByFilterRequest,
  PatchMemberRequest,
  QueryMembersRequest,
  SlugRequest,
} from './schemas.ts';

const route = routeOptions(['members']);
/** Open to the member itself and to staff whose role may read / change customers. */
const selfRead = { access: 'member' as const, permission: 'customers.read' as const };
const selfWrite = { access: 'member' as const, permission: 'customers.write' as const };

/** Members change their own records and admins any: the answer shows everything (`FULL`). */
const full = (row: Parameters<typeof toMember>[0]) => ({ member: toMember(row, 'FULL') });

/**
 * The members calls of wire/members.md (registered under `/members/v1` and `/_api/members/v1` by the module's
 * routes): `my` is the signed-in member, `{id}` a member by id (the member itself or an admin), the rest admin.
 */
export function memberWireRoutes(r: App, ctx: AppContext): void {
  r.get(
    '/members/my',
    route(member, 'The signed-in member (fieldsets)', { querystring: FieldsetsQuery }),
    async (request) => ({
      member: await getWireMember(
        ctx.db,
        callerMemberId(request.caller),
        widestFieldset(request.query.fieldsets),
      ),
    }),
  );
  r.delete('/members/my', route(member, 'Delete the signed-in member and its identity'), async (request) => {
    await adminAction(ctx, callerMemberId(request.caller), 'delete');
    return {};
  });
  r.post(
    '/members/my/slug',
    route(member, 'Change the signed-in member slug', { body: SlugRequest }),
    async (request) => full(await setSlug(ctx, callerMemberId(request.caller), request.body.slug)),
  );
  for (const [path, join] of [
    ['join-community', true],
    ['leave-community', false],
  ] as const) {
    r.post(
      `/members/${path}`,
      route(member, join ? 'Make the member page public' : 'Make the member page private'),
      async (request) => full(await setCommunity(ctx, callerMemberId(request.caller), join)),
    );
  }

  r.get(
    '/members',
    {
      ...route(admin, 'List members (paging, sorting, fieldsets)', { querystring: ListMembersRequest }),
      preValidation: complexGetHook(),
    },
    async (request) => listWireMembers(ctx.db, request.query, widestFieldset(request.query.fieldsets)),
  );
  r.post(
    '/members/query',
    route(admin, 'Query members (filter, sort, paging)', { body: QueryMembersRequest }),
    async (request) => queryMembers(ctx.db, request.body.query, widestFieldset(request.body.fieldsets)),
  );
  r.post(
    '/members',
    route(admin, 'Create a member (no password yet)', { body: CreateMemberRequest }),
    async (request) => full(await createMember(ctx, request.body.member)),
  );
  r.get(
    '/members/:id',
    route(selfRead, 'One member (the member itself, or an admin)', {
      params: MemberIdParams,
      querystring: FieldsetsQuery,
    }),
    async (request) => {
      selfOrAdmin(request.caller, request.params.id);
      return {
        member: await getWireMember(ctx.db, request.params.id, widestFieldset(request.query.fieldsets)),
      };
    },
  );
  r.patch(
    '/members/:id',
    route(selfWrite, 'Change a member’s contact card and profile', {
      params: MemberIdParams,
      body: PatchMemberRequest,
    }),
    async (request) => {
      selfOrAdmin(request.caller, request.params.id);
      samePath(request.params.id, request.body.member.id, 'member.id');
      return full(await patchMember(ctx, request.params.id, request.body.member));
    },
  );
  r.delete(
    '/members/:id/:list',
    route(selfWrite, 'Empty the phones, emails or addresses of the contact card', {
      params: ContactListParams,
    }),
    async (request) => {
      selfOrAdmin(request.caller, request.params.id);
      return full(await clearContactList(ctx, request.params.id, request.params.list));
    },
  );
  r.post(
    '/members/:id/slug',
    route(admin, 'Change a member’s slug', { params: MemberIdParams, body: SlugRequest }),
    async (request) => full(await setSlug(ctx, request.params.id, request.body.slug)),
  );
  for (const action of ['approve', 'block', 'unblock', 'mute', 'unmute', 'disconnect'] as const) {
    r.post(
      `/members/:id/${action}`,
      route(admin, `${action} a member`, { params: MemberIdParams }),
      async (request) => full(await adminAction(ctx, request.params.id, action)),
    );
  }
  r.delete('/members/:id', route(admin, 'Delete a member', { params: MemberIdParams }), async (request) => {
    await adminAction(ctx, request.params.id, 'delete');
    return {};
  });
  r.post(
    '/members/bulk/delete',
    route(admin, 'Delete members (each on its own)', { body: BulkDeleteMembersRequest }),
    async (request) => bulkDeleteMembers(ctx, request.body.memberIds),
  );
  for (const action of ['approve', 'block', 'delete'] as const) {
    r.post(
      `/members/bulk/${action}-by-filter`,
      route(admin, `${action} every member the filter matches`, { body: MembersByFilterRequest }),
      async (request) => membersByFilter(ctx, action, request.body.filter),
    );
  }
}
