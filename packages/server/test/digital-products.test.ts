import { beforeAll, describe, expect, it } from 'vitest';
import { csvRow, parseCsv } from '../src/platform/csv.ts';
import { seedStore } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, visitorTokens } from './identity-helpers.ts';
import { uploadFile } from './media-helpers.ts';
import { STORE_APP_ID } from './order-fixtures.ts';

/**
 * A digital product names its secure file (`product.digitalFile`, merchant data): set and checked on product
 * writes and in the CSV, hidden from shoppers, and copied by placement to the order's DIGITAL line, whose
 * download link (on the order and in the mail) serves the file's bytes once paid.
 */

type Body = Record<string, unknown>;
interface WireProduct {
  id: string;
  productType: string;
  digitalFile?: { fileId: string };
  costAndProfitData?: Body;
}

const { server, call } = serverForFile({ dataDirName: 'digital', seed: seedStore });
let admin: string;
let secureFileId = '';
let imageId = '';
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n% the maps\n';
const PRODUCTS = '/stores/v1/products';
const READER = '/stores-reader/v1/products';

function fields(body: Body): string[] {
  const v = (body.details as { validationError?: { fieldViolations: Array<{ field: string }> } } | undefined)
    ?.validationError;
  return (v?.fieldViolations ?? []).map((f) => f.field);
}

async function upload(filename: string, content: Buffer, fileType?: string): Promise<string> {
  return (await uploadFile(server(), { content, filename, ...(fileType ? { fileType } : {}) })).id;
}

async function createDigital(name: string, extra: Body = {}) {
  return call('POST', PRODUCTS, {
    product: { name, productType: 'digital', priceData: { price: 9 }, ...extra },
  });
}

async function productCount(): Promise<number> {
  const res = await call('POST', `${READER}/query-platformized`, { query: { paging: { limit: 100 } } });
  return (res.body.products as unknown[]).length;
}

