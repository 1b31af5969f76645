import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { changeStock } from '../src/modules/catalogue/inventory/stock.ts';
import { inventoryItems } from '../src/modules/catalogue/inventory/tables.ts';
import { DEFAULT_VARIANT_ID } from '../src/modules/catalogue/variants/tables.ts';
import { insertActivities } from '../src/flows/orders/store.ts';
import { nextOrderNumber } from '../src/flows/orders/records.ts';
import { orderMoney } from '../src/modules/orders/state.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { payments } from '../src/modules/payments/tables.ts';
import { hashSecret } from '../src/platform/auth.ts';
import type { TestServer } from '../src/testing.ts';

/**
 * Orders as placement leaves them (docs/CHECKOUT.md "Stored order shape"): the row, `data` = the wire order
 * minus columns and derived fields, the ORDER_PLACED activity, the payment, the stock taken, `order.created`.
 * For tests of what happens after placement, without going through a checkout.
 */

export const STORE_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

type Body = Record<string, unknown>;
type Money = { amount: string };

/** The parts of a wire order (`GET /ecom/v1/orders/{id}`) the API tests read. */
export interface WireOrder {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  archived: boolean;
  seenByAHuman: boolean;
  buyerNote?: string;
  buyerInfo: { email?: string };
  lineItems: Array<{
    id: string;
    quantity: number;
    productName: { original: string };
    digitalFile?: { fileId: string; link?: string; expirationDate?: string };
    refundQuantity: number;
    restockQuantity: number;
  }>;
  activities: Array<
    { id: string; type: string; createdDate: string; merchantComment?: { message: string } } & Body
  >;
  /** Always the balance and what was paid; refunded, authorized… as they apply. */
  balanceSummary: { balance: Money; paid: Money } & Record<string, Money | undefined>;
  tags: { privateTags?: { tagIds: string[] }; tags: { tagIds: string[] } };
  fulfillments: Array<{
    id: string;
    lineItems: Array<{ id: string; quantity: number }>;
    trackingInfo?: Body;
  }>;
  recipientInfo?: Body;
  imported: boolean;
  purchasedDate?: string;
  priceSummary: { total: Money };
}

export interface FixtureLine {
  productId?: string;
  variantId?: string;
  name?: string;
  quantity: number;
  /** Unit price, decimal string. */
  price: string;
  itemType?: 'PHYSICAL' | 'DIGITAL';
  /** Secure media file of a DIGITAL line. */
  fileId?: string;
}

export interface FixtureOrder {
  lines: FixtureLine[];
  shipping?: string;
  /** `card`: a captured sandbox-card payment (PAID); `authorized`: an open authorization (NOT_PAID);
   * `offline`: no payment (NOT_PAID, FULL_PAYMENT_OFFLINE); `pending`: waiting for the buyer (PENDING). */
  payment?: 'card' | 'authorized' | 'offline' | 'pending';
  memberId?: string;
  visitorId?: string;
  email?: string;
  status?: 'APPROVED' | 'PENDING' | 'INITIALIZED';
  /** Take the stock of tracked lines as placement does (default true); false = inventory trigger ON_ORDER_PAID,
   * unpaid (`data._inventory.decremented: false`). */
  takeStock?: boolean;
  additionalFees?: Array<{ id: string; name: string; price: string }>;
  /** A card whose refunds the sandbox declines (test card 4000 0000 0000 0341). */
  refundFails?: boolean;
}

export interface PlacedOrder {
  id: string;
  number: string;
  confirmationToken: string;
  paymentId?: string;
  lineIds: string[];
}

const ADDRESS = {
  country: 'US',
  subdivision: 'US-CA',
  city: 'San Francisco',
  postalCode: '94103',
  addressLine: '500 Terry Francine St',
};

