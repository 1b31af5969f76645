import { Type } from '@sinclair/typebox';
import {
  defineEntity,
  entityNames,
  entityService,
  revisionAndDates,
} from '../../platform/entity-kit/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type ContractSettings, type ContractStatus, subscriptionContracts } from './tables.ts';

/**
 * Subscription contracts on the entity kit (service: get, query, change, record — each change and its event in
 * one transaction). They are created by placing an order (flows/orders/place-order.ts) and changed by the
 * billing scheduler and the member and merchant actions (flows/subscriptions); the wire has get and query only.
 */

export type ContractRow = typeof subscriptionContracts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

/** The wire contract: the reference fields, then Aisle's (`status`, `nextChargeDate`, `billedCycles`, `orderId`). */
export function contractToWire(row: ContractRow) {
  const d = row.data as Record<string, unknown>;
  return {
    id: row.id,
    ...revisionAndDates(row),
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    subscriptionSettings: row.settings,
    lineItems: d.lineItems ?? [],
    buyerInfo: d.buyerInfo ?? { memberId: row.memberId },
    priceSummary: d.priceSummary,
    ...(d.billingInfo ? { billingInfo: d.billingInfo } : {}),
    ...(d.shippingInfo ? { shippingInfo: d.shippingInfo } : {}),
    ...(d.recipientInfo ? { recipientInfo: d.recipientInfo } : {}),
    appliedDiscounts: d.appliedDiscounts ?? [],
    channelInfo: d.channelInfo ?? { type: 'WEB' },
    customFields: d.customFields ?? [],
    additionalFees: d.additionalFees ?? [],
    activities: row.activities,
    status: row.status,
    ...(row.nextChargeDate ? { nextChargeDate: iso(row.nextChargeDate) } : {}),
    billedCycles: row.billedCycles,
    orderId: row.orderId,
    ...(row.paymentMethod?.card ? { paymentMethod: { card: row.paymentMethod.card } } : {}),
  };
}

export type WireContract = ReturnType<typeof contractToWire>;

export const subscriptionContract = defineEntity({
  // Event `subscription_contract`: never deleted, its events are created, updated and canceled
  // (webhooks/event-types.ts).
  ...entityNames('subscription contract', {
    get: 'Get a subscription contract (members: their own)',
    query: 'Query subscription contracts (members: their own)',
  }),
  table: subscriptionContracts,
  path: '/ecom/subscription-contracts/v1/subscription-contracts',
  idParam: 'subscriptionContractId',
  tags: ['subscriptions'],
  access: { get: 'member', query: 'member' },
  // Created by placing an order only: no create body on the wire.
  schemas: { create: Type.Object({}) },
  query: {
    get: true,
    fields: {
      status: {
        sql: subscriptionContracts.status,
        type: 'string',
        sortable: true,
        enum: ['ACTIVE', 'PAUSED', 'SUSPENDED', 'CANCELED', 'ENDED'],
      },
      'buyerInfo.memberId': { sql: subscriptionContracts.memberId, type: 'uuid' },
      orderId: { sql: subscriptionContracts.orderId, type: 'uuid' },
      title: { sql: subscriptionContracts.title, type: 'string', sortable: true },
      nextChargeDate: {
        sql: subscriptionContracts.nextChargeDate,
        type: 'date',
        sortable: true,
        nullable: true,
      },
    },
  },
  toWire: contractToWire,
  notFound: (id) =>
    notFound('SUBSCRIPTION_CONTRACT_NOT_FOUND', `Subscription contract ${id} was not found`, {
      subscriptionContractId: id,
    }),
  insert() {
    throw new AppError(400, 'UNSUPPORTED', 'Subscription contracts are created by placing an order');
  },
});

export const contractService = entityService(subscriptionContract);

/** What an action may do from a status (docs/SUBSCRIPTIONS.md "Member actions"). */
export const ACTIONS: Record<'pause' | 'resume' | 'cancel', readonly ContractStatus[]> = {
  pause: ['ACTIVE'],
  resume: ['PAUSED', 'SUSPENDED'],
  cancel: ['ACTIVE', 'PAUSED', 'SUSPENDED'],
};

export type { ContractSettings, ContractStatus };
