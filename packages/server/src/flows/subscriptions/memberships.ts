import { sql } from 'drizzle-orm';
import type { SubscriptionDetails } from '../../modules/catalogue/products/subscriptions.ts';
import { products } from '../../modules/catalogue/products/tables.ts';
import type { LineItemSnapshot, Membership, MembershipSnapshot } from '../../modules/pricing/index.ts';
import {
  type ContractSettings,
  type ContractStatus,
  subscriptionContracts,
} from '../../modules/subscriptions/tables.ts';
import { type Db, rows } from '../../platform/db.ts';
import { cycleDate } from './from-order.ts';

/**
 * Memberships (docs/SUBSCRIPTIONS.md "Memberships"): a subscription product whose `subscriptionDetails.membership`
 * names products and collections is a membership plan; each contract a member holds of it is a membership that
 * pays for the lines of those products (payment option MEMBERSHIP). This is the membership provider of the
 * pricing engine: the member's memberships that cover some line of a cart or checkout, eligible or not (with
 * the reason). The engine then honours `selectedMemberships` against them.
 */

/** The `appId` of Aisle's own memberships (subscription contracts of membership plans). */
export const MEMBERSHIPS_APP_ID = 'aisle-subscriptions';

/** Why a membership cannot pay now (`invalidMemberships[].reason`). */
export type InvalidMembershipReason = 'PAUSED' | 'SUSPENDED' | 'CANCELED' | 'EXPIRED';

export interface MembershipContract {
  id: string;
  status: ContractStatus;
  title: string;
  settings: ContractSettings;
  billedCycles: number;
  nextChargeDate: Date | null;
  productName: string;
  plan: NonNullable<SubscriptionDetails['membership']>;
}

/** The lines a plan pays for: catalogue lines of its products or collections (never a subscription line). */
export function coveredLines(plan: MembershipContract['plan'], lines: readonly LineItemSnapshot[]): string[] {
  return lines
    .filter(
      (l) =>
        !l.customLineItem &&
        !l.subscriptionOptionInfo &&
        l.productId !== undefined &&
        (plan.productIds.includes(l.productId) ||
          (l.collectionIds ?? []).some((c) => plan.collectionIds.includes(c))),
    )
    .map((l) => l.id);
}

/**
 * Until when the membership pays: a renewing plan to its next charge (renewal extends it), a plan of fixed
 * cycles to the end of its last cycle. Null when it has no end in sight (a renewing plan not charged yet).
 */
export function membershipEnd(contract: MembershipContract): Date | null {
  const { settings } = contract;
  if (settings.billingCycles === undefined) return contract.nextChargeDate;
  return cycleDate(settings, settings.billingCycles + 1);
}

/** Whether the membership may pay now; the reason when it may not. */
export function membershipState(
  contract: MembershipContract,
  now: Date,
): { eligible: true } | { eligible: false; reason: InvalidMembershipReason } {
  switch (contract.status) {
    case 'ACTIVE':
      return { eligible: true };
    case 'ENDED': {
      // All cycles billed: it pays until the last one has run out.
      const end = membershipEnd(contract);
      return end && now < end ? { eligible: true } : { eligible: false, reason: 'EXPIRED' };
    }
    default:
      return { eligible: false, reason: contract.status };
  }
}

/** The engine's membership options from the member's contracts (pure). */
export function membershipOptionsOf(
  contracts: readonly MembershipContract[],
  lines: readonly LineItemSnapshot[],
  now: Date,
): Pick<MembershipSnapshot, 'eligible' | 'invalid'> {
  const eligible: Membership[] = [];
  const invalid: MembershipSnapshot['invalid'] = [];
  for (const contract of contracts) {
    const lineItemIds = coveredLines(contract.plan, lines);
    if (!lineItemIds.length) continue;
    const end = membershipEnd(contract);
    const membership: Membership = {
      id: contract.id,
      appId: MEMBERSHIPS_APP_ID,
      name: { original: contract.productName, translated: contract.productName },
      lineItemIds,
      ...(end ? { expirationDate: end.toISOString() } : {}),
      additionalData: { subscriptionOptionTitle: contract.title, status: contract.status },
    };
    const state = membershipState(contract, now);
    if (state.eligible) eligible.push(membership);
    else invalid.push({ membership, reason: state.reason });
  }
  return { eligible, invalid };
}

/** The member's contracts of membership plans, oldest first (with the plan as the product has it now). */
export async function membershipContracts(db: Db, memberId: string): Promise<MembershipContract[]> {
  const found = await rows<{
    id: string;
    status: ContractStatus;
    title: string;
    settings: ContractSettings;
    billed_cycles: number;
    next_charge_date: Date | string | null;
    product_name: string;
    plan: MembershipContract['plan'];
  }>(
    db,
    sql`select c.id, c.status, c.title, c.settings, c.billed_cycles, c.next_charge_date, p.name as product_name,
        p.data->'subscriptionDetails'->'membership' as plan
      from ${subscriptionContracts} c join ${products} p on p.id = c.product_id
      where c.member_id = ${memberId} and p.data->'subscriptionDetails'->'membership' is not null
      order by c.created_date, c.id`,
  );
  return found.map((r) => ({
    id: r.id,
    status: r.status,
    title: r.title,
    settings: r.settings,
    billedCycles: r.billed_cycles,
    nextChargeDate: r.next_charge_date === null ? null : new Date(r.next_charge_date),
    productName: r.product_name,
    plan: r.plan,
  }));
}

/** What the pricing engine gets for this shopper's lines: nothing for a visitor or a member without plans. */
export async function membershipsFor(
  db: Db,
  memberId: string | null | undefined,
  lines: readonly LineItemSnapshot[],
  now: Date,
): Promise<Pick<MembershipSnapshot, 'eligible' | 'invalid'> | undefined> {
  if (!memberId || !lines.some((l) => l.productId !== undefined)) return undefined;
  const contracts = await membershipContracts(db, memberId);
  return contracts.length ? membershipOptionsOf(contracts, lines, now) : undefined;
}
