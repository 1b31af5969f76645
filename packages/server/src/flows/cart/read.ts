import { sql } from 'drizzle-orm';
import type { CartInfo, StoredCoupon, StoredLine, StoredMerchantDiscount } from '../../modules/cart/model.ts';
import { cartNotFound, type CartOwner, type CartRow, ownerKey } from '../../modules/cart/service.ts';
import { carts } from '../../modules/cart/tables.ts';
import type { Currency } from '../../modules/pricing/currency.ts';
import type { StoreSettingsRow } from '../../modules/settings/store.ts';
import type { AppContext } from '../../platform/context.ts';
import { compiled } from '../../platform/compiled-sql.ts';
import { type Db, preparedRows } from '../../platform/db.ts';
import { type Catalog, catalogAt, productIdList, productVersionsJson } from './catalogue.ts';
import { type LineView, lineView, type ViewContext, type WireLineItem } from './lines.ts';
import { merchantSettings, viewContext } from './pricing.ts';

/**
 * The current cart (wire/cart-and-checkout.md §3): the caller's one cart, its lines priced from the live
 * catalogue on every read, totals from the pricing engine. Every write bumps `revision` and never loses a
 * parallel write's line or quantity: it first writes optimistically (one statement, only if the revision it
 * read is still current), and after a conflict locks the cart row for a transaction (see `writeCart`).
 */

export interface Caller {
  owner: CartOwner;
  /** Admin credentials (with a visitor or member token beside them): may price lines themselves. */
  admin: boolean;
}

// ---- Reading

interface Loaded {
  store: StoreSettingsRow;
  currency: Currency;
  catalog: Catalog;
  view: ViewContext;
}

export function loaded(ctx: AppContext, store: StoreSettingsRow, catalog: Catalog): Loaded {
  return { store, catalog, ...viewContext(ctx, store) };
}

/** The cart row as JSON: dates and the revision as PostgreSQL writes them as text. */
interface CartJson {
  id: string;
  ownerKey: string;
  memberId: string | null;
  visitorId: string | null;
  lineItems: StoredLine[];
  info: CartInfo;
  coupon: StoredCoupon | null;
  merchantDiscounts: StoredMerchantDiscount[];
  checkoutId: string | null;
  revision: string;
  createdDate: string;
  updatedDate: string;
}

// Two JSON columns rather than a column per field: the driver's work grows with the number of columns.
const cartRead = compiled<'key' | 'productIds'>(
  sql`with cart as (select * from ${carts} where owner_key = ${sql.placeholder('key')} limit 1)
    select (select json_build_object('id', c.id, 'ownerKey', c.owner_key, 'memberId', c.member_id,
        'visitorId', c.visitor_id, 'lineItems', c.line_items, 'info', c.info, 'coupon', c.coupon,
        'merchantDiscounts', c.merchant_discounts, 'checkoutId', c.checkout_id, 'revision', c.revision::text,
        'createdDate', c.created_date::text, 'updatedDate', c.updated_date::text) from cart c) as cart,
      ${productVersionsJson(
        sql`(array(select (l->>'productId')::uuid from cart c, jsonb_array_elements(c.line_items) l
          where l->>'kind' = 'catalog' and l->>'productId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
          || ${sql.placeholder('productIds')}::uuid[])`,
      )} as versions`,
);

/**
 * The owner's cart and, in the same statement, the products of its catalogue lines and of `productIds` (read
 * even when there is no cart), with their variants and stock, and the versions they were read at.
 */
export async function readCart(
  db: Db,
  owner: CartOwner,
  productIds: string[] = [],
): Promise<{ row: CartRow | undefined; catalog: Catalog; versions: Array<[string, string]> }> {
  const [read] = await preparedRows<{ cart: CartJson | null; versions: Array<[string, string]> }>(
    db,
    cartRead({ key: ownerKey(owner), productIds: productIdList(productIds) }),
  );
  // The products as kept at the versions read; those changed since they were kept are read again.
  const versions = read?.versions ?? [];
  const catalog = await catalogAt(db, versions);
  const cart = read?.cart;
  if (!cart) return { row: undefined, catalog, versions };
  return {
    versions,
    row: {
      ...cart,
      revision: BigInt(cart.revision),
      // The text the driver would have parsed (timestamps stay text in both drivers).
      createdDate: new Date(cart.createdDate),
      updatedDate: new Date(cart.updatedDate),
    },
    catalog,
  };
}

export interface WireCart {
  id: string;
  lineItems: WireLineItem[];
  revision: string;
  [field: string]: unknown;
}

export function cartToWire(row: CartRow, loaded: Loaded): { wire: WireCart; views: LineView[] } {
  const views = row.lineItems.map((line) => lineView(line, loaded.catalog, loaded.view));
  const { info, coupon } = row;
  const { currency } = loaded;
  const appliedDiscounts: Record<string, unknown>[] = [];
  if (coupon)
    appliedDiscounts.push({
      coupon: { id: coupon.id, code: coupon.code, name: coupon.name },
      discountType: coupon.discountType,
      lineItemIds: [],
    });
  for (const d of row.merchantDiscounts) {
    const ids = d.lineItemIds ?? [];
    appliedDiscounts.push({
      merchantDiscount:
        'amount' in d
          ? { amount: currency.mcp(currency.parse(d.amount)) }
          : { percentage: Number(d.percentage) },
      discountType: ids.length ? 'SPECIFIC_ITEMS' : 'GLOBAL',
      lineItemIds: ids,
    });
  }
  // Field by field in wire order (conditional spreads cost more than the rest of this).
  const wire = { id: row.id, lineItems: views.map((v) => v.wire) } as WireCart;
  if (info.buyerNote) wire.buyerNote = info.buyerNote;
  const buyerInfo: Record<string, unknown> = row.memberId
    ? { memberId: row.memberId }
    : { visitorId: row.visitorId };
  if (info.buyerInfo?.contactId) buyerInfo.contactId = info.buyerInfo.contactId;
  if (info.buyerInfo?.email) buyerInfo.email = info.buyerInfo.email;
  wire.buyerInfo = buyerInfo;
  wire.currency = loaded.store.currency;
  wire.conversionCurrency = loaded.store.currency;
  wire.paymentCurrency = loaded.store.currency;
  if (info.buyerLanguage) wire.buyerLanguage = info.buyerLanguage;
  wire.siteLanguage = loaded.store.locale.split('-')[0];
  wire.taxIncludedInPrices = loaded.store.taxIncludedInPrices;
  wire.weightUnit = loaded.store.weightUnit;
  if (row.checkoutId) wire.checkoutId = row.checkoutId;
  wire.appliedDiscounts = appliedDiscounts;
  if (info.contactInfo) wire.contactInfo = info.contactInfo;
  if (info.overrideCheckoutUrl) wire.overrideCheckoutUrl = info.overrideCheckoutUrl;
  if (info.selectedShippingOption) wire.selectedShippingOption = info.selectedShippingOption;
  if (info.extendedFields) wire.extendedFields = info.extendedFields;
  if (info.businessLocationId) wire.businessLocationId = info.businessLocationId;
  wire.createdDate = row.createdDate.toISOString();
  wire.updatedDate = row.updatedDate.toISOString();
  wire.revision = row.revision.toString();
  return { wire, views };
}

export async function getCart(ctx: AppContext, owner: CartOwner): Promise<WireCart> {
  const [{ row, catalog }, { store }] = await Promise.all([readCart(ctx.db, owner), merchantSettings(ctx)]);
  if (!row) throw cartNotFound();
  return cartToWire(row, loaded(ctx, store, catalog)).wire;
}