beforeAll(async () => {
  admin = server().adminKey;
  secureFileId = await upload('maps.pdf', Buffer.from(PDF), 'SECURE_DOCUMENT');
  // A public (not secure) file: a 1×1 PNG.
  imageId = await upload(
    'dot.png',
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
}, 120_000);

describe('a digital product names its secure file', () => {
  it('is set, checked, cleared and shown to the merchant only', async () => {
    const before = await productCount();
    const physical = await call('POST', PRODUCTS, {
      product: { name: 'Printed Maps', priceData: { price: 9 }, digitalFile: { fileId: secureFileId } },
    });
    expect(physical.status).toBe(400);
    expect(fields(physical.body)).toEqual(['product.digitalFile']);
    const unknown = await createDigital('Unknown File', {
      digitalFile: { fileId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(400);
    expect(fields(unknown.body)).toEqual(['product.digitalFile.fileId']);
    const open = await createDigital('Public File', { digitalFile: { fileId: imageId } });
    expect(open.status).toBe(400);
    expect(fields(open.body)).toEqual(['product.digitalFile.fileId']);
    const malformed = await createDigital('Malformed', { digitalFile: { fileId: 'not-an-id' } });
    expect(malformed.status).toBe(400);
    expect(await productCount()).toBe(before);

    const created = await createDigital('Trail Maps', { digitalFile: { fileId: secureFileId } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const product = created.body.product as WireProduct;
    expect(product.digitalFile).toEqual({ fileId: secureFileId });

    // Merchant data, like cost: only for admins asking for it.
    const merchant = await call('GET', `${READER}/${product.id}?includeMerchantSpecificData=true`);
    expect((merchant.body.product as WireProduct).digitalFile).toEqual({ fileId: secureFileId });
    const plain = await call('GET', `${READER}/${product.id}`);
    expect(plain.body.product).not.toHaveProperty('digitalFile');
    const shopper = (await visitorTokens(server())).access_token;
    for (const asked of ['', '?includeMerchantSpecificData=true']) {
      const read = await call('GET', `${READER}/${product.id}${asked}`, undefined, shopper);
      expect(read.status).toBe(200);
      expect(read.body.product).not.toHaveProperty('digitalFile');
      expect(read.body.product).not.toHaveProperty('costAndProfitData');
    }
    const listed = await call(
      'POST',
      `${READER}/query-platformized`,
      { query: { filter: { id: product.id } }, includeMerchantSpecificData: true },
      shopper,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect((listed.body.products as WireProduct[])[0]).not.toHaveProperty('digitalFile');

    // The file is in use: it cannot be deleted from the media manager.
    const deleted = await call('DELETE', `/site-media/v1/files/${secureFileId}`);
    expect(deleted.status).toBe(409);
    expect(errorCode(deleted.body)).toBe('MEDIA_IN_USE');

    // Updates: a physical product gets none; null removes it; a new one replaces it.
    const toPhysical = await call('PATCH', `${PRODUCTS}/${product.id}`, {
      product: { productType: 'physical', digitalFile: { fileId: secureFileId } },
    });
    expect(fields(toPhysical.body)).toEqual(['product.digitalFile']);
    const cleared = await call('PATCH', `${PRODUCTS}/${product.id}`, { product: { digitalFile: null } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.product).not.toHaveProperty('digitalFile');
    expect((cleared.body.product as WireProduct).productType).toBe('digital');
    const badUpdate = await call('PATCH', `${PRODUCTS}/${product.id}`, {
      product: { name: 'Renamed', digitalFile: { fileId: imageId } },
    });
    expect(fields(badUpdate.body)).toEqual(['product.digitalFile.fileId']);
    const again = await call('PATCH', `${PRODUCTS}/${product.id}`, {
      product: { digitalFile: { fileId: secureFileId.toUpperCase() } },
    });
    expect((again.body.product as WireProduct).digitalFile).toEqual({ fileId: secureFileId });
    expect(JSON.stringify(again.body.product)).not.toContain('Renamed');
  });

  it('is the Digital File Id column of the catalogue CSV', async () => {
    const created = await createDigital('CSV Maps', {
      slug: 'csv-maps',
      digitalFile: { fileId: secureFileId },
    });
    const id = (created.body.product as WireProduct).id;
    const exported = await fetch(`${server().url}/stores/v1/products/export.csv`, {
      headers: { authorization: admin },
    });
    const [header, ...body] = [...parseCsv(await exported.text())].map((r) => r.fields);
    const column = header!.indexOf('Digital File Id');
    expect(column).toBeGreaterThan(0);
    expect(body.find((r) => r[0] === 'csv-maps')![column]).toBe(secureFileId);

    const importCsv = async (rows: string[][]) =>
      (await call('POST', '/stores/v1/products/import', { csv: rows.map(csvRow).join('') })).body as {
        results: Body;
        errors: Array<{ line: number; column: string; message: string }>;
      };
    const read = async () =>
      (await call('GET', `${READER}/${id}?includeMerchantSpecificData=true`)).body.product as WireProduct;

    const cleared = await importCsv([
      ['Handle', 'Digital File Id'],
      ['csv-maps', ''],
    ]);
    expect(cleared.errors).toEqual([]);
    expect(await read()).not.toHaveProperty('digitalFile');
    const bad = await importCsv([
      ['Handle', 'Digital File Id'],
      ['csv-maps', 'maps.pdf'],
    ]);
    expect(bad.results).toMatchObject({ updated: 0, failed: 1 });
    expect(bad.errors.map((e) => [e.line, e.column])).toEqual([[2, 'Digital File Id']]);
    const notSecure = await importCsv([
      ['Handle', 'Name', 'Price', 'Product Type', 'Digital File Id'],
      ['csv-new-maps', 'New Maps', '4.00', 'digital', imageId],
      ['csv-new-print', 'New Print', '4.00', 'physical', secureFileId],
    ]);
    expect(notSecure.results).toMatchObject({ created: 0, failed: 2 });
    expect(notSecure.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'Handle'],
      [3, 'Handle'],
    ]);
    expect(notSecure.errors[0]!.message).toContain('product.digitalFile.fileId');
    expect(notSecure.errors[1]!.message).toContain('product.digitalFile');
    expect(
      (
        await importCsv([
          ['Handle', 'Name', 'Price', 'Product Type', 'Digital File Id'],
          ['csv-new-maps', 'New Maps', '4.00', 'digital', secureFileId],
        ])
      ).results,
    ).toMatchObject({ created: 1, failed: 0 });
    const set = await importCsv([
      ['Handle', 'Digital File Id'],
      ['csv-maps', secureFileId],
    ]);
    expect(set.errors).toEqual([]);
    expect(set.results).toMatchObject({ updated: 1, failed: 0 });
    expect((await read()).digitalFile).toEqual({ fileId: secureFileId });
  });
});

describe('buying a digital product', () => {
  it('cart → checkout → paid order: the line carries the file; its link and the mailed one download it', async () => {
    const created = await createDigital('Alpine Maps', { digitalFile: { fileId: secureFileId } });
    const productId = (created.body.product as WireProduct).id;
    const shopper = (await visitorTokens(server())).access_token;
    const email = 'maps.buyer@example.com';
    const added = await call(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      { lineItems: [{ quantity: 1, catalogReference: { catalogItemId: productId, appId: STORE_APP_ID } }] },
      shopper,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const checkout = await call(
      'POST',
      '/ecom/v1/carts/current/create-checkout',
      {
        channelType: 'WEB',
        email,
        billingAddress: { country: 'US', subdivision: 'US-CA', city: 'Fresno', postalCode: '93650' },
      },
      shopper,
    );
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const card = await call(
      'POST',
      '/payments/sandbox/v1/card-tokens',
      { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      shopper,
    );
    const placed = await call(
      'POST',
      `/ecom/v1/checkouts/${checkout.body.checkoutId as string}/create-order-and-charge`,
      { paymentToken: card.body.paymentToken },
      shopper,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { orderId, confirmationToken } = placed.body as { orderId: string; confirmationToken: string };

    const res = await call(
      'GET',
      `/ecom/v1/orders/${orderId}?confirmationToken=${encodeURIComponent(confirmationToken)}`,
      undefined,
      '',
    );
    expect(res.status).toBe(200);
    const order = res.body.order as {
      paymentStatus: string;
      lineItems: Array<{
        id: string;
        itemType: { preset: string };
        digitalFile?: { fileId: string; link?: string; expirationDate?: string };
      }>;
    };
    expect(order.paymentStatus).toBe('PAID');
    const [line] = order.lineItems;
    expect(line!.itemType.preset).toBe('DIGITAL');
    expect(line!.digitalFile!.fileId).toBe(secureFileId);
    const expires = new Date(line!.digitalFile!.expirationDate!).getTime();
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + 16 * 60_000);
    const download = await fetch(line!.digitalFile!.link!);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe(PDF);
    // The link is signed: the bare file URL serves nothing.
    expect((await fetch(line!.digitalFile!.link!.split('?')[0]!)).status).not.toBe(200);

    await server().ctx.events.drain();
    const inbox = await call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(email)}`);
    const mails = (inbox.body.messages as Array<{ tag: string; data: Record<string, string> }>).filter(
      (m) => m.tag === 'download-links',
    );
    expect(mails).toHaveLength(1);
    const mailed = mails[0]!.data[`download:${line!.id}`]!;
    expect(mailed).toContain(secureFileId);
    const fromMail = await fetch(mailed);
    expect(fromMail.status).toBe(200);
    expect(Buffer.from(await fromMail.arrayBuffer()).toString()).toBe(PDF);
  });
});
