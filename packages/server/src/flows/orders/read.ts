import { loadOrderParts, type OrderParts, partsToWire } from '../../modules/orders/parts.ts';
import type { WireOrder } from '../../modules/orders/wire.ts';
import type { Caller } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Audience, audienceOf } from './access.ts';
import { digitalLinksOf } from './digital.ts';
import { orderNotFound, UUID } from './store.ts';

/** The wire order as `audience` sees it, with fresh download links of its digital lines. */
export async function wireFor(ctx: AppContext, parts: OrderParts, audience: Audience): Promise<WireOrder> {
  return partsToWire(parts, { audience, digitalLinks: await digitalLinksOf(ctx, parts.row) });
}

/** `GET /ecom/v1/orders/{id}`: ORDER_NOT_FOUND for anyone who may not see it (never 403: ids stay secret). */
export async function readOrder(
  ctx: AppContext,
  id: string,
  caller: Caller,
  confirmationToken: string | undefined,
): Promise<WireOrder> {
  if (!UUID.test(id)) throw orderNotFound(id);
  const parts = await loadOrderParts(ctx.db, id);
  if (!parts) throw orderNotFound(id);
  const audience = await audienceOf(ctx, parts.row, caller, confirmationToken);
  if (!audience) throw orderNotFound(id);
  return wireFor(ctx, parts, audience);
}

/** An admin's order (the merchant actions answer with it). */
export async function merchantOrder(ctx: AppContext, id: string): Promise<OrderParts> {
  if (!UUID.test(id)) throw orderNotFound(id);
  const parts = await loadOrderParts(ctx.db, id);
  if (!parts) throw orderNotFound(id);
  return parts;
}
