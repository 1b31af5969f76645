import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifyItem } from '../src/flows/back-in-stock/notify.ts';
import { createProduct } from '../src/modules/catalogue/products/writes.ts';
import { rows } from '../src/platform/db.ts';
import { startTestServer } from '../src/testing.ts';
import * as shop from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { lastMail, seedClient } from './identity-helpers.ts';

const P = '/back-in-stock-service/v1/back-in-stock-notification-requests';
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';

const { server, call } = serverForFile({ seed: shop.seedStore });
let shopper: string;

type Request = shop.Body & {
  id: string;
  status: string;
  revision: string;
  autoNotified: boolean;
  itemUrl?: string;
};

const dotR = (request: unknown) => `.r=${Buffer.from(JSON.stringify(request)).toString('base64url')}`;

async function soldOut(name: string, variants?: string[]) {
  const id = await shop.product(
    server(),
    variants
      ? ({
          name,
          productOptions: [{ name: 'Size', choices: variants.map((value) => ({ value })) }],
          variants: variants.map((v) => ({
            choices: { Size: v },
            stock: { trackQuantity: true, quantity: 0 },
          })),
        } as Parameters<typeof shop.product>[1])
      : { name, stock: { trackQuantity: true, quantity: 0 } },
  );
  const [row] = await rows<{ slug: string }>(
    server().ctx.db,
    sql`select slug from products where id = ${id}`,
  );
  return { id, slug: row!.slug };
}

async function variantIds(productId: string): Promise<Record<string, string>> {
  const found = await rows<{ id: string; choices: Record<string, string> }>(
    server().ctx.db,
    sql`select id, choices from product_variants where product_id = ${productId}`,
  );
  return Object.fromEntries(found.map((v) => [Object.values(v.choices)[0] ?? 'default', v.id]));
}

async function ask(email: string, catalogItemId: string, variantId?: string, token = shopper) {
  return server().call('POST', P, {
    token,
    body: {
      request: {
        email,
        catalogReference: {
          catalogItemId,
          appId: shop.APP,
          ...(variantId ? { options: { variantId } } : {}),
        },
      },
      itemDetails: { name: 'Whatever the page says' },
    },
  });
}