export async function placeTestOrder(server: TestServer, spec: FixtureOrder): Promise<PlacedOrder> {
  const ctx = server.ctx;
  const money = orderMoney('USD');
  const price = (minor: bigint) => money.price(minor);
  const payment = spec.payment ?? 'card';
  const lineItems = spec.lines.map((l) => {
    const unit = money.parse(l.price);
    const total = unit * BigInt(l.quantity);
    const digital = l.itemType === 'DIGITAL';
    return {
      id: randomUUID(),
      productName: { original: l.name ?? 'Item', translated: l.name ?? 'Item' },
      catalogReference: l.productId
        ? {
            catalogItemId: l.productId,
            appId: STORE_APP_ID,
            ...(l.variantId ? { options: { variantId: l.variantId } } : {}),
          }
        : undefined,
      quantity: l.quantity,
      descriptionLines: [],
      physicalProperties: { shippable: !digital },
      itemType: { preset: digital ? 'DIGITAL' : 'PHYSICAL' },
      price: price(unit),
      priceBeforeDiscounts: price(unit),
      totalPriceBeforeTax: price(total),
      totalPriceAfterTax: price(total),
      totalDiscount: price(0n),
      lineItemPrice: price(total),
      paymentOption: payment === 'offline' ? 'FULL_PAYMENT_OFFLINE' : 'FULL_PAYMENT_ONLINE',
      taxDetails: { taxRate: '0', totalTax: price(0n) },
      refundQuantity: 0,
      restockQuantity: 0,
      ...(l.fileId ? { digitalFile: { fileId: l.fileId } } : {}),
    };
  });
  const subtotal = lineItems.reduce((a, l) => a + money.parse(l.lineItemPrice.amount), 0n);
  const shipping = money.parse(spec.shipping ?? '0');
  const fees = (spec.additionalFees ?? []).reduce((a, f) => a + money.parse(f.price), 0n);
  const total = subtotal + shipping + fees;
  const checkoutId = randomUUID();
  const confirmationToken = randomBytes(24).toString('base64url');
  const email = spec.email ?? `buyer.${randomBytes(4).toString('hex')}@example.com`;
  const paymentStatus =
    payment === 'card' ? 'PAID' : payment === 'pending' ? 'PENDING' : total === 0n ? 'PAID' : 'NOT_PAID';
  if (spec.takeStock !== false) {
    const tracked = spec.lines.filter((l) => l.productId);
    if (tracked.length > 0)
      await changeStock(
        ctx,
        'decrement',
        tracked.map((l, i) => ({
          productId: l.productId!,
          ...(l.variantId ? { variantId: l.variantId } : {}),
          by: l.quantity,
          field: `lineItems[${i}]`,
        })),
        'ORDER',
        { restrict: false },
      );
  }
  const id = randomUUID();
  let paymentId: string | undefined;
  let number = '';
  await ctx.events.transaction(async (tx) => {
    number = (await nextOrderNumber(tx)).toString();
    const now = ctx.clock();
    await tx.insert(orders).values({
      id,
      number: BigInt(number),
      checkoutId,
      memberId: spec.memberId ?? null,
      visitorId: spec.visitorId ?? null,
      buyerEmail: email,
      status: spec.status ?? 'APPROVED',
      paymentStatus,
      currency: 'USD',
      total: money.text(total),
      confirmationTokenHash: hashSecret(confirmationToken),
      data: {
        checkoutId,
        purchaseFlowId: randomUUID(),
        lineItems,
        buyerInfo: {
          ...(spec.memberId ? { memberId: spec.memberId } : {}),
          ...(spec.visitorId ? { visitorId: spec.visitorId } : {}),
          email,
        },
        buyerLanguage: 'en',
        siteLanguage: 'en',
        weightUnit: 'KG',
        taxIncludedInPrices: false,
        priceSummary: {
          subtotal: price(subtotal),
          shipping: price(shipping),
          tax: price(0n),
          discount: price(0n),
          total: price(total),
          totalAdditionalFees: price(fees),
        },
        billingInfo: { address: ADDRESS, contactDetails: { firstName: 'Ada', lastName: 'Lovelace' } },
        recipientInfo: { address: ADDRESS, contactDetails: { firstName: 'Ada', lastName: 'Lovelace' } },
        shippingInfo: {
          carrierId: randomUUID(),
          code: 'standard',
          title: 'Standard',
          cost: { price: price(shipping) },
          logistics: { shippingDestination: { address: ADDRESS, contactDetails: { firstName: 'Ada' } } },
        },
        additionalFees: (spec.additionalFees ?? []).map((f) => ({
          id: f.id,
          name: f.name,
          price: price(money.parse(f.price)),
        })),
        appliedDiscounts: [],
        channelInfo: { type: 'WEB' },
        createdBy: spec.memberId ? { memberId: spec.memberId } : { visitorId: spec.visitorId },
        tags: { privateTags: { tagIds: [] }, tags: { tagIds: [] } },
        seenByAHuman: false,
        _inventory: { decremented: spec.takeStock !== false },
      },
      purchasedDate: now,
      createdDate: now,
      updatedDate: now,
    });
    if (payment !== 'offline' && total > 0n) {
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: id,
          provider: 'sandbox-card',
          providerReference: `sbx_ch_${randomBytes(12).toString('hex')}${spec.refundFails ? '.norefund' : ''}`,
          idempotencyKey: id,
          amount: money.text(total),
          status: payment === 'card' ? 'APPROVED' : payment === 'authorized' ? 'AUTHORIZED' : 'PENDING',
          details: { card: { brand: 'Visa', lastFourDigits: '4242' }, paymentMethod: 'CreditCard' },
          createdDate: now,
          updatedDate: now,
        })
        .returning({ id: payments.id });
      paymentId = row!.id;
    }
    await insertActivities(
      tx,
      id,
      [{ type: 'ORDER_PLACED' }, ...(paymentStatus === 'PAID' ? [{ type: 'ORDER_PAID' }] : [])],
      now,
    );
    await ctx.events.record(tx, { entity: 'order', entityId: id, type: 'created', payload: { orderId: id } });
  });
  return {
    id,
    number,
    confirmationToken,
    ...(paymentId ? { paymentId } : {}),
    lineIds: lineItems.map((l) => l.id),
  };
}

/** The quantity in stock of a product's default variant, as the inventory table holds it (null: not tracked). */
export async function trackedStock(server: TestServer, productId: string): Promise<number | null> {
  const [row] = await server.ctx.db
    .select({ quantity: inventoryItems.quantity })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.productId, productId), eq(inventoryItems.variantId, DEFAULT_VARIANT_ID)));
  return row?.quantity ?? null;
}
