import type { StoredLine } from '../../modules/cart/model.ts';
import { downloadUrl } from '../../modules/catalogue/media/files.ts';
import { DOWNLOAD_LINK_MINUTES } from '../../modules/catalogue/media/signing.ts';
import type { DigitalLink, OrderRow } from '../../modules/orders/wire.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Catalog } from '../cart/catalogue.ts';
import { isRecord, type Json } from './json.ts';
import { linesOf } from './store.ts';

/**
 * Digital lines: a DIGITAL line carries `digitalFile {fileId}` (a secure media file). Its download link is
 * a signed, expiring URL made at read time for whoever may read the order, and only while the order is
 * paid (also after a partial refund) and not canceled, and the line is not wholly refunded.
 */

/** Lifetime of the links sent by mail (the order page makes fresh ones at every read). */
export const MAILED_LINK_MINUTES = 24 * 60;

const DOWNLOADABLE = new Set(['PAID', 'PARTIALLY_REFUNDED']);

export function isDownloadable(row: Pick<OrderRow, 'status' | 'paymentStatus'>): boolean {
  return DOWNLOADABLE.has(row.paymentStatus) && row.status !== 'CANCELED' && row.status !== 'REJECTED';
}

export interface DigitalLine {
  lineId: string;
  fileId: string;
  name: string;
}

/**
 * For placement (`orderDataFrom`'s `digitalFiles`): the secure file the catalogue names for each store-catalogue
 * line's product (`product.digitalFile`, docs/CATALOGUE.md), by line id. Only DIGITAL lines keep it.
 */
export function catalogueDigitalFiles(lines: readonly StoredLine[], catalog: Catalog): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of lines) {
    if (line.kind !== 'catalog') continue;
    const fileId = catalog.get(line.productId)?.data.digitalFile?.fileId;
    if (fileId) out.set(line.id, fileId);
  }
  return out;
}

/** The digital lines that have a file and are not wholly refunded. */
export function digitalLines(data: Json): DigitalLine[] {
  const out: DigitalLine[] = [];
  for (const line of linesOf(data)) {
    const file = isRecord(line.digitalFile) ? line.digitalFile : undefined;
    if (!file || typeof file.fileId !== 'string' || typeof line.id !== 'string') continue;
    const quantity = typeof line.quantity === 'number' ? line.quantity : 0;
    const refunded = typeof line.refundQuantity === 'number' ? line.refundQuantity : 0;
    if (quantity > 0 && refunded >= quantity) continue;
    const name = isRecord(line.productName) ? String(line.productName.original ?? '') : '';
    out.push({ lineId: line.id, fileId: file.fileId, name });
  }
  return out;
}

/** Fresh download links of an order's digital lines, by line id (none while not downloadable). */
export async function digitalLinksOf(
  ctx: AppContext,
  row: Pick<OrderRow, 'status' | 'paymentStatus' | 'data'>,
  minutes = DOWNLOAD_LINK_MINUTES,
): Promise<Map<string, DigitalLink>> {
  const out = new Map<string, DigitalLink>();
  if (!isDownloadable(row)) return out;
  for (const line of digitalLines(row.data)) {
    try {
      const { url, urlExpirationDate } = await downloadUrl(ctx, line.fileId, minutes);
      out.set(line.lineId, { link: url, expirationDate: urlExpirationDate });
    } catch (error) {
      // The file was deleted since: the line stays, without a link.
      ctx.log.warn({ err: error, fileId: line.fileId }, 'no download link for a digital order line');
    }
  }
  return out;
}
