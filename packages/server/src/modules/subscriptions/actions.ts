import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ACTIONS, contractService, type ContractRow, type WireContract } from './contracts.ts';
import { subscriptionContracts } from './tables.ts';

/**
 * Member and merchant actions on a contract (docs/SUBSCRIPTIONS.md "Member actions"): pause (no cycle is
 * charged while paused), resume (from PAUSED or SUSPENDED: the next charge is the one it was waiting for, or now
 * when that date has passed), cancel (a member only when the plan has `enableCustomerCancellation`; a merchant
 * always). Each locks the contract, checks a `revision` when sent, and records `updated` or `canceled`.
 */

export type ContractAction = keyof typeof ACTIONS;

export interface ActionCaller {
  /** Set for a member: only their own contracts, and cancel only when the plan allows it. */
  memberId?: string | undefined;
}

const WORDS: Record<ContractAction, { done: string; activity: string }> = {
  pause: { done: 'paused', activity: 'SUBSCRIPTION_PAUSED' },
  resume: { done: 'resumed', activity: 'SUBSCRIPTION_RESUMED' },
  cancel: { done: 'canceled', activity: 'SUBSCRIPTION_CANCELED' },
};

export async function actOnContract(
  ctx: AppContext,
  caller: ActionCaller,
  id: string,
  action: ContractAction,
  revision?: string | number,
): Promise<WireContract> {
  const now = ctx.clock();
  return ctx.events.transaction(async (tx) => {
    const current: ContractRow = await contractService.row(tx, id, { forUpdate: true });
    if (caller.memberId && current.memberId !== caller.memberId) throw notOwn(id);
    if (revision !== undefined && BigInt(revision) !== current.revision)
      throw new AppError(
        409,
        'REVISION_MISMATCH',
        `The subscription contract was changed since revision ${revision}`,
        {
          currentRevision: current.revision.toString(),
        },
      );
    if (action === 'cancel' && caller.memberId && !current.settings.enableCustomerCancellation)
      throw new AppError(
        403,
        'CANCELLATION_NOT_ALLOWED',
        'This subscription cannot be cancelled from your account: contact the store to cancel it',
        { subscriptionContractId: id },
      );
    if (!ACTIONS[action].includes(current.status))
      throw new AppError(
        409,
        'UNSUPPORTED_TRANSITION',
        `A ${current.status.toLowerCase()} subscription cannot be ${WORDS[action].done}`,
        { subscriptionContractId: id, status: current.status },
      );
    const values =
      action === 'pause'
        ? { status: 'PAUSED' as const }
        : action === 'resume'
          ? {
              status: 'ACTIVE' as const,
              failedAttempts: 0,
              nextChargeDate:
                current.nextChargeDate && current.nextChargeDate > now ? current.nextChargeDate : now,
            }
          : { status: 'CANCELED' as const, nextChargeDate: null };
    const [row] = await tx
      .update(subscriptionContracts)
      .set({
        ...values,
        claimedUntil: null,
        activities: sql`${subscriptionContracts.activities} || ${JSON.stringify([
          {
            id: crypto.randomUUID(),
            type: WORDS[action].activity,
            createdDate: now.toISOString(),
            by: caller.memberId ? 'MEMBER' : 'MERCHANT',
          },
        ])}::jsonb`,
        revision: sql`${subscriptionContracts.revision} + 1`,
        updatedDate: now,
      })
      .where(sql`${subscriptionContracts.id} = ${id}`)
      .returning();
    return contractService.record(ctx, tx, action === 'cancel' ? 'canceled' : 'updated', row!);
  });
}

const notOwn = (id: string) =>
  new AppError(404, 'SUBSCRIPTION_CONTRACT_NOT_FOUND', `Subscription contract ${id} was not found`, {
    subscriptionContractId: id,
  });
