import { Type } from '@sinclair/typebox';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { escapeLike } from '../../platform/query/index.ts';
import {
  defineEntity,
  entityNames,
  entityService,
  inOrder,
  iso,
  revisionAndDates,
  queryIds,
  presentFields,
} from '../../platform/entity-kit/index.ts';
import { notFound } from '../../platform/errors.ts';
import { type Activity, type ActivityType, STATUSES } from './model.ts';
import { abandonedCheckouts } from './tables.ts';

/**
 * Abandoned checkouts (wire/merchant-settings.md "Abandoned checkouts"), admin only. Rows are written by the
 * abandonment job (flows/abandonment); the kit serves get, delete, bulk delete and the wire query, and records
 * `abandoned_checkout.created|updated|deleted|recovered`.
 */

export type AbandonedCheckoutRow = typeof abandonedCheckouts.$inferSelect;

export const PATH = '/ecom/v1/abandoned-checkout';

/** The link of the recovery mail: opens the checkout through `redirect-to-checkout`. */
export const recoveryUrl = (publicUrl: string, row: Pick<AbandonedCheckoutRow, 'id' | 'recoveryToken'>) =>
  `${publicUrl}${PATH}/${row.id}/redirect-to-checkout?token=${encodeURIComponent(row.recoveryToken)}`;

export function abandonedCheckoutToWire(row: AbandonedCheckoutRow) {
  return {
    id: row.id,
    checkoutId: row.checkoutId,
    ...presentFields(row, ['cartId']),
    status: row.status,
    ...presentFields(row, ['buyerLanguage']),
    buyerInfo: { ...row.buyerInfo, email: row.buyerEmail },
    ...presentFields(row, ['contactDetails']),
    currency: row.currency,
    conversionCurrency: row.currency,
    totalPrice: row.totalPrice,
    subtotalPrice: row.subtotalPrice,
    activities: row.activities,
    ...(row.recoveredDate ? { checkoutRecoveredDate: iso(row.recoveredDate) } : {}),
    checkoutUrl: row.checkoutUrl,
    lineItems: row.lineItems,
    appliedDiscounts: row.appliedDiscounts,
    ...revisionAndDates(row),
  };
}

export type WireAbandonedCheckout = ReturnType<typeof abandonedCheckoutToWire>;

const t = abandonedCheckouts;

export const abandonedCheckout = defineEntity({
  ...entityNames('abandoned checkout', { bulkDelete: 'Delete abandoned checkouts' }),
  table: abandonedCheckouts,
  path: PATH,
  tags: ['abandoned checkouts'],
  // Written by the abandonment job only: there is no create or update call.
  schemas: { create: Type.Object({}) },
  query: {
    fields: {
      status: { sql: t.status, type: 'string', enum: STATUSES, sortable: true },
      checkoutId: { sql: t.checkoutId, type: 'uuid' },
      cartId: { sql: t.cartId, type: 'uuid', nullable: true },
      'buyerInfo.email': { sql: t.buyerEmail, type: 'string', sortable: true },
      checkoutRecoveredDate: { sql: t.recoveredDate, type: 'date', nullable: true, sortable: true },
      'totalPrice.amount': { sql: t.total, type: 'money', sortable: true },
    },
    answer: (items, metadata) => ({ abandonedCheckouts: items, results: items, metadata }),
  },
  bulkDelete: { path: '/ecom/v1/bulk/abandoned-checkout/delete', ids: 'abandonedCheckoutIds' },
  toWire: abandonedCheckoutToWire,
  insert: () => {
    throw new Error('abandoned checkouts are written by the abandonment job');
  },
});

export const abandonedCheckoutService = entityService(abandonedCheckout);

/** A search expression: matches the buyer's e-mail, first or last name, ignoring case. */
export function searchCondition(expression: string | undefined): SQL | undefined {
  const text = expression?.trim();
  if (!text) return undefined;
  const like = `%${escapeLike(text.toLowerCase())}%`;
  return sql`(lower(${t.buyerEmail}) like ${like}
    or lower(coalesce(${t.contactDetails}->>'firstName', '')) like ${like}
    or lower(coalesce(${t.contactDetails}->>'lastName', '')) like ${like})`;
}