async function asked(email: string, catalogItemId: string, variantId?: string): Promise<Request> {
  const res = await ask(email, catalogItemId, variantId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.request as Request;
}

async function read(id: string): Promise<Request> {
  const res = await call('GET', `${P}/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.request as Request;
}

async function eventTypes(entityId: string): Promise<string[]> {
  const found = await rows<{ type: string }>(
    server().ctx.db,
    sql`select type from outbox_events where entity = 'back_in_stock_request' and entity_id = ${entityId} order by id`,
  );
  return found.map((e) => e.type);
}

async function mailsTo(email: string): Promise<number> {
  return shop.countRows(
    server(),
    sql`select count(*) as n from dev_mailbox_messages where to_key = ${email} and tag = 'back-in-stock'`,
  );
}

beforeAll(async () => {
  shopper = await shop.visitor(server());
});

describe('asking', () => {
  it('a shopper leaves an e-mail for a sold-out item: RECEIVED, linked to the product page, once per e-mail', async () => {
    const item = await soldOut('Rare Print');
    const request = await asked('Ada@Example.com', item.id);
    expect(request).toMatchObject({
      status: 'RECEIVED',
      autoNotified: false,
      email: 'Ada@Example.com',
      catalogReference: { catalogItemId: item.id, appId: shop.APP },
      itemUrl: `${server().url}/products/${item.slug}`,
    });
    expect(await eventTypes(request.id)).toEqual(['created']);

    const again = await ask('ADA@example.com', item.id, undefined, await shop.visitor(server()));
    expect(again.status).toBe(409);
    expect(shop.errorCode(again.body)).toBe('ALREADY_EXISTS');
    // The default variant is the product itself.
    expect((await ask('ada@example.com', item.id, DEFAULT_VARIANT)).status).toBe(409);
    expect(
      await shop.countRows(
        server(),
        sql`select count(*) as n from back_in_stock_requests where catalog_item_id = ${item.id}`,
      ),
    ).toBe(1);

    // The custom-host alias answers too.
    const alias = await server().call('GET', `/v1/back-in-stock-notification-requests/${request.id}`, {
      token: server().adminKey,
    });
    expect(alias.status).toBe(200);
  });

  it('refuses bad input naming the field, and anonymous callers', async () => {
    const item = await soldOut('Bad Input Item');
    const cases: Array<[shop.Body, string]> = [
      [
        { email: 'not-an-email', catalogReference: { catalogItemId: item.id, appId: shop.APP } },
        'request.email',
      ],
      [
        { email: 'a@example.com', catalogReference: { appId: shop.APP } },
        'request.catalogReference.catalogItemId',
      ],
      [
        {
          email: 'a@example.com',
          catalogReference: { catalogItemId: '5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f', appId: shop.APP },
        },
        'request.catalogReference.catalogItemId',
      ],
      [
        {
          email: 'a@example.com',
          catalogReference: {
            catalogItemId: item.id,
            appId: shop.APP,
            options: { variantId: '5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f' },
          },
        },
        'request.catalogReference.options.variantId',
      ],
    ];
    for (const [request, field] of cases) {
      const res = await server().call('POST', P, { token: shopper, body: { request } });
      expect(res.status, field).toBe(400);
      expect(shop.violationFields(res.body), field).toEqual([field]);
    }
    const anonymous = await server().call('POST', P, {
      body: {
        request: { email: 'a@example.com', catalogReference: { catalogItemId: item.id, appId: shop.APP } },
      },
    });
    expect(anonymous.status).toBe(401);
    expect(
      await shop.countRows(
        server(),
        sql`select count(*) as n from back_in_stock_requests where catalog_item_id = ${item.id}`,
      ),
    ).toBe(0);
    // Shoppers cannot read requests.
    expect((await server().call('POST', `${P}/query`, { token: shopper, body: {} })).status).toBe(403);
  });
});

describe('restock notifies', () => {
  it('through the v1 inventory API: PROCESSING then NOTIFICATION_SENT, automatically, with a mail linking the item', async () => {
    const item = await soldOut('Vinyl Record');
    const request = await asked('grace@example.com', item.id);
    const res = await call('PATCH', `/stores/v2/inventoryItems/product/${item.id}`, {
      inventoryItem: { trackQuantity: true, variants: [{ variantId: DEFAULT_VARIANT, quantity: 5 }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await server().ctx.events.drain();

    const after = await read(request.id);
    expect(after).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: true });
    expect(after.notifiedDate).toEqual(expect.any(String));
    expect(await eventTypes(request.id)).toEqual(['created', 'updated', 'updated']);
    const mail = await lastMail(server(), 'grace@example.com', 'back-in-stock');
    expect(mail.subject).toContain('Vinyl Record is back in stock');
    expect(mail.data.link).toBe(`${server().url}/products/${item.slug}`);
    // The page's own name is not what the mail says: the catalogue's is.
    expect(mail.text).not.toContain('Whatever the page says');

    // Notified: the shopper may ask again; a stock change that is no restock notifies nobody.
    const second = await asked('grace@example.com', item.id);
    await call('PATCH', `/stores/v2/inventoryItems/product/${item.id}`, {
      inventoryItem: { trackQuantity: true, variants: [{ variantId: DEFAULT_VARIANT, quantity: 7 }] },
    });
    await server().ctx.events.drain();
    expect((await read(second.id)).status).toBe('RECEIVED');
  });

  it('through the v3 inventory API: the variant back and the whole-product requests, not the other variant', async () => {
    const item = await soldOut('Hiking Boot', ['S', 'M']);
    const v = await variantIds(item.id);
    const small = await asked('small@example.com', item.id, v.S);
    const medium = await asked('medium@example.com', item.id, v.M);
    const any = await asked('any@example.com', item.id);
    const items = await call('POST', '/stores/v3/inventory-items/query', {
      query: { filter: { productId: item.id } },
    });
    const smallItem = (
      items.body.inventoryItems as Array<{ id: string; variantId: string; revision: string }>
    ).find((i) => i.variantId === v.S)!;
    const res = await call('PATCH', `/stores/v3/inventory-items/${smallItem.id}`, {
      inventoryItem: { id: smallItem.id, revision: smallItem.revision, quantity: 3 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await server().ctx.events.drain();
    expect((await read(small.id)).status).toBe('NOTIFICATION_SENT');
    expect((await read(any.id)).status).toBe('NOTIFICATION_SENT');
    expect((await read(medium.id)).status).toBe('RECEIVED');
  });

  it('through an order cancelled with a restock', async () => {
    const id = await shop.product(server(), {
      name: 'Last One',
      stock: { trackQuantity: true, quantity: 1 },
    });
    const buyer = await shop.visitor(server());
    const checkout = await shop.newCheckout(server(), buyer, [shop.line(id)], {
      shippingInfo: { shippingDestination: { address: shop.NEW_YORK } },
    });
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order`, {
      token: buyer,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const request = await asked('cancel@example.com', id);
    const canceled = await call('POST', `/ecom/v1/orders/${placed.body.orderId as string}/cancel`, {
      restockAllItems: true,
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    await server().ctx.events.drain();
    expect((await read(request.id)).status).toBe('NOTIFICATION_SENT');
  });

  it('through a CSV import', async () => {
    const item = await soldOut('Imported Lamp');
    const request = await asked('csv@example.com', item.id);
    const csv = `Handle,Name,Price,Track Quantity,Quantity\r\n${item.slug},Imported Lamp,10.00,true,3\r\n`;
    const res = await call('POST', '/stores/v1/products/import', { csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toMatchObject({ updated: 1, failed: 0 });
    await server().ctx.events.drain();
    expect((await read(request.id)).status).toBe('NOTIFICATION_SENT');
  });

  it('mails each request once when two processes react to the same restock', async () => {
    const item = await soldOut('Popular Mug');
    const emails = ['p1@example.com', 'p2@example.com', 'p3@example.com'];
    for (const email of emails) await asked(email, item.id);
    await Promise.all(
      [1, 2, 3].map(() =>
        notifyItem(server().ctx, { appId: shop.APP, catalogItemId: item.id }, { auto: true }),
      ),
    );
    for (const email of emails) expect(await mailsTo(email)).toBe(1);
  });
});

describe('merchant calls', () => {
  it('report-items-back-in-stock notifies now (not automatically), only the named requests when given', async () => {
    const item = await soldOut('Manual Item');
    const a = await asked('m1@example.com', item.id);
    const b = await asked('m2@example.com', item.id);
    const res = await call('POST', `${P}/report-items-back-in-stock`, {
      catalogReference: { catalogItemId: item.id, appId: shop.APP },
      requestIds: [a.id],
      itemDetails: { name: 'Manual Item', price: '$12.00' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({});
    expect(await read(a.id)).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: false });
    expect((await read(b.id)).status).toBe('RECEIVED');
    expect((await lastMail(server(), 'm1@example.com', 'back-in-stock')).text).toContain('$12.00');
    const bad = await call('POST', `${P}/report-items-back-in-stock`, {
      catalogReference: { appId: shop.APP },
    });
    expect(bad.status).toBe(400);
    expect(shop.violationFields(bad.body)).toEqual(['catalogReference.catalogItemId']);
  });

  it('mark-as-notification-sent; unknown ids and stale revisions are clear 4xx and change nothing', async () => {
    const item = await soldOut('Marked Item');
    const request = await asked('mark@example.com', item.id);
    const stale = await call('PUT', `${P}/${request.id}/mark-as-notification-sent`, { revision: '99' });
    expect(stale.status).toBe(409);
    expect(shop.errorCode(stale.body)).toBe('REVISION_MISMATCH');
    expect((await read(request.id)).status).toBe('RECEIVED');
    const res = await call('PUT', `${P}/${request.id}/mark-as-notification-sent`, {
      revision: request.revision,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.request).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: false });
    const unknown = await call(
      'PUT',
      `${P}/00000000-0000-4000-8000-000000000000/mark-as-notification-sent`,
      {},
    );
    expect(unknown.status).toBe(404);
    expect(shop.errorCode(unknown.body)).toBe('BACK_IN_STOCK_REQUEST_NOT_FOUND');
    expect(await mailsTo('mark@example.com')).toBe(0);
  });

  it('query (GET* and its POST fallback), count per item, delete', async () => {
    const item = await soldOut('Counted Item', ['S', 'M']);
    const v = await variantIds(item.id);
    const one = await asked('Count.One@example.com', item.id, v.S);
    await asked('count.two@example.com', item.id, v.S);
    await asked('count.three@example.com', item.id);

    const query = {
      query: {
        filter: { 'catalogReference.catalogItemId': item.id },
        sort: [{ fieldName: 'email', order: 'ASC' }],
      },
    };
    const viaGet = await call('GET', `${P}?${dotR(query)}`);
    expect(viaGet.status, JSON.stringify(viaGet.body)).toBe(200);
    const viaPost = await call('POST', `${P}/query`, query);
    expect(viaPost.body).toEqual(viaGet.body);
    expect((viaGet.body.requests as Request[]).map((r) => r.email)).toEqual([
      'Count.One@example.com',
      'count.three@example.com',
      'count.two@example.com',
    ]);
    expect(viaGet.body.metadata).toMatchObject({ count: 3, total: 3 });
    const byEmail = await call('POST', `${P}/query`, {
      query: { filter: { email: 'COUNT.ONE@example.com' } },
    });
    expect((byEmail.body.requests as Request[]).map((r) => r.id)).toEqual([one.id]);
    const badFilter = await call('POST', `${P}/query`, { query: { filter: { status: 'LOST' } } });
    expect(badFilter.status).toBe(400);

    const refs = [
      { catalogItemId: item.id, appId: shop.APP, options: { variantId: v.S } },
      { catalogItemId: item.id, appId: shop.APP, options: { variantId: v.M } },
      { catalogItemId: item.id, appId: shop.APP },
    ];
    const counts = await call('GET', `${P}/count-by-catalog-reference?${dotR({ catalogReferences: refs })}`);
    expect(counts.status, JSON.stringify(counts.body)).toBe(200);
    expect((counts.body.countsPerCatalogReference as Array<{ count: number }>).map((c) => c.count)).toEqual([
      2, 0, 1,
    ]);
    const noRefs = await call('GET', `${P}/count-by-catalog-reference?${dotR({ catalogReferences: [] })}`);
    expect(noRefs.status).toBe(400);

    expect((await call('DELETE', `${P}/${one.id}`)).status).toBe(200);
    expect((await call('GET', `${P}/${one.id}`)).status).toBe(404);
    expect((await call('DELETE', `${P}/${one.id}`)).status).toBe(404);
    expect(await eventTypes(one.id)).toEqual(['created', 'deleted']);
  });
});

describe('a mail that cannot be sent', () => {
  it('leaves the request FAILED with the reason', async () => {
    // A mail server nobody listens on.
    const failing = await startTestServer({
      config: { smtpUrl: 'smtp://127.0.0.1:9/?connectionTimeout=500&greetingTimeout=500' },
      seed: seedClient,
    });
    try {
      const { id } = await createProduct(failing.ctx, {
        name: 'Unmailable',
        price: '5.00',
        stock: { trackQuantity: true, quantity: 0 },
      });
      const token = await shop.visitor(failing);
      const created = await failing.call('POST', P, {
        token,
        body: {
          request: { email: 'lost@example.com', catalogReference: { catalogItemId: id, appId: shop.APP } },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const requestId = (created.body.request as Request).id;
      await notifyItem(failing.ctx, { appId: shop.APP, catalogItemId: id }, { auto: false });
      const res = await failing.call('GET', `${P}/${requestId}`, { token: failing.adminKey });
      expect(res.body.request).toMatchObject({
        status: 'FAILED',
        failureReason: 'The notification mail could not be sent',
      });
    } finally {
      await failing.stop();
    }
  });
});
