import { findMediaRecord } from '../../modules/catalogue/media/files.ts';
import { runBulk } from '../../modules/catalogue/shared/write-support.ts';
import type { WireOrder } from '../../modules/orders/wire.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { applyPaths, getPath, selectedPaths } from './field-mask.ts';
import { changeOrder, linesOf, type NewActivity } from './store.ts';
import { isRecord, type Json } from './json.ts';

/** The merchant's edits of an order and of its lines (`PATCH` with a field mask, and the bulk form). */

/** What a merchant may change on an order; the rest is set by placement, payments and fulfilment. */
export const EDITABLE_ORDER_PATHS = [
  'buyerInfo.email',
  'buyerInfo.contactId',
  'buyerLanguage',
  'buyerNote',
  'billingInfo',
  'recipientInfo',
  'shippingInfo.title',
  'shippingInfo.logistics.deliveryTime',
  'shippingInfo.logistics.instructions',
  'shippingInfo.logistics.shippingDestination',
  'archived',
  'seenByAHuman',
  'attributionSource',
  'customFields',
  'extendedFields',
  'businessLocation',
] as const;

const ADDRESS_PATHS = ['recipientInfo', 'shippingInfo.logistics.shippingDestination'];

const changed = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);

export async function updateOrder(
  ctx: AppContext,
  id: string,
  patch: Json,
  fieldMask: string | undefined,
  field = 'order',
  maskField = 'fieldMask',
): Promise<WireOrder> {
  const paths = selectedPaths(EDITABLE_ORDER_PATHS, patch, fieldMask, maskField);
  const { order } = await changeOrder(ctx, id, async (_tx, parts) => {
    if (paths.length === 0) return { change: { none: true } };
    const before = parts.row.data;
    const data = applyPaths({ ...before, archived: parts.row.archived }, patch, paths);
    const email = getPath(data, 'buyerInfo.email');
    if (paths.includes('buyerInfo.email') && typeof email !== 'string')
      throw invalid(`${field}.buyerInfo.email`, 'cannot be removed', 'REQUIRED_FIELD');
    const activities: NewActivity[] = [];
    if (changed(getPath(before, 'buyerInfo.email'), email))
      activities.push({ type: 'EMAIL_EDITED', details: { emailEdited: { email } } });
    if (ADDRESS_PATHS.some((p) => changed(getPath(before, p), getPath(data, p))))
      activities.push({ type: 'SHIPPING_ADDRESS_EDITED', details: {} });
    const archived = data.archived === true;
    delete data.archived;
    return {
      change: {
        set: { data, archived, buyerEmail: typeof email === 'string' ? email : parts.row.buyerEmail },
        activities,
      },
    };
  });
  return order;
}

export async function bulkUpdateOrders(
  ctx: AppContext,
  items: Array<{ order: Json & { id: string }; fieldMask?: string | undefined }>,
  returnEntity: boolean | undefined,
) {
  return runBulk(
    ctx,
    items,
    async ({ order, fieldMask }, i) => {
      const wire = await updateOrder(
        ctx,
        order.id,
        order,
        fieldMask,
        `orders[${i}].order`,
        `orders[${i}].fieldMask`,
      );
      return { id: wire.id, item: returnEntity === false ? undefined : wire };
    },
    (item) => item.order.id,
  );
}

/** What a merchant may change on a line (not its quantity or prices: the totals stay as paid). */
export const EDITABLE_LINE_PATHS = [
  'productName',
  'descriptionLines',
  'image',
  'physicalProperties',
  'itemType',
  'digitalFile',
  'fulfillerId',
  'locations',
  'extendedFields',
] as const;

export async function updateLineItem(
  ctx: AppContext,
  id: string,
  lineItemId: string,
  patch: Json,
  fieldMask: string | undefined,
): Promise<WireOrder> {
  const paths = selectedPaths(EDITABLE_LINE_PATHS, patch, fieldMask);
  const file = isRecord(patch.digitalFile) ? patch.digitalFile : undefined;
  if (paths.some((p) => p.startsWith('digitalFile')) && typeof file?.fileId === 'string') {
    const record = await findMediaRecord(ctx.db, file.fileId);
    if (!record) throw invalid('lineItem.digitalFile.fileId', 'is not a media file', 'VALIDATION');
  }
  const { order } = await changeOrder(ctx, id, async (_tx, parts) => {
    const lines = linesOf(parts.row.data);
    const index = lines.findIndex((l) => l.id === lineItemId);
    if (index < 0)
      throw notFound('LINE_ITEM_NOT_FOUND', `Order ${id} has no line item ${lineItemId}`, { lineItemId });
    if (paths.length === 0) return { change: { none: true } };
    const nextLines = [...lines];
    const line = applyPaths(lines[index]!, patch, paths);
    if (line.digitalFile === null) delete line.digitalFile;
    nextLines[index] = line;
    return { change: { set: { data: { ...parts.row.data, lineItems: nextLines } } } };
  });
  return order;
}
