import { Type } from '@sinclair/typebox';
import { asc, eq } from 'drizzle-orm';
import type { Module } from '../../platform/app.ts';
import type { Caller } from '../../platform/auth.ts';
import { QueryRequest, presentFields } from '../../platform/entity-kit/index.ts';
import { complexGetHook } from '../../platform/routing.ts';
import { contractService, contractToWire, subscriptionContract as d } from './contracts.ts';
import { type ContractAction, actOnContract } from './actions.ts';
import { subscriptionCharges, subscriptionContracts } from './tables.ts';

/** The member a caller is restricted to (a member sees only their own contracts; staff and apps all). */
export const ownMemberOf = (caller: Caller): string | undefined =>
  caller.kind === 'member' ? caller.memberId : undefined;

const Params = Type.Object({ subscriptionContractId: Type.String({ maxLength: 100 }) });
const access = { access: 'member', permission: 'orders.read' } as const;
const writeAccess = { access: 'member', permission: 'orders.write' } as const;
const ActionBody = Type.Object({
  revision: Type.Optional(
    Type.Union([Type.String({ pattern: '^\\d{1,19}$' }), Type.Integer({ minimum: 0 })], {
      description: 'The revision you read; a stale one is 409 REVISION_MISMATCH',
    }),
  ),
});
const SUMMARIES: Record<ContractAction, string> = {
  pause: 'Pause a subscription: no cycle is charged until it is resumed',
  resume: 'Resume a paused or suspended subscription',
  cancel: 'Cancel a subscription (members: when the plan allows it)',
};

/** `GET <p>/{id}` and `GET* <p>/query` (POST fallback): members their own contracts, the merchant all. */
export const subscriptionContractRoutes: Module = (app, ctx) => {
  app.get(
    `${d.path}/:subscriptionContractId`,
    { config: access, schema: { tags: d.tags, summary: d.summaries.get, params: Params } },
    async (request) => {
      const id = request.params.subscriptionContractId;
      const row = await contractService.row(ctx.db, id);
      const own = ownMemberOf(request.caller);
      // Someone else's contract is answered as one that does not exist.
      if (own && row.memberId !== own) throw d.notFound(id);
      return { subscriptionContract: contractToWire(row) };
    },
  );
  for (const action of ['pause', 'resume', 'cancel'] as const)
    app.post(
      `${d.path}/:subscriptionContractId/${action}`,
      {
        config: writeAccess,
        schema: { tags: d.tags, summary: SUMMARIES[action], params: Params, body: Type.Optional(ActionBody) },
      },
      async (request) => ({
        subscriptionContract: await actOnContract(
          ctx,
          { memberId: ownMemberOf(request.caller) },
          request.params.subscriptionContractId,
          action,
          (request.body as { revision?: string | number } | undefined)?.revision,
        ),
      }),
    );
  app.get(
    `${d.path}/:subscriptionContractId/charges`,
    {
      config: access,
      schema: { tags: d.tags, summary: "The charge attempts of a contract's cycles", params: Params },
    },
    async (request) => {
      const id = request.params.subscriptionContractId;
      const row = await contractService.row(ctx.db, id);
      const own = ownMemberOf(request.caller);
      if (own && row.memberId !== own) throw d.notFound(id);
      const charges = await ctx.db
        .select()
        .from(subscriptionCharges)
        .where(eq(subscriptionCharges.contractId, row.id))
        .orderBy(asc(subscriptionCharges.cycle), asc(subscriptionCharges.attempt));
      return {
        charges: charges.map((c) => ({
          id: c.id,
          cycleNumber: c.cycle,
          attempt: c.attempt,
          status: c.status,
          ...presentFields(c, ['orderId']),
          ...(c.reason ? { declineReason: c.reason } : {}),
          createdDate: c.createdDate.toISOString(),
        })),
      };
    },
  );
  const query = async (caller: Caller, body: { query?: unknown }) => {
    const own = ownMemberOf(caller);
    return contractService.query(ctx.db, body.query, {
      where: own ? eq(subscriptionContracts.memberId, own) : undefined,
    });
  };
  const schema = { tags: d.tags, summary: d.summaries.query };
  app.get(
    `${d.path}/query`,
    { config: access, preValidation: complexGetHook(), schema: { ...schema, querystring: QueryRequest } },
    async (request) => query(request.caller, request.query as { query?: unknown }),
  );
  app.post(
    `${d.path}/query`,
    { config: access, schema: { ...schema, body: QueryRequest } },
    async (request) => query(request.caller, request.body as { query?: unknown }),
  );
};
