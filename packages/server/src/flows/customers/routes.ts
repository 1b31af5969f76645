import type { Module } from '../../platform/app.ts';
import { routeOptions } from '../../platform/routing.ts';
import { identityOf, listMembers, requireMember, toIdentity } from '../../modules/identity/members.ts';
import { ListMembersQuery, MemberIdParams } from '../../modules/identity/schemas.ts';
import { customerOrders, customerStats } from './stats.ts';

const route = routeOptions(['customers']);
const read = { access: 'admin', permission: 'customers.read' } as const;

/**
 * The merchant's view of members as customers: the members list (search by e-mail or name, status) with each
 * one's order count and total spent, and a profile with factors and latest orders. Approve, block, delete and
 * the sign-up policies stay the members calls (`/members/v1/...`).
 */
export const customerRoutes: Module = (app, ctx) => {
  app.get(
    '/aisle/v1/customers',
    route(read, 'Members with order count and total spent', { querystring: ListMembersQuery }),
    async (request) => {
      const page = await listMembers(ctx.db, request.query);
      const stats = await customerStats(ctx.db, page.members);
      return {
        customers: page.members.map((m) => ({ member: toIdentity(m), ...stats.get(m.id)! })),
        metadata: page.metadata,
      };
    },
  );
  app.get(
    '/aisle/v1/customers/:id',
    route(read, 'One customer: member, factors, order stats, latest orders', { params: MemberIdParams }),
    async (request) => {
      const member = await requireMember(ctx.db, request.params.id);
      const stats = await customerStats(ctx.db, [member]);
      return {
        customer: {
          member: await identityOf(ctx.db, member),
          lastLoginDate: member.lastLoginDate?.toISOString(),
          ...stats.get(member.id)!,
          orders: await customerOrders(ctx.db, member),
        },
      };
    },
  );
};