/** `add-activity`: appends one activity (the row is locked; a stale revision is a 409). */
export async function addActivity(
  ctx: AppContext,
  id: string,
  type: ActivityType,
  revision?: string | number,
) {
  return abandonedCheckoutService.change(ctx, id, revision, (current) => ({
    activities: [...current.activities, { type, createdDate: ctx.clock().toISOString() } satisfies Activity],
  }));
}

/** `{abandonedCheckouts, pagingMetadata}` for `search` (a query plus a free-text `expression`). */
export async function searchAbandonedCheckouts(
  db: Db,
  search: { expression?: string } | undefined,
  query: unknown,
) {
  return abandonedCheckoutService.query(db, query, { where: searchCondition(search?.expression) });
}

// ---- The older store-level abandoned carts (`/v1/abandonedCarts`): the same rows, seen as carts.

const ACTIVITY_MESSAGES: Record<string, string> = {
  SCHEDULED: 'Recovery e-mail scheduled',
  EMAIL_SENT: 'Recovery e-mail sent',
  EMAIL_NOT_SENT: 'Recovery e-mail could not be sent',
  NOTIFICATION_SENT: 'Notification sent',
  TASK_CREATED: 'Task created',
  AUTOMATION_SKIPPED: 'Recovery e-mails are switched off',
};

export function abandonedCartToWire(row: AbandonedCheckoutRow) {
  // A checkout staff or an admin key made for nobody signed in (its `buyerInfo.userId`) is the ADMIN's.
  const userId = row.buyerInfo.userId;
  const identity = row.memberId
    ? { id: row.memberId, identityType: 'MEMBER' }
    : row.visitorId
      ? { id: row.visitorId, identityType: 'VISITOR' }
      : typeof userId === 'string' && userId
        ? { id: userId, identityType: 'ADMIN' }
        : { identityType: 'CONTACT' };
  const contact = row.contactDetails ?? {};
  return {
    id: row.id,
    ...presentFields(row, ['cartId']),
    checkoutId: row.checkoutId,
    status: row.status,
    abandonTime: iso(row.abandonedDate),
    createdDate: iso(row.createdDate),
    ...(row.recoveredDate ? { recoveredTime: iso(row.recoveredDate) } : {}),
    buyerInfo: {
      ...identity,
      email: row.buyerEmail,
      ...(typeof contact.firstName === 'string' ? { firstName: contact.firstName } : {}),
      ...(typeof contact.lastName === 'string' ? { lastName: contact.lastName } : {}),
      ...(typeof contact.phone === 'string' ? { phone: contact.phone } : {}),
    },
    currency: row.currency,
    subtotal: row.subtotal,
    total: row.total,
    activities: row.activities.map((a) => ({
      activityType: a.type,
      message: ACTIVITY_MESSAGES[a.type] ?? a.type,
      timestamp: a.createdDate,
    })),
  };
}

export async function getAbandonedCart(db: Db, id: string) {
  const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
  if (!row) throw notFound('ABANDONED_CART_NOT_FOUND', `Abandoned cart ${id} was not found`, { id });
  return { abandonedCart: abandonedCartToWire(row) };
}

/** `{abandonedCarts, totalResults}`: the abandoned-checkout query, seen as carts. */
export async function queryAbandonedCarts(db: Db, query: unknown) {
  const { ids, pagingMetadata } = await queryIds(db, t, abandonedCheckoutService.spec!, query);
  const found = ids.length ? await db.select().from(t).where(inArray(t.id, ids)) : [];
  const metadata = pagingMetadata as { total?: number; count: number };
  return {
    abandonedCarts: inOrder(ids, found).map(abandonedCartToWire),
    totalResults: metadata.total ?? metadata.count,
  };
}
