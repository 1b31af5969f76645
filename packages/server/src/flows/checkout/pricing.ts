import { loadTipInputs, type TipInputs, tipOf } from '../tips/checkout-tip.ts';
import type { CheckoutRow } from '../../modules/checkout/service.ts';
import type { Currency } from '../../modules/pricing/currency.ts';
import { type AdditionalFeeSnapshot, estimateTotals, type Totals } from '../../modules/pricing/index.ts';
import type { StoreSettingsRow } from '../../modules/settings/store.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { type Catalog, loadProducts } from '../cart/catalogue.ts';
import { type LineView, lineView, productIdsOf } from '../cart/lines.ts';
import type { CouponCustomer } from '../../modules/settings/coupons.ts';
import {
  couponSnapshot,
  type MerchantSettings,
  linesSnapshot,
  merchantSettings,
  viewContext,
} from '../cart/pricing.ts';

/**
 * A checkout priced as it stands: its lines read from the live catalogue and totalled by the pricing engine with
 * the same snapshot builder as the cart's estimate (flows/cart/pricing.ts), plus the buyer's tip as a fee.
 */

export interface PricedCheckout {
  row: CheckoutRow;
  store: StoreSettingsRow;
  currency: Currency;
  catalog: Catalog;
  views: LineView[];
  totals: Totals;
}

/** The buyer's tip (checkout-settings `checkoutTip`) as an additional fee: `MANUAL`, code `tip`, name "Tip". */
export const TIP_FEE_CODE = 'tip';

export function tipFee(amount: string): AdditionalFeeSnapshot | undefined {
  if (!/[1-9]/.test(amount)) return undefined;
  return { code: TIP_FEE_CODE, name: 'Tip', translatedName: 'Tip', charge: { amount }, source: 'MANUAL' };
}

export const customerOf = (row: Pick<CheckoutRow, 'memberId' | 'visitorId' | 'info'>): CouponCustomer => ({
  memberId: row.memberId ?? undefined,
  visitorId: row.visitorId ?? undefined,
  email: row.info.buyerInfo?.email,
});

export interface PricingInputs {
  /** Store, shipping and tax settings, read before the transaction (`merchantSettings(ctx)`, cached). */
  settings: MerchantSettings;
  /** The products of the lines when already loaded. */
  catalog?: Catalog | undefined;
  /** The tip's inputs when already read (with the row, or none for a purchase flow just made). */
  tip?: TipInputs | undefined;
}

/** What pricing needs besides the row, for `priceCheckout` inside a transaction: read before it starts. */
export const pricingInputs = async (ctx: AppContext): Promise<PricingInputs> => ({
  settings: await merchantSettings(ctx),
});

/**
 * Prices `row` with what `db` sees (inside a transaction: the transaction's view) and the merchant settings of
 * `inputs` (read before the transaction: a transaction must not wait for another connection).
 */
export async function priceCheckout(
  ctx: AppContext,
  db: Db,
  row: CheckoutRow,
  inputs: PricingInputs,
): Promise<PricedCheckout> {
  const { store, shippingAndTax: settings } = inputs.settings;
  const code = row.coupon?.code;
  // Independent reads: side by side (on a transaction the driver queues them on its one connection).
  const [products, couponSnap, tip] = await Promise.all([
    inputs.catalog ?? loadProducts(db, productIdsOf(row.lineItems)),
    code ? couponSnapshot(db, code, customerOf(row)) : undefined,
    inputs.tip ?? loadTipInputs(db, row.purchaseFlowId),
  ]);
  const { currency, view } = viewContext(ctx, store);
  const views = row.lineItems.map((line) => lineView(line, products, view));
  const info = row.info;
  const snapshot = await linesSnapshot(ctx, db, row.memberId, views, {
    store,
    coupon: couponSnap,
    customer: customerOf(row),
    merchantDiscounts: row.merchantDiscounts,
    settings,
    shippingAddress: info.shippingInfo?.shippingDestination?.address,
    billingAddress: info.billingInfo?.address,
    selectedShippingOption: info.shippingInfo?.selectedCarrierServiceOption,
    memberships: info.membershipOptions?.selectedMemberships?.memberships,
  });
  let totals = estimateTotals(snapshot);
  // The tip is a percentage of the lines after discounts, or an amount: priced again with it as a fee.
  const lines = totals.calculatedLineItems.reduce(
    (sum, l) =>
      sum +
      currency.parse(l.pricesBreakdown.lineItemPrice.amount) -
      currency.parse(l.pricesBreakdown.totalDiscount.amount),
    0n,
  );
  const fee = tipFee(tipOf(tip, currency.text(lines), currency.code).amount);
  if (fee) totals = estimateTotals({ ...snapshot, additionalFees: [fee] });
  return { row, store, currency, catalog: products, views, totals };
}
