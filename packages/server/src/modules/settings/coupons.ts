import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError, type FieldViolation, invalid } from '../../platform/errors.ts';
import { decimalFromNumber } from '../../platform/money.ts';
import {
  defineEntity,
  entityAt,
  entityService,
  failIf,
  iso,
  revisionAndDates,
  violation,
} from '../../platform/entity-kit/index.ts';
import { CouponCreate, CouponPatch } from './schemas.ts';
import { couponRedemptions, coupons } from './tables.ts';

/**
 * Admin-managed coupon codes: percentage, fixed amount or free shipping; a minimum subtotal; all items,
 * specific products or collections; a validity window `[startTime, expirationTime)`; usage limits per code
 * and per customer. Codes are unique ignoring case. The pricing engine judges them (modules/pricing).
 */

export type CouponRow = typeof coupons.$inferSelect;

export function couponToWire(row: CouponRow) {
  const scope =
    row.scopeType === 'SPECIFIC_PRODUCTS'
      ? { type: row.scopeType, productIds: row.scopeIds }
      : row.scopeType === 'SPECIFIC_COLLECTIONS'
        ? { type: row.scopeType, collectionIds: row.scopeIds }
        : { type: row.scopeType };
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    active: row.active,
    discountType: row.discountType,
    ...(row.percentage !== null ? { percentage: Number(row.percentage) } : {}),
    ...(row.fixedAmount !== null ? { fixedAmount: row.fixedAmount } : {}),
    ...(row.minimumSubtotal !== null ? { minimumSubtotal: row.minimumSubtotal } : {}),
    scope,
    ...(row.startTime ? { startTime: iso(row.startTime) } : {}),
    ...(row.expirationTime ? { expirationTime: iso(row.expirationTime) } : {}),
    ...(row.usageLimit !== null ? { usageLimit: row.usageLimit } : {}),
    ...(row.limitPerCustomer !== null ? { limitPerCustomer: row.limitPerCustomer } : {}),
    timesUsed: row.timesUsed,
    ...revisionAndDates(row),
  };
}

export type WireCoupon = ReturnType<typeof couponToWire>;

const codeTaken = (code: string) => ({ what: `A coupon with the code "${code}"`, data: { code } });

type CouponFields = Omit<CouponRow, 'id' | 'timesUsed' | 'revision' | 'createdDate' | 'updatedDate'>;

/** The whole coupon after a create or a patch, checked as one: each kind needs its own value. */
function checked(fields: CouponFields): CouponFields {
  const violations: FieldViolation[] = [];
  if (fields.discountType === 'PERCENTAGE' && fields.percentage === null)
    violations.push(violation('coupon.percentage', 'is required for a PERCENTAGE coupon', 'REQUIRED_FIELD'));
  if (fields.discountType === 'FIXED_AMOUNT' && fields.fixedAmount === null)
    violations.push(
      violation('coupon.fixedAmount', 'is required for a FIXED_AMOUNT coupon', 'REQUIRED_FIELD'),
    );
  if (
    fields.discountType === 'FIXED_AMOUNT' &&
    fields.fixedAmount !== null &&
    Number(fields.fixedAmount) <= 0
  )
    violations.push(violation('coupon.fixedAmount', 'must be greater than 0', 'DECIMAL_GT'));
  if (fields.scopeType !== 'ALL_ITEMS' && fields.scopeIds.length === 0)
    violations.push(
      violation(
        fields.scopeType === 'SPECIFIC_PRODUCTS' ? 'coupon.scope.productIds' : 'coupon.scope.collectionIds',
        'must name at least one id for this scope',
        'MIN_SIZE',
      ),
    );
  if (fields.startTime && fields.expirationTime && fields.startTime >= fields.expirationTime)
    violations.push(violation('coupon.expirationTime', 'must be after startTime'));
  failIf(violations);
  // Values that do not belong to the kind are dropped, so the stored coupon is unambiguous.
  return {
    ...fields,
    percentage: fields.discountType === 'PERCENTAGE' ? fields.percentage : null,
    fixedAmount: fields.discountType === 'FIXED_AMOUNT' ? fields.fixedAmount : null,
    scopeIds: fields.scopeType === 'ALL_ITEMS' ? [] : fields.scopeIds,
  };
}

function scopeOf(scope: CouponCreate['scope']): Pick<CouponFields, 'scopeType' | 'scopeIds'> {
  if (!scope || scope.type === 'ALL_ITEMS') return { scopeType: 'ALL_ITEMS', scopeIds: [] };
  const ids = scope.type === 'SPECIFIC_PRODUCTS' ? scope.productIds : scope.collectionIds;
  return { scopeType: scope.type, scopeIds: [...new Set(ids ?? [])] };
}

const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null);
const percentOf = (value: number | null | undefined) =>
  value === null || value === undefined ? null : decimalFromNumber(value);

async function assertCodeFree(tx: Db, code: string, self?: string): Promise<void> {
  const [row] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  if (row && row.id !== self) {
    const taken = codeTaken(code);
    throw new AppError(409, 'ALREADY_EXISTS', `${taken.what} already exists`, { ...taken.data, id: row.id });
  }
}

