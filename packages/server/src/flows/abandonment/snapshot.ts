import { randomBytes } from 'node:crypto';
import { recoveryUrl } from '../../modules/abandoned-checkouts/entity.ts';
import type { Activity, StoredLine, StoredPrice } from '../../modules/abandoned-checkouts/model.ts';
import type { abandonedCheckouts } from '../../modules/abandoned-checkouts/tables.ts';
import type { CheckoutRow } from '../../modules/checkout/service.ts';
import type { WireCheckout } from '../checkout/wire.ts';

/** The display fields of a checkout line kept at abandonment. */
const LINE_FIELDS = [
  'id',
  'quantity',
  'catalogReference',
  'productName',
  'price',
  'fullPrice',
  'lineItemPrice',
  'media',
  'url',
  'descriptionLines',
  'itemType',
] as const;

const pick = (line: Record<string, unknown>): StoredLine =>
  Object.fromEntries(LINE_FIELDS.filter((f) => line[f] !== undefined).map((f) => [f, line[f]]));

type NewRow = typeof abandonedCheckouts.$inferInsert;

/** The abandoned-checkout row of a checkout priced now (`wire`), as the job inserts it. */
export function abandonedRowOf(
  publicUrl: string,
  row: CheckoutRow,
  wire: WireCheckout,
  mails: boolean,
  now: Date,
): NewRow & { id: string } {
  const summary = wire.priceSummary as { subtotal: StoredPrice; total: StoredPrice };
  const contact =
    row.info.billingInfo?.contactDetails ?? row.info.shippingInfo?.shippingDestination?.contactDetails;
  const id = crypto.randomUUID();
  const recoveryToken = randomBytes(24).toString('base64url');
  const activity: Activity = {
    type: mails ? 'SCHEDULED' : 'AUTOMATION_SKIPPED',
    createdDate: now.toISOString(),
  };
  const { email: _email, ...buyer } = wire.buyerInfo as Record<string, unknown>;
  return {
    id,
    checkoutId: row.id,
    cartId: row.cartId,
    memberId: row.memberId,
    visitorId: row.visitorId,
    status: 'ABANDONED',
    buyerEmail: row.info.buyerInfo!.email!,
    buyerInfo: buyer,
    contactDetails: contact ? { ...contact } : null,
    buyerLanguage: row.info.buyerLanguage ?? null,
    currency: String(wire.currency),
    total: summary.total.amount,
    subtotal: summary.subtotal.amount,
    totalPrice: summary.total,
    subtotalPrice: summary.subtotal,
    lineItems: wire.lineItems.map(pick),
    appliedDiscounts: (wire.appliedDiscounts as unknown[] | undefined) ?? [],
    activities: [activity],
    recoveryToken,
    checkoutUrl: recoveryUrl(publicUrl, { id, recoveryToken }),
    mailDueDate: mails ? now : null,
    abandonedDate: row.updatedDate,
    revision: 1n,
    createdDate: now,
    updatedDate: now,
  };
}
