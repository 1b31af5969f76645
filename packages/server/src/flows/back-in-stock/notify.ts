import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { backInStockService, type RequestRow } from '../../modules/back-in-stock/entity.ts';
import { backInStockRequests, type ItemDetails } from '../../modules/back-in-stock/tables.ts';
import { mailerFor } from '../../modules/mail/mailer.ts';
import { renderMail } from '../../modules/mail/templates.ts';
import { storeDisplayName } from '../../modules/settings/store.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { isRecord } from '../orders/json.ts';
import { inStockNow } from './item.ts';
import { STORE_APP_ID } from '../cart/catalogue.ts';

/**
 * Telling shoppers an item is back: the RECEIVED requests of the item are claimed in batches
 * (`FOR UPDATE SKIP LOCKED`, so two processes reacting to the same restock never claim the same request) and
 * moved to PROCESSING in one transaction; each is then mailed after the commit and ends NOTIFICATION_SENT, or
 * FAILED with the reason. Every change records `back_in_stock_request.updated`.
 */

const BATCH = 50;

export interface Item {
  appId: string;
  catalogItemId: string;
  /** The variants back in stock; requests for the item as a whole (no variant) match any. Absent: all. */
  variantIds?: string[] | undefined;
}

export interface NotifyOptions {
  /** Set by the stock change itself (true) or by a merchant's report (false). */
  auto: boolean;
  /** Only these requests (of the item). */
  requestIds?: string[] | undefined;
  /** What the merchant's report says about the item (name, price, image) for the mail. */
  itemDetails?: ItemDetails | undefined;
}

export async function backInStockMail(ctx: AppContext, row: RequestRow, details: ItemDetails = {}) {
  const store = await storeDisplayName(ctx);
  const name = details.name ?? row.itemDetails.name ?? 'An item you asked about';
  const price = details.price ?? row.itemDetails.price;
  const link = row.itemUrl ?? ctx.config.publicUrl;
  const body = renderMail({
    title: `${name} is back in stock`,
    paragraphs: [
      `Good news: ${name} is available again at ${store}.`,
      ...(price ? [`Price: ${price}`] : []),
      'Stock may be limited, so do not wait too long.',
    ],
    button: { label: 'View the item', url: link },
    footer: `You receive this mail because you asked to be told when it is available at ${store}.`,
  });
  return {
    to: row.email,
    subject: `${name} is back in stock · ${store}`,
    ...body,
    tag: 'back-in-stock',
    data: { link, requestId: row.id },
  };
}

async function claim(ctx: AppContext, item: Item, options: NotifyOptions): Promise<RequestRow[]> {
  const t = backInStockRequests;
  return ctx.events.transaction(async (tx) => {
    const due = await tx
      .select({ id: t.id })
      .from(t)
      .where(
        and(
          eq(t.status, 'RECEIVED'),
          eq(t.appId, item.appId),
          eq(t.catalogItemId, item.catalogItemId),
          item.variantIds ? inArray(t.variantId, [...item.variantIds, '']) : undefined,
          options.requestIds ? inArray(t.id, options.requestIds) : undefined,
        ),
      )
      .orderBy(asc(t.createdDate), asc(t.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const now = ctx.clock();
    const claimed = await tx
      .update(t)
      .set({
        status: 'PROCESSING',
        autoNotified: options.auto,
        revision: sql`${t.revision} + 1`,
        updatedDate: now,
      })
      .where(
        inArray(
          t.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    for (const row of claimed) await backInStockService.record(ctx, tx, 'updated', row);
    return claimed;
  });
}

async function finish(ctx: AppContext, row: RequestRow, options: NotifyOptions): Promise<boolean> {
  let failure: string | null = null;
  try {
    await mailerFor(ctx).send(await backInStockMail(ctx, row, options.itemDetails));
  } catch (error) {
    ctx.log.error(
      { err: error instanceof Error ? error.message : String(error), id: row.id },
      'back-in-stock mail not sent',
    );
    failure = 'The notification mail could not be sent';
  }
  await backInStockService
    .change(ctx, row.id, undefined, () =>
      failure
        ? { status: 'FAILED', failureReason: failure }
        : { status: 'NOTIFICATION_SENT', failureReason: null, notifiedDate: ctx.clock() },
    )
    .catch((error: unknown) =>
      ctx.log.warn({ err: error, id: row.id }, 'back-in-stock outcome not recorded'),
    );
  return failure === null;
}

/** Notifies the waiting requests of an item; returns how many mails went and how many failed. */
export async function notifyItem(ctx: AppContext, item: Item, options: NotifyOptions) {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claimed = await claim(ctx, item, options);
    for (const row of claimed)
      if (await finish(ctx, row, options)) sent++;
      else failed++;
    if (claimed.length < BATCH) return { sent, failed };
  }
}

/**
 * `inventory_item.variants_changed` (both inventory APIs, order-cancel restock, CSV import): the variants that
 * went from out of stock to in stock — and still are — have their requests notified.
 */
export async function onStockChanged(ctx: AppContext, event: DomainEvent): Promise<void> {
  const productId = String(event.payload.inventoryItemId ?? event.entityId);
  const variants = Array.isArray(event.payload.variants) ? event.payload.variants : [];
  const back = variants
    .filter(
      (v) =>
        isRecord(v) &&
        isRecord(v.newValue) &&
        v.newValue.inStock === true &&
        !(isRecord(v.oldValue) && v.oldValue.inStock === true),
    )
    .map((v) => String((v as { id: unknown }).id));
  const still = await inStockNow(ctx.db, productId, back);
  if (still.length === 0) return;
  await notifyItem(ctx, { appId: STORE_APP_ID, catalogItemId: productId, variantIds: still }, { auto: true });
}

export function subscribeBackInStock(ctx: AppContext): void {
  ctx.events.subscribe('inventory_item.variants_changed', (event) => onStockChanged(ctx, event));
}