export const coupon = defineEntity({
  ...entityAt('coupon', '/ecom/v1'),
  table: coupons,
  schemas: { create: CouponCreate, patch: CouponPatch },
  writable: [
    'code',
    'name',
    'active',
    'discountType',
    'percentage',
    'fixedAmount',
    'minimumSubtotal',
    'scope',
    'startTime',
    'expirationTime',
    'usageLimit',
    'limitPerCustomer',
  ] as const,
  query: {
    fields: {
      code: { sql: coupons.code, type: 'string', sortable: true },
      name: { sql: coupons.name, type: 'string', sortable: true },
      active: { sql: coupons.active, type: 'boolean' },
      discountType: {
        sql: coupons.discountType,
        type: 'string',
        enum: ['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING'],
      },
      startTime: { sql: coupons.startTime, type: 'date', nullable: true },
      expirationTime: { sql: coupons.expirationTime, type: 'date', nullable: true },
    },
    get: true,
  },
  toWire: couponToWire,
  unique: (input: CouponCreate | CouponPatch) => codeTaken(input.code?.trim() ?? ''),
  checkCreate(input: CouponCreate) {
    const code = input.code.trim();
    return checked({
      code,
      name: input.name?.trim() || code,
      active: input.active ?? true,
      discountType: input.discountType,
      percentage: percentOf(input.percentage),
      fixedAmount: input.fixedAmount ?? null,
      minimumSubtotal: input.minimumSubtotal ?? null,
      ...scopeOf(input.scope),
      startTime: dateOf(input.startTime),
      expirationTime: dateOf(input.expirationTime),
      usageLimit: input.usageLimit ?? null,
      limitPerCustomer: input.limitPerCustomer ?? null,
    });
  },
  async insert(_input, { tx, checked: fields }) {
    await assertCodeFree(tx, fields.code);
    return fields;
  },
  checkUpdate(patch: CouponPatch, fields) {
    if (fields.includes('code') && !patch.code?.trim())
      throw invalid('coupon.code', 'is required', 'REQUIRED_FIELD');
  },
  async update(patch, fields, current: CouponRow, { tx }) {
    const has = (f: (typeof fields)[number]) => fields.includes(f);
    const code = patch.code?.trim();
    if (has('code') && code && code.toLowerCase() !== current.code.toLowerCase())
      await assertCodeFree(tx, code, current.id);
    const { id: _id, timesUsed: _t, revision: _r, createdDate: _c, updatedDate: _u, ...base } = current;
    return checked({
      ...base,
      ...(has('code') ? { code: code! } : {}),
      ...(has('name') ? { name: patch.name?.trim() || (code ?? current.code) } : {}),
      ...(has('active') ? { active: patch.active ?? true } : {}),
      ...(has('discountType') && patch.discountType ? { discountType: patch.discountType } : {}),
      ...(has('percentage') ? { percentage: percentOf(patch.percentage) } : {}),
      ...(has('fixedAmount') ? { fixedAmount: patch.fixedAmount ?? null } : {}),
      ...(has('minimumSubtotal') ? { minimumSubtotal: patch.minimumSubtotal ?? null } : {}),
      ...(has('scope') ? scopeOf(patch.scope) : {}),
      ...(has('startTime') ? { startTime: dateOf(patch.startTime) } : {}),
      ...(has('expirationTime') ? { expirationTime: dateOf(patch.expirationTime) } : {}),
      ...(has('usageLimit') ? { usageLimit: patch.usageLimit ?? null } : {}),
      ...(has('limitPerCustomer') ? { limitPerCustomer: patch.limitPerCustomer ?? null } : {}),
    });
  },
});

export const couponService = entityService(coupon);
export const { create: createCoupon } = couponService;

// ---- For the cart, checkout and orders

/** The coupon with this code, ignoring case. */
export interface CouponCustomer {
  memberId?: string | undefined;
  visitorId?: string | undefined;
  email?: string | undefined;
}

/**
 * The coupon with this code (codes are unique ignoring case) and how many times this customer redeemed it (by
 * member, visitor or e-mail address), in one statement.
 */
export async function findCouponForCustomer(
  db: Db,
  code: string,
  customer: CouponCustomer,
): Promise<{ coupon: CouponRow; redemptions: number } | undefined> {
  // Qualified by hand: drizzle writes a one-table select's columns unqualified, and in the subquery an
  // unqualified "id" would be the redemption's.
  const who: SQL[] = [];
  if (customer.memberId) who.push(sql`r.member_id = ${customer.memberId}`);
  if (customer.visitorId) who.push(sql`r.visitor_id = ${customer.visitorId}`);
  if (customer.email) who.push(sql`lower(r.email) = lower(${customer.email})`);
  const redemptions = who.length
    ? sql<number>`(select count(*)::int from ${couponRedemptions} r
        where r.coupon_id = ${coupons}.id and (${sql.join(who, sql` or `)}))`
    : sql<number>`0`;
  const [found] = await db
    .select({ coupon: coupons, redemptions })
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  return found;
}

/**
 * Locks the coupon with this code (ignoring case), if there is one, until the transaction ends. Placing an order
 * takes it before pricing: concurrent orders with one code then price one after another, each seeing the uses
 * the previous one committed, so neither the usage limit nor the per-customer limit can be overrun, and the
 * coupon cannot be deleted between pricing and redemption.
 */
export async function lockCouponByCode(tx: Db, code: string): Promise<void> {
  await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .for('update');
}

/** Record a use (when an order is placed with the code); call inside the order's transaction. */
export async function redeemCoupon(
  tx: Db,
  couponId: string,
  customer: CouponCustomer & { orderId?: string },
): Promise<void> {
  await tx.insert(couponRedemptions).values({
    couponId,
    memberId: customer.memberId ?? null,
    visitorId: customer.visitorId ?? null,
    email: customer.email ?? null,
    orderId: customer.orderId ?? null,
  });
  await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(eq(coupons.id, couponId));
}

/** Takes back the uses an order made (its payment failed and it was rejected); call inside its transaction. */
export async function unredeemCoupons(tx: Db, orderId: string): Promise<void> {
  const removed = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of removed)
    await tx
      .update(coupons)
      .set({ timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)` })
      .where(eq(coupons.id, couponId));
}
