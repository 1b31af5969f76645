import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../src/modules/catalogue/products/writes.ts';
import { orderActivities, orders } from '../src/modules/orders/tables.ts';
import { rows } from '../src/platform/db.ts';
import type { DomainEvent } from '../src/platform/events.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, memberTokens, seedClient, visitorTokens } from './identity-helpers.ts';
import { uploadFile } from './media-helpers.ts';
import { placeTestOrder, trackedStock, type WireOrder } from './order-fixtures.ts';

type Body = Record<string, unknown>;

const { server, call } = serverForFile({ dataDirName: 'orders', seed: seedClient });
let admin: string;
const products: Record<string, string> = {};
let secureFileId = '';
const events: DomainEvent[] = [];

const ORDERS = '/ecom/v1/orders';
const subjectOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; vid?: string };

const stockOf = (productId: string) => trackedStock(server(), productId);

async function mails(to: string, tag?: string) {
  await server().ctx.events.drain();
  const res = await call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(to)}`);
  const list = res.body.messages as Array<{
    tag: string;
    text: string;
    html: string | null;
    subject: string;
    data: Record<string, string>;
  }>;
  return list.filter((m) => !tag || m.tag === tag);
}

async function read(id: string, token = admin, query = ''): Promise<WireOrder> {
  const res = await call('GET', `${ORDERS}/${id}${query}`, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order as WireOrder;
}

const activityTypes = (order: WireOrder) => order.activities.map((a) => a.type);

beforeAll(async () => {
  admin = server().adminKey;
  server().ctx.events.subscribe('*', (e) => {
    events.push(e);
  });
  const ctx = server().ctx;
  products.tee = (
    await createProduct(ctx, { name: 'Tee', price: '20.00', stock: { trackQuantity: true, quantity: 10 } })
  ).id;
  products.mug = (
    await createProduct(ctx, { name: 'Mug', price: '15.00', stock: { trackQuantity: true, quantity: 5 } })
  ).id;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  secureFileId = (
    await uploadFile(server(), { content: pdf, filename: 'guide.pdf', fileType: 'SECURE_DOCUMENT' })
  ).id;
}, 120_000);

describe('reading an order', () => {
  it('the visitor who placed it, its member, a confirmation token, admins; everyone else gets ORDER_NOT_FOUND', async () => {
    const visitor = await visitorTokens(server());
    const visitorId = subjectOf(visitor.access_token).sub;
    const placed = await placeTestOrder(server(), {
      lines: [{ name: 'Tee', quantity: 1, price: '20.00' }],
      visitorId,
    });
    await call('POST', `${ORDERS}/${placed.id}/activities`, {
      activity: { merchantComment: { message: 'VIP' } },
    });

    const own = await read(placed.id, visitor.access_token);
    expect(own).toMatchObject({
      id: placed.id,
      number: placed.number,
      status: 'APPROVED',
      paymentStatus: 'PAID',
    });
    // The buyer does not see the merchant's comments or private tags.
    expect(activityTypes(own)).toEqual(['ORDER_PLACED', 'ORDER_PAID']);
    expect(own.tags.privateTags).toBeUndefined();
    expect(activityTypes(await read(placed.id))).toContain('MERCHANT_COMMENT');

    const other = await visitorTokens(server());
    for (const token of [other.access_token, undefined]) {
      const res = await call('GET', `${ORDERS}/${placed.id}`, undefined, token ?? '');
      expect(res.status).toBe(404);
      expect(errorCode(res.body)).toBe('ORDER_NOT_FOUND');
    }
    const anonymous = await server().call(
      'GET',
      `${ORDERS}/${placed.id}?confirmationToken=${placed.confirmationToken}`,
    );
    expect(anonymous.status).toBe(200);
    const wrong = await server().call(
      'GET',
      `${ORDERS}/${placed.id}?confirmationToken=${placed.confirmationToken}x`,
    );
    expect(errorCode(wrong.body)).toBe('ORDER_NOT_FOUND');
    // A token of one order opens no other.
    const second = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '1.00' }] });
    const crossed = await server().call(
      'GET',
      `${ORDERS}/${second.id}?confirmationToken=${placed.confirmationToken}`,
    );
    expect(errorCode(crossed.body)).toBe('ORDER_NOT_FOUND');
    // The custom-host alias serves the same order.
    const alias = await server().call('GET', `/_api/ecom-orders/v1/orders/${placed.id}`, { token: admin });
    expect((alias.body.order as WireOrder).id).toBe(placed.id);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const missing = await call('GET', `${ORDERS}/${id}`);
      expect(missing.status).toBe(404);
      expect(errorCode(missing.body)).toBe('ORDER_NOT_FOUND');
    }
  });

  it('a member reads their orders, another member does not', async () => {
    const member = await memberTokens(server());
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 2, price: '5.00' }],
      memberId: member.memberId,
      email: member.email,
    });
    expect((await read(placed.id, member.access_token)).id).toBe(placed.id);
    const stranger = await memberTokens(server());
    const res = await call('GET', `${ORDERS}/${placed.id}`, undefined, stranger.access_token);
    expect(errorCode(res.body)).toBe('ORDER_NOT_FOUND');
  });

  it('merchant calls need an admin key', async () => {
    const visitor = await visitorTokens(server());
    const placed = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const res = await call('POST', `${ORDERS}/${placed.id}/cancel`, {}, visitor.access_token);
    expect(res.status).toBe(403);
    expect((await read(placed.id)).status).toBe('APPROVED');
  });
});

describe('order mails', () => {
  it('confirms the order by mail with a link that opens it (and no other order)', async () => {
    const email = 'confirm.me@example.com';
    const placed = await placeTestOrder(server(), {
      lines: [{ name: 'Tee', quantity: 2, price: '20.00' }],
      email,
    });
    const [mail] = await mails(email, 'order-confirmation');
    expect(mail!.subject).toContain(`#${placed.number}`);
    expect(mail!.text).toContain('2 × Tee');
    // The HTML part: the store's name (the checkout header's text once set), the line with its amount, totals.
    expect(mail!.text).toContain('2 × Tee ($20.00 each): $40.00');
    expect(mail!.html).toContain('2 × Tee');
    expect(mail!.html).toContain('$40.00');
    expect(mail!.html).toMatch(/Total<\/td><td[^>]*>\$\d/);
    expect(mail!.text.split('\n')[0]).toBe(new URL(server().url).host);
    const link = new URL(mail!.data.link!);
    expect(link.pathname).toBe(`/orders/${placed.id}`);
    const token = link.searchParams.get('token')!;
    const res = await server().call(
      'GET',
      `${ORDERS}/${placed.id}?confirmationToken=${encodeURIComponent(token)}`,
    );
    expect(res.status).toBe(200);
    const other = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '1.00' }] });
    const crossed = await server().call(
      'GET',
      `${ORDERS}/${other.id}?confirmationToken=${encodeURIComponent(token)}`,
    );
    expect(errorCode(crossed.body)).toBe('ORDER_NOT_FOUND');
    // A redelivered order.created (its outbox row dispatched again) sends no second confirmation: the mail's
    // order_mails row claims it, and the order's stored document is left as placed.
    await server().ctx.events.drain();
    await rows(
      server().ctx.db,
      sql`update outbox_events set dispatched_at = null, claimed_until = null
          where entity = 'order' and entity_id = ${placed.id} and type = 'created'`,
    );
    await server().ctx.events.drain();
    expect(await mails(email, 'order-confirmation')).toHaveLength(1);
    const claims = await rows<{ kind: string; data_marked: boolean }>(
      server().ctx.db,
      sql`select m.kind, o.data ? '_confirmationMailSent' as data_marked
          from order_mails m join orders o on o.id = m.order_id where m.order_id = ${placed.id}`,
    );
    expect(claims).toEqual([{ kind: 'confirmation', data_marked: false }]);
  });

  it("names the store by its checkout header's text, and by its store name in the subject and footer", async () => {
    const store = await call('PATCH', '/ecom/v1/store-settings', {
      storeSettings: { storeName: 'Corner Shop' },
    });
    expect(store.status, JSON.stringify(store.body)).toBe(200);
    const brand = { checkoutBrand: { header: { text: 'Corner Shop Checkout' } } };
    const header = await call('PATCH', '/ecom/v1/checkout-settings', { checkoutSettings: brand });
    expect(header.status, JSON.stringify(header.body)).toBe(200);
    try {
      const email = 'branded@example.com';
      const placed = await placeTestOrder(server(), {
        lines: [{ name: 'Mug', quantity: 1, price: '8.00' }],
        email,
      });
      const [mail] = await mails(email, 'order-confirmation');
      expect(mail!.subject).toBe(`Thank you for your order #${placed.number} · Corner Shop`);
      expect(mail!.text.split('\n')[0]).toBe('Corner Shop Checkout');
      expect(mail!.text).toContain(`Order #${placed.number} at Corner Shop.`);
      expect(mail!.html).toContain('Corner Shop Checkout');
    } finally {
      const cleared = { checkoutBrand: { header: { text: '' } } };
      await call('PATCH', '/ecom/v1/checkout-settings', { checkoutSettings: cleared });
      await call('PATCH', '/ecom/v1/store-settings', { storeSettings: { storeName: null } });
    }
  });

  it('digital lines: links only once paid, mailed once, re-signed at every read', async () => {
    const email = 'reader@example.com';
    const placed = await placeTestOrder(server(), {
      lines: [{ name: 'Guide', quantity: 1, price: '9.00', itemType: 'DIGITAL', fileId: secureFileId }],
      payment: 'offline',
      email,
    });
    const unpaid = await read(placed.id, admin, '');
    expect(unpaid.lineItems[0]!.digitalFile).toEqual({ fileId: secureFileId });
    expect(await mails(email, 'download-links')).toHaveLength(0);

    const paid = await call('POST', `/ecom/v1/payments-collector/orders/${placed.id}/mark-as-paid`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [mail] = await mails(email, 'download-links');
    expect(mail).toBeDefined();
    const mailed = mail!.data[`download:${placed.lineIds[0]}`]!;
    const download = await fetch(mailed);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).toString()).toContain('%PDF');

    const order = await read(placed.id, '', `?confirmationToken=${placed.confirmationToken}`);
    const file = order.lineItems[0]!.digitalFile!;
    expect(file.fileId).toBe(secureFileId);
    expect(new Date(file.expirationDate!).getTime()).toBeGreaterThan(Date.now());
    expect((await fetch(file.link!)).status).toBe(200);
    expect(activityTypes(order)).toContain('DOWNLOAD_LINK_SENT');
    // Another update: no second mail.
    await call('PATCH', `${ORDERS}/${placed.id}`, { order: { buyerNote: 'thanks' } });
    expect(await mails(email, 'download-links')).toHaveLength(1);
    // A canceled order gives no links.
    await call('POST', `${ORDERS}/${placed.id}/cancel`, {});
    expect((await read(placed.id)).lineItems[0]!.digitalFile).toEqual({ fileId: secureFileId });
  });
});

