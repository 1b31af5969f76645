import { Type } from '@sinclair/typebox';
import type { Module } from '../../platform/app.ts';
import type { Caller } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { admin, member, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { aggregateOrders, type OrderViewer, searchOrders } from './search.ts';

const Opt = Type.Optional;
const route = routeOptions(['orders']);

const SearchRequest = Type.Object({
  search: Opt(
    Type.Object({
      cursorPaging: Opt(
        Type.Unknown({
          description: '{limit (1–100, default 50), cursor}; with a cursor, filter and sort are not sent',
        }),
      ),
      filter: Opt(Type.Unknown({ description: 'Wire filter (wire/README §4); fields in docs/ORDERS.md' })),
      sort: Opt(
        Type.Unknown({
          description:
            '[{fieldName, order}]: createdDate (default DESC), updatedDate, purchasedDate, number, priceSummary.total.amount',
        }),
      ),
      paging: Opt(Type.Unknown({ description: 'Not supported: use cursorPaging' })),
    }),
  ),
});

const AggregateRequest = Type.Object({
  filter: Opt(Type.Unknown({ description: 'The orders to aggregate (same filter as search)' })),
  aggregation: Type.Unknown({
    description: 'Named aggregations: {<name>: {groupBy, metrics, sort, limit}} (docs/ORDERS.md)',
  }),
  hierarchySeparatorOverride: Opt(
    Type.String({
      minLength: 1,
      maxLength: 5,
      description: 'Replaces "." in the key names of grouped fields',
    }),
  ),
});

/** Admins search every order; a member only their own (member area ORDERS); visitors are refused (403). */
function viewerOf(caller: Caller): OrderViewer {
  if (caller.kind === 'admin') return { kind: 'admin' };
  if (caller.kind === 'member') return { kind: 'member', memberId: caller.memberId };
  throw forbidden('Sign in as a member to search your orders');
}

/** `POST /ecom/v1/orders/search` and `/aggregate`, on the public path and its custom-host alias. */
export const orderSearchRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, ['/ecom/v1/orders', '/_api/ecom-orders/v1/orders'], (r) => {
    r.post(
      '/search',
      route(member, "Search orders (admin: all; member: the member's own)", { body: SearchRequest }),
      async (request) => searchOrders(ctx, request.body.search, viewerOf(request.caller)),
    );
    r.post(
      '/aggregate',
      route(admin, 'Counts and sums of orders, grouped (admin)', { body: AggregateRequest }),
      async (request) => aggregateOrders(ctx, request.body),
    );
  });
};
