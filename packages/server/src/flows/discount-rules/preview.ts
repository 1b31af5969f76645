import type { LineItemInput } from '../../modules/cart/schemas.ts';
import { requireMember } from '../../modules/identity/members.ts';
import { estimateTotals, type Totals } from '../../modules/pricing/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { loadProducts } from '../cart/catalogue.ts';
import { catalogLinesFrom, lineView, referencedProductIds } from '../cart/lines.ts';
import { merchantSettings, pricingSnapshot, viewContext } from '../cart/pricing.ts';

/**
 * "What would this cart get": a hypothetical cart of catalogue lines priced by the real pricing engine with the
 * store's merchant settings as they are now (every discount rule, the store's currency and rounding), without
 * a coupon, merchant discounts, shipping or tax. Nothing is written. A member id lets CUSTOMER_ELIGIBILITY rules
 * hold as they would for that signed-in member
 * (404 MEMBER_NOT_FOUND for an unknown one).
 */

export interface PreviewRequest {
  lineItems: Pick<LineItemInput, 'quantity' | 'catalogReference'>[];
  memberId?: string | undefined;
}

export type PreviewResponse = Pick<Totals, 'appliedDiscounts' | 'priceSummary'>;

export async function previewDiscountRules(ctx: AppContext, body: PreviewRequest): Promise<PreviewResponse> {
  const now = ctx.clock();
  // An unknown member is a 404, not a preview that silently treats them as a visitor.
  if (body.memberId) await requireMember(ctx.db, body.memberId);
  const [catalog, { store, shippingAndTax }] = await Promise.all([
    loadProducts(ctx.db, referencedProductIds(body.lineItems)),
    merchantSettings(ctx),
  ]);
  // As a shopper's cart: a hidden product cannot be bought, so it is not found (404), as in the cart.
  const lines = catalogLinesFrom(body.lineItems, catalog, false, now);
  const { view } = viewContext(ctx, store);
  const totals = estimateTotals(
    pricingSnapshot({
      now,
      store,
      lineItems: lines.map((line) => lineView(line, catalog, view).snapshot),
      customer: body.memberId ? { memberId: body.memberId } : undefined,
      merchantDiscounts: [],
      settings: shippingAndTax,
      calculateTax: false,
      calculateShipping: false,
    }),
  );
  return { appliedDiscounts: totals.appliedDiscounts, priceSummary: totals.priceSummary };
}