describe('updating an order', () => {
  it('changes what the mask names, with EMAIL_EDITED and SHIPPING_ADDRESS_EDITED, and an order.updated event', async () => {
    const placed = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const res = await call('PATCH', `${ORDERS}/${placed.id}`, {
      order: {
        buyerNote: 'ring twice',
        archived: true,
        seenByAHuman: true,
        buyerInfo: { email: 'new.address@example.com' },
        recipientInfo: { address: { country: 'FR', city: 'Paris' }, contactDetails: { firstName: 'Marie' } },
        priceSummary: { total: { amount: '0' } },
      },
      fieldMask: 'buyerNote,archived,seenByAHuman,buyerInfo.email,recipientInfo',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order as WireOrder;
    expect(order).toMatchObject({ buyerNote: 'ring twice', archived: true, seenByAHuman: true });
    expect(order.buyerInfo.email).toBe('new.address@example.com');
    expect(order.recipientInfo).toEqual({
      address: { country: 'FR', city: 'Paris' },
      contactDetails: { firstName: 'Marie' },
    });
    expect(order.priceSummary.total.amount).toBe('5.00');
    expect(activityTypes(order)).toEqual(expect.arrayContaining(['EMAIL_EDITED', 'SHIPPING_ADDRESS_EDITED']));
    const [row] = await server().ctx.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.buyerEmail).toBe('new.address@example.com');
    expect(row!.archived).toBe(true);
    await server().ctx.events.drain();
    expect(events.some((e) => e.entity === 'order' && e.type === 'updated' && e.entityId === placed.id)).toBe(
      true,
    );

    // Without a mask, the editable fields sent; nothing else.
    const plain = await call('PATCH', `${ORDERS}/${placed.id}`, {
      order: { buyerNote: 'again', status: 'CANCELED' },
    });
    expect(plain.body.order as WireOrder).toMatchObject({ buyerNote: 'again', status: 'APPROVED' });
  });

  it('refuses a mask naming what cannot be changed, and changes nothing', async () => {
    const placed = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const res = await call('PATCH', `${ORDERS}/${placed.id}`, {
      order: { buyerNote: 'x', lineItems: [] },
      fieldMask: 'buyerNote,lineItems',
    });
    expect(res.status).toBe(400);
    const violation = (res.body.details as Body).validationError as { fieldViolations: Array<Body> };
    expect(violation.fieldViolations[0]).toMatchObject({
      field: 'fieldMask',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect((await read(placed.id)).buyerNote).toBeUndefined();
    const email = await call('PATCH', `${ORDERS}/${placed.id}`, {
      order: { buyerInfo: { email: 'not an email' } },
    });
    expect(email.status).toBe(400);
  });

  it('bulk update: each order on its own', async () => {
    const a = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const res = await call('POST', '/ecom/v1/bulk/orders/update', {
      orders: [
        { order: { id: a.id, archived: true }, fieldMask: 'archived' },
        { order: { id: '00000000-0000-4000-8000-000000000000', archived: true } },
        { order: { id: a.id, buyerNote: 'n' }, fieldMask: 'status' },
      ],
      returnEntity: true,
    });
    expect(res.status).toBe(200);
    const results = res.body.results as Array<{ itemMetadata: Body; item?: WireOrder }>;
    expect(results.map((r) => r.itemMetadata.success)).toEqual([true, false, false]);
    expect(results[0]!.item!.archived).toBe(true);
    expect((results[1]!.itemMetadata.error as Body).code).toBe('ORDER_NOT_FOUND');
    expect((results[2]!.itemMetadata.error as Body).code).toBe('INVALID_ARGUMENT');
    expect(res.body.bulkActionMetadata).toEqual({
      totalSuccesses: 1,
      totalFailures: 2,
      undetailedFailures: 0,
    });
  });

  it('line items: names, files; never quantities', async () => {
    const placed = await placeTestOrder(server(), { lines: [{ name: 'Old', quantity: 1, price: '5.00' }] });
    const line = placed.lineIds[0]!;
    const ok = await call('PATCH', `${ORDERS}/${placed.id}/line-item/${line}`, {
      lineItem: { productName: { original: 'New name' }, digitalFile: { fileId: secureFileId } },
      fieldMask: 'productName,digitalFile',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((ok.body.order as WireOrder).lineItems[0]).toMatchObject({
      productName: { original: 'New name' },
      digitalFile: { fileId: secureFileId },
    });
    const quantity = await call('PATCH', `${ORDERS}/${placed.id}/line-item/${line}`, {
      lineItem: { quantity: 5 },
      fieldMask: 'quantity',
    });
    expect(quantity.status).toBe(400);
    const missing = await call('PATCH', `${ORDERS}/${placed.id}/line-item/nope`, {
      lineItem: { productName: { original: 'x' } },
    });
    expect(errorCode(missing.body)).toBe('LINE_ITEM_NOT_FOUND');
    const noFile = await call('PATCH', `${ORDERS}/${placed.id}/line-item/${line}`, {
      lineItem: { digitalFile: { fileId: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(noFile.status).toBe(400);
  });
});

describe('activities', () => {
  it('adds, edits and deletes comments and custom activities; history stays', async () => {
    const placed = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const added = await call('POST', `${ORDERS}/${placed.id}/activities`, {
      activity: { merchantComment: { message: 'Call first' } },
    });
    expect(added.status).toBe(200);
    const commentId = added.body.activityId as string;
    expect((added.body.order as WireOrder).activities.find((a) => a.id === commentId)).toMatchObject({
      type: 'MERCHANT_COMMENT',
      merchantComment: { message: 'Call first' },
    });
    const many = await call('POST', `${ORDERS}/${placed.id}/activities/add`, {
      orderActivities: [
        {
          customActivity: { type: 'synced', additionalData: { erp: 'A-1' } },
          createdDate: '2024-01-02T03:04:05.000Z',
        },
        { merchantComment: { message: 'second' } },
      ],
    });
    expect(many.status, JSON.stringify(many.body)).toBe(200);
    expect(many.body.activityIds).toHaveLength(2);
    const order = many.body.order as WireOrder;
    const synced = order.activities.find((a) => a.id === (many.body.activityIds as string[])[0]);
    expect(synced).toMatchObject({ type: 'CUSTOM_ACTIVITY', createdDate: '2024-01-02T03:04:05.000Z' });
    // Dated activities sort by their date: the old one comes first.
    expect(order.activities[0]!.type).toBe('CUSTOM_ACTIVITY');

    const edited = await call('PATCH', `${ORDERS}/${placed.id}/activities/${commentId}`, {
      activity: { merchantComment: { message: 'Call twice' } },
    });
    expect(
      (edited.body.order as WireOrder).activities.find((a) => a.id === commentId)!.merchantComment,
    ).toEqual({
      message: 'Call twice',
    });
    const placedActivity = order.activities.find((a) => a.type === 'ORDER_PLACED')!;
    const history = await call('PATCH', `${ORDERS}/${placed.id}/activities/${placedActivity.id}`, {
      activity: { merchantComment: { message: 'rewrite' } },
    });
    expect(errorCode(history.body)).toBe('ACTIVITY_NOT_EDITABLE');
    expect(
      errorCode((await call('DELETE', `${ORDERS}/${placed.id}/activities/${placedActivity.id}`)).body),
    ).toBe('ACTIVITY_NOT_EDITABLE');
    const deleted = await call('DELETE', `${ORDERS}/${placed.id}/activities/${commentId}`);
    expect((deleted.body.order as WireOrder).activities.some((a) => a.id === commentId)).toBe(false);
    expect(errorCode((await call('DELETE', `${ORDERS}/${placed.id}/activities/${commentId}`)).body)).toBe(
      'ACTIVITY_NOT_FOUND',
    );
  });

  it('exactly one detail, and no future dates', async () => {
    const placed = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const both = await call('POST', `${ORDERS}/${placed.id}/activities`, {
      activity: { merchantComment: { message: 'a' }, customActivity: { type: 'b' } },
    });
    expect(both.status).toBe(400);
    const none = await call('POST', `${ORDERS}/${placed.id}/activities`, { activity: {} });
    expect(none.status).toBe(400);
    const future = await call('POST', `${ORDERS}/${placed.id}/activities/add`, {
      orderActivities: [{ merchantComment: { message: 'later' }, createdDate: '2999-01-01T00:00:00.000Z' }],
    });
    expect(future.status).toBe(400);
    const rows = await server()
      .ctx.db.select()
      .from(orderActivities)
      .where(eq(orderActivities.orderId, placed.id));
    expect(rows.map((r) => r.type).sort()).toEqual(['ORDER_PAID', 'ORDER_PLACED']);
  });
});

describe('cancel and status', () => {
  it('cancel with restock puts the stock back, mails the buyer and records ORDER_CANCELED', async () => {
    const before = await stockOf(products.tee!);
    const email = 'canceled@example.com';
    const placed = await placeTestOrder(server(), {
      lines: [
        { productId: products.tee, name: 'Tee', quantity: 3, price: '20.00' },
        { productId: products.mug, name: 'Mug', quantity: 1, price: '15.00' },
      ],
      email,
    });
    expect(await stockOf(products.tee!)).toBe(before! - 3);
    const res = await call('POST', `${ORDERS}/${placed.id}/cancel`, {
      restockAllItems: true,
      sendOrderCanceledEmail: true,
      customMessage: 'Sorry, we ran out of ink.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order as WireOrder;
    expect(order.status).toBe('CANCELED');
    expect(order.lineItems.map((l) => l.restockQuantity)).toEqual([3, 1]);
    expect(activityTypes(order)).toContain('ORDER_CANCELED');
    expect(await stockOf(products.tee!)).toBe(before);
    const [mail] = await mails(email, 'order-canceled');
    expect(mail!.text).toContain('Sorry, we ran out of ink.');
    expect(events.some((e) => e.type === 'canceled' && e.entityId === placed.id)).toBe(true);

    const again = await call('POST', `${ORDERS}/${placed.id}/cancel`, { restockAllItems: true });
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe('ORDER_CANCELED');
    expect(await stockOf(products.tee!)).toBe(before);
  });

  it('cancel without restock leaves the stock taken', async () => {
    const before = await stockOf(products.mug!);
    const placed = await placeTestOrder(server(), {
      lines: [{ productId: products.mug, quantity: 1, price: '15.00' }],
    });
    await call('POST', `${ORDERS}/${placed.id}/cancel`, {});
    expect(await stockOf(products.mug!)).toBe(before! - 1);
  });

  it('update-status follows the transitions', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '5.00' }],
      status: 'PENDING',
    });
    const same = await call('POST', `${ORDERS}/${placed.id}/update-status`, { status: 'PENDING' });
    expect(errorCode(same.body)).toBe('STATUS_ALREADY_SET');
    const approved = await call('POST', `${ORDERS}/${placed.id}/update-status`, { status: 'APPROVED' });
    expect((approved.body.order as WireOrder).status).toBe('APPROVED');
    await server().ctx.events.drain();
    expect(events.some((e) => e.type === 'approved' && e.entityId === placed.id)).toBe(true);
    const back = await call('POST', `${ORDERS}/${placed.id}/update-status`, { status: 'PENDING' });
    expect(back.status).toBe(409);
    expect(errorCode(back.body)).toBe('UNSUPPORTED_TRANSITION');
    const bad = await call('POST', `${ORDERS}/${placed.id}/update-status`, { status: 'SHIPPED' });
    expect(bad.status).toBe(400);
    const rejected = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '5.00' }],
      status: 'PENDING',
    });
    const r = await call('POST', `${ORDERS}/${rejected.id}/update-status`, { status: 'REJECTED' });
    expect(activityTypes(r.body.order as WireOrder)).toContain('ORDER_REJECTED');
    expect(errorCode((await call('POST', `${ORDERS}/${rejected.id}/cancel`, {})).body)).toBe(
      'ORDER_IS_REJECTED',
    );
  });
});

describe('tags', () => {
  it('assigns and unassigns private and public tags', async () => {
    const a = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const b = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const res = await call('POST', '/ecom/v1/bulk/orders/update-tags', {
      orderIds: [a.id, b.id, '00000000-0000-4000-8000-000000000000'],
      assignTags: { privateTags: { tagIds: ['vip', 'gift'] }, tags: { tagIds: ['summer'] } },
    });
    expect(res.status).toBe(200);
    expect((res.body.results as Array<{ itemMetadata: Body }>).map((r) => r.itemMetadata.success)).toEqual([
      true,
      true,
      false,
    ]);
    const removed = await call('POST', '/ecom/v1/bulk/orders/update-tags', {
      orderIds: [a.id],
      unassignTags: { privateTags: { tagIds: ['gift'] } },
    });
    expect(removed.status).toBe(200);
    expect((await read(a.id)).tags).toEqual({
      privateTags: { tagIds: ['vip'] },
      tags: { tagIds: ['summer'] },
    });
    const [row] = await server().ctx.db.select().from(orders).where(eq(orders.id, a.id));
    expect(row!.tagIds.sort()).toEqual(['summer', 'vip']);
    const empty = await call('POST', '/ecom/v1/bulk/orders/update-tags', { orderIds: [a.id] });
    expect(empty.status).toBe(400);
  });
});

describe('creating, importing and numbering orders', () => {
  const line = { productName: { original: 'Vase' }, quantity: 2, price: { amount: '12.50' } };

  it('imports with a given number or the counter; no mails; a paid import is paid', async () => {
    const res = await call('POST', `${ORDERS}/import`, {
      order: {
        number: '900001',
        currency: 'USD',
        lineItems: [line],
        paymentStatus: 'PAID',
        purchasedDate: '2023-05-01T10:00:00.000Z',
        buyerInfo: { email: 'imported@example.com' },
        priceSummary: { shipping: { amount: '5' } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order as WireOrder;
    expect(order).toMatchObject({
      number: '900001',
      imported: true,
      paymentStatus: 'PAID',
      status: 'APPROVED',
    });
    expect(order.purchasedDate).toBe('2023-05-01T10:00:00.000Z');
    expect(order.priceSummary.total.amount).toBe('30.00');
    expect(order.balanceSummary).toMatchObject({ paid: { amount: '30.00' }, balance: { amount: '0.00' } });
    expect(await mails('imported@example.com')).toHaveLength(0);
    // The counter moved past the imported number.
    const next = await call('POST', `${ORDERS}/import`, { order: { currency: 'USD', lineItems: [line] } });
    expect((next.body.order as WireOrder).number).toBe('900002');
    const taken = await call('POST', `${ORDERS}/import`, {
      order: { number: '900001', currency: 'USD', lineItems: [line] },
    });
    expect(errorCode(taken.body)).toBe('ORDER_NUMBER_ALREADY_EXISTS');
    const future = await call('POST', `${ORDERS}/import`, {
      order: { currency: 'USD', lineItems: [line], purchasedDate: '2999-01-01T00:00:00.000Z' },
    });
    expect(future.status).toBe(400);
    expect(errorCode(future.body)).toBe('PURCHASED_DATE_CANNOT_BE_IN_FUTURE');
  });

  it('sets the counter; lower only when allowed', async () => {
    const up = await call('POST', `${ORDERS}/import/set-order-number-counter`, { counter: '950000' });
    expect(up.status).toBe(200);
    expect(up.body.newCounter).toBe('950000');
    const created = await call('POST', ORDERS, {
      order: { currency: 'USD', lineItems: [line], buyerInfo: { email: 'pos@example.com' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.order).toMatchObject({
      number: '950001',
      status: 'APPROVED',
      paymentStatus: 'NOT_PAID',
    });
    const lower = await call('POST', `${ORDERS}/import/set-order-number-counter`, { counter: '100' });
    expect(lower.status).toBe(400);
    expect(errorCode(lower.body)).toBe('CANNOT_SET_LOWER_ORDER_NUMBER_COUNTER');
    const allowed = await call('POST', `${ORDERS}/import/set-order-number-counter`, {
      counter: '960000',
      allowLowerCounter: true,
    });
    expect(allowed.body).toEqual({ oldCounter: '950001', newCounter: '960000' });
  });

  it('bulk-deletes imported orders only', async () => {
    const imported = (
      await call('POST', `${ORDERS}/import`, { order: { currency: 'USD', lineItems: [line] } })
    ).body.order as WireOrder;
    const placed = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const res = await call('POST', `${ORDERS}/import/bulk-delete-imported-orders`, {
      orderIds: [imported.id, placed.id],
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.jobId).toBe('string');
    expect((await call('GET', `${ORDERS}/${imported.id}`)).status).toBe(404);
    expect((await call('GET', `${ORDERS}/${placed.id}`)).status).toBe(200);
  });
});

describe('fulfilment', () => {
  it('partial then full, with tracking, activities, events and the shipping mail', async () => {
    const email = 'ship.me@example.com';
    const placed = await placeTestOrder(server(), {
      lines: [
        { name: 'Tee', quantity: 2, price: '20.00' },
        { name: 'Mug', quantity: 1, price: '15.00' },
      ],
      email,
    });
    const [tee, mug] = placed.lineIds;
    const F = `/ecom/v1/fulfillments/orders/${placed.id}`;
    const first = await call('POST', `${F}/create-fulfillment`, {
      fulfillment: {
        lineItems: [{ id: tee, quantity: 1 }],
        trackingInfo: {
          trackingNumber: '1Z999',
          shippingProvider: 'UPS',
          trackingLink: 'https://ups.example/1Z999',
        },
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const fulfillmentId = first.body.fulfillmentId as string;
    let order = await read(placed.id);
    expect(order.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(activityTypes(order)).toEqual(
      expect.arrayContaining([
        'TRACKING_NUMBER_ADDED',
        'TRACKING_LINK_ADDED',
        'SHIPPING_CONFIRMATION_EMAIL_SENT',
      ]),
    );
    expect(activityTypes(order)).not.toContain('ORDER_FULFILLED');
    const [mail] = await mails(email, 'shipping-confirmation');
    expect(mail!.text).toContain('1Z999');
    expect(
      events.some((e) => e.entity === 'fulfillments' && e.type === 'updated' && e.entityId === placed.id),
    ).toBe(true);

    const tooMany = await call('POST', `${F}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: tee, quantity: 2 }] },
    });
    expect(tooMany.status).toBe(400);
    const unknown = await call('POST', `${F}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: 'nope', quantity: 1 }] },
    });
    expect(unknown.status).toBe(400);

    // No lines: the rest of everything.
    const rest = await call('POST', `${F}/create-fulfillment`, { fulfillment: {} });
    expect(rest.status).toBe(200);
    const listed = await call('GET', F);
    const fulfillments = (listed.body.orderWithFulfillments as { fulfillments: WireOrder['fulfillments'] })
      .fulfillments;
    expect(fulfillments).toHaveLength(2);
    expect(fulfillments[1]!.lineItems).toEqual([
      { id: tee, quantity: 1 },
      { id: mug, quantity: 1 },
    ]);
    order = await read(placed.id);
    expect(order.fulfillmentStatus).toBe('FULFILLED');
    expect(activityTypes(order)).toContain('ORDER_FULFILLED');
    expect(order.fulfillments).toHaveLength(2);
    const done = await call('POST', `${F}/create-fulfillment`, { fulfillment: {} });
    expect(errorCode(done.body)).toBe('ORDER_ALREADY_FULFILLED');

    const edited = await call('PATCH', `/ecom/v1/fulfillments/${fulfillmentId}/orders/${placed.id}`, {
      fulfillment: { trackingInfo: { trackingNumber: '1Z000', shippingProvider: 'UPS' } },
    });
    expect(edited.status).toBe(200);
    expect(activityTypes(await read(placed.id))).toContain('TRACKING_NUMBER_EDITED');

    const removed = await call('DELETE', `/ecom/v1/fulfillments/${fulfillmentId}/orders/${placed.id}`);
    expect(removed.status).toBe(200);
    order = await read(placed.id);
    expect(order.fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
    expect(activityTypes(order)).toContain('ORDER_NOT_FULFILLED');
    const gone = await call('DELETE', `/ecom/v1/fulfillments/${fulfillmentId}/orders/${placed.id}`);
    expect(errorCode(gone.body)).toBe('FULFILLMENT_NOT_FOUND');
  });

  it('a canceled order is not fulfilled', async () => {
    const placed = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    await call('POST', `${ORDERS}/${placed.id}/cancel`, {});
    const res = await call('POST', `/ecom/v1/fulfillments/orders/${placed.id}/create-fulfillment`, {
      fulfillment: {},
    });
    expect(errorCode(res.body)).toBe('ORDER_CANCELED');
  });
});

describe('invoices', () => {
  it('draft, sent (mail, INVOICE_SENT), overdue, paid, void, removed', async () => {
    const email = 'invoice.me@example.com';
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '80.00' }],
      payment: 'offline',
      email,
    });
    const I = `${ORDERS}/${placed.id}/invoices`;
    const created = await call('POST', I, { invoice: { dueDate: '2020-01-01T00:00:00.000Z' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const invoice = created.body.invoice as {
      id: string;
      number: string;
      status: string;
      total: { amount: string };
    };
    expect(invoice).toMatchObject({ status: 'Draft', total: { amount: '80.00' } });
    const sent = await call('POST', `${I}/${invoice.id}/send`, {});
    expect(sent.status).toBe(200);
    // Due date passed and not paid.
    expect((sent.body.invoice as { status: string }).status).toBe('Overdue');
    const [mail] = await mails(email, 'order-invoice');
    expect(mail!.subject).toContain(invoice.number);
    expect(activityTypes(await read(placed.id))).toEqual(
      expect.arrayContaining(['INVOICE_ADDED', 'INVOICE_SENT']),
    );
    await call('POST', `/ecom/v1/payments-collector/orders/${placed.id}/mark-as-paid`, {});
    const list = await call('GET', I);
    expect((list.body.invoices as Array<{ status: string }>)[0]!.status).toBe('Paid');
    const second = (await call('POST', I, {})).body.invoice as { id: string; number: string };
    expect(Number(second.number)).toBe(Number(invoice.number) + 1);
    expect(
      ((await call('POST', `${I}/${second.id}/void`, {})).body.invoice as { status: string }).status,
    ).toBe('Void');
    expect(errorCode((await call('POST', `${I}/${second.id}/send`, {})).body)).toBe('INVOICE_IS_VOID');
    expect((await call('DELETE', `${I}/${second.id}`)).status).toBe(200);
    expect(activityTypes(await read(placed.id))).toContain('INVOICE_REMOVED');
    expect(errorCode((await call('DELETE', `${I}/${second.id}`)).body)).toBe('INVOICE_NOT_FOUND');
  });
});

describe('tips on orders', () => {
  it('sets, replaces and removes the tip fee; totals and payment status follow', async () => {
    const placed = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '40.00' }] });
    const TIPS = '/tips/v1/tips';
    const set = await call('POST', `${TIPS}/set`, { orderId: placed.id, tip: { amount: '5.00' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const orderInfo = set.body.orderInfo as Body;
    expect(orderInfo).toMatchObject({ orderId: placed.id, additionalFeePrice: '5.00' });
    let order = await read(placed.id);
    expect(order.priceSummary.total.amount).toBe('45.00');
    expect(order.paymentStatus).toBe('PARTIALLY_PAID');
    expect(order.balanceSummary.balance.amount).toBe('5.00');
    const tip = await server().call(
      'GET',
      `${TIPS}/order/${placed.id}?confirmationToken=${placed.confirmationToken}`,
    );
    expect(tip.body.tip).toMatchObject({
      id: orderInfo.additionalFeeId,
      amount: '5.00',
      lineItemSubtotal: '40.00',
    });
    const alias = await server().call('GET', `/_api/tips-service/v1/tips/order/${placed.id}`, {
      token: admin,
    });
    expect((alias.body.tip as Body).amount).toBe('5.00');
    const stranger = await server().call('GET', `${TIPS}/order/${placed.id}`);
    expect(errorCode(stranger.body)).toBe('ORDER_NOT_FOUND');

    await call('POST', `${TIPS}/set`, { orderId: placed.id, tip: { amount: '3' } });
    order = await read(placed.id);
    expect(order.priceSummary.total.amount).toBe('43.00');
    const removed = await call('POST', `${TIPS}/remove`, { orderId: placed.id });
    expect(removed.body).toEqual({ orderInfo: { orderId: placed.id } });
    order = await read(placed.id);
    expect(order.priceSummary.total.amount).toBe('40.00');
    expect(order.paymentStatus).toBe('PAID');
    expect(errorCode((await call('GET', `${TIPS}/order/${placed.id}`)).body)).toBe('TIP_NOT_FOUND');
    const negative = await call('POST', `${TIPS}/set`, { orderId: placed.id, tip: { amount: '-1' } });
    expect(negative.status).toBe(400);
    await call('POST', `${ORDERS}/${placed.id}/cancel`, {});
    const canceled = await call('POST', `${TIPS}/set`, { orderId: placed.id, tip: { amount: '1' } });
    expect(errorCode(canceled.body)).toBe('ORDER_CANCELED');
  });
});
