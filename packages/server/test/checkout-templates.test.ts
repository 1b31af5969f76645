import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_SESSION_HEADER } from '../src/flows/checkout/access.ts';
import * as shop from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

const { server, call } = serverForFile({ seed: shop.seedStore });
const ids: Record<string, string> = {};
const PATH = '/ecom/v1/checkout-templates';

type Template = shop.Body & { id: string; revision: string; status: string };
type Checkout = shop.Body & { id: string; lineItems: Array<shop.Body & { id: string; quantity: number }> };

async function createTemplate(template: shop.Body): Promise<Template> {
  const res = await call('POST', PATH, { checkoutTemplate: template });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkoutTemplate as Template;
}

const templateCount = () => shop.countRows(server(), sql`select count(*)::int as n from checkout_templates`);
const checkoutCount = () => shop.countRows(server(), sql`select count(*)::int as n from checkouts`);

/** The checkout as its owner (or a hosted page presenting a redirect session) reads it. */
async function readCheckout(id: string, token: string, session?: string): Promise<Checkout> {
  const res = await server().call('GET', `/ecom/v1/checkouts/${id}`, {
    token,
    ...(session ? { headers: { [REDIRECT_SESSION_HEADER]: session } } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout as Checkout;
}

/** Follows the shareable link as a browser would, without following the redirect. */
async function visitLink(templateId: string, accept = '*/*') {
  return fetch(`${server().url}${PATH}/${templateId}/create-and-redirect-to-checkout?siteId=site`, {
    redirect: 'manual',
    headers: { accept },
  });
}

beforeAll(async () => {
  ids.tee = await shop.product(server(), { name: 'Template Tee', price: '20.00', weight: 0.25 });
  ids.mug = await shop.product(server(), { name: 'Template Mug', price: '8.00' });
});

describe('checkout templates: the wire calls', () => {
  it('create, get, update, refuse a stale revision, query, delete — each with its event', async () => {
    const template = await createTemplate({
      lineItems: [shop.line(ids.tee!, 2)],
      couponCode: 'WELCOME10',
      customization: { lockedCoupon: true, webClient: { disabledContinueShoppingButton: true } },
      externalReference: { appId: 'crm', resourceId: 'deal-7' },
    });
    expect(template).toMatchObject({
      status: 'ACTIVE',
      revision: '1',
      couponCode: 'WELCOME10',
      customization: { lockedCoupon: true, webClient: { disabledContinueShoppingButton: true } },
      lineItems: [{ quantity: 2, catalogReference: { catalogItemId: ids.tee } }],
      customLineItems: [],
      externalReference: { appId: 'crm', resourceId: 'deal-7' },
    });
    expect(template).not.toHaveProperty('createdDate');
    expect((await call('GET', `${PATH}/${template.id}`)).body.checkoutTemplate).toEqual(template);

    const updated = await call('PATCH', `${PATH}/${template.id}`, {
      checkoutTemplate: { status: 'INACTIVE', couponCode: 'IGNORED', revision: template.revision },
      fieldMask: 'status',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.checkoutTemplate).toMatchObject({
      status: 'INACTIVE',
      couponCode: 'WELCOME10',
      revision: '2',
    });

    const stale = await call('PATCH', `${PATH}/${template.id}`, {
      checkoutTemplate: { status: 'ACTIVE', revision: '1' },
    });
    expect(stale.status).toBe(409);
    expect(shop.errorCode(stale.body)).toBe('REVISION_MISMATCH');
    expect((await call('GET', `${PATH}/${template.id}`)).body.checkoutTemplate).toMatchObject({
      status: 'INACTIVE',
      revision: '2',
    });

    const other = await createTemplate({ lineItems: [shop.line(ids.mug!)] });
    const page1 = await call('POST', `${PATH}/query`, {
      query: { filter: { status: 'INACTIVE' }, cursorPaging: { limit: 10 } },
    });
    expect(page1.status).toBe(200);
    expect((page1.body.checkoutTemplates as Template[]).map((t) => t.id)).toEqual([template.id]);
    const first = await call('POST', `${PATH}/query`, { query: { cursorPaging: { limit: 1 } } });
    const meta = first.body.pagingMetadata as { cursors: { next: string }; hasNext: boolean };
    expect(meta.hasNext).toBe(true);
    const second = await call('POST', `${PATH}/query`, {
      query: { cursorPaging: { limit: 1, cursor: meta.cursors.next } },
    });
    expect((second.body.checkoutTemplates as Template[])[0]!.id).not.toBe(
      (first.body.checkoutTemplates as Template[])[0]!.id,
    );

    expect((await call('DELETE', `${PATH}/${other.id}`)).body).toEqual({});
    const gone = await call('GET', `${PATH}/${other.id}`);
    expect(gone.status).toBe(404);
    expect(shop.errorCode(gone.body)).toBe('CHECKOUT_TEMPLATE_NOT_FOUND');
    expect((await shop.eventsOf(server(), template.id)).map((e) => `${e.entity}.${e.type}`)).toEqual([
      'checkout_template.created',
      'checkout_template.updated',
    ]);
    expect((await shop.eventsOf(server(), other.id)).map((e) => e.type)).toEqual(['created', 'deleted']);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const before = await templateCount();
    const cases: Array<[shop.Body, number, string]> = [
      [{ lineItems: [shop.line(ids.tee!)], status: 'PAUSED' }, 400, 'checkoutTemplate.status'],
      [{ lineItems: [] }, 400, 'checkoutTemplate.lineItems'],
      [{ lineItems: [shop.line(ids.tee!, 0)] }, 400, 'checkoutTemplate.lineItems[0].quantity'],
      [{ lineItems: [{ quantity: 1 }] }, 400, 'checkoutTemplate.lineItems[0].catalogReference'],
      [
        { lineItems: [shop.line(ids.tee!)], customization: { lockedCoupon: 'yes' } },
        400,
        'checkoutTemplate.customization.lockedCoupon',
      ],
    ];
    for (const [template, status, field] of cases) {
      const res = await call('POST', PATH, { checkoutTemplate: template });
      expect(res.status, JSON.stringify(template)).toBe(status);
      expect(shop.violationFields(res.body)).toContain(field);
    }
    // Only the merchant writes templates.
    const shopper = await shop.visitor(server());
    const denied = await server().call('POST', PATH, {
      token: shopper,
      body: { checkoutTemplate: { lineItems: [shop.line(ids.tee!)] } },
    });
    expect(denied.status).toBe(403);
    expect(await templateCount()).toBe(before);

    const template = await createTemplate({ lineItems: [shop.line(ids.tee!)] });
    const emptied = await call('PATCH', `${PATH}/${template.id}`, { checkoutTemplate: { lineItems: [] } });
    expect(emptied.status).toBe(400);
    expect(shop.violationFields(emptied.body)).toEqual(['checkoutTemplate.lineItems']);
    // A draft (inactive) may start empty, but cannot be activated so.
    const draft = await createTemplate({ status: 'INACTIVE' });
    expect(draft).toMatchObject({ status: 'INACTIVE', lineItems: [], customLineItems: [] });
    const activate = await call('PATCH', `${PATH}/${draft.id}`, { checkoutTemplate: { status: 'ACTIVE' } });
    expect(activate.status).toBe(400);
    expect(shop.violationFields(activate.body)).toEqual(['checkoutTemplate.lineItems']);
    expect((await call('GET', `${PATH}/${draft.id}`)).body.checkoutTemplate).toEqual(draft);
    const badMask = await call('PATCH', `${PATH}/${template.id}`, {
      checkoutTemplate: { status: 'INACTIVE' },
      fieldMask: 'status,createdDate',
    });
    expect(badMask.status).toBe(400);
    expect(shop.violationFields(badMask.body)).toEqual(['fieldMask']);
    const unknown = await call('PATCH', `${PATH}/00000000-0000-4000-8000-000000000000`, {
      checkoutTemplate: { status: 'INACTIVE' },
    });
    expect(unknown.status).toBe(404);
    expect(shop.errorCode(unknown.body)).toBe('CHECKOUT_TEMPLATE_NOT_FOUND');
    expect((await call('GET', `${PATH}/not-a-uuid`)).status).toBe(400);
    expect((await call('GET', `${PATH}/${template.id}`)).body.checkoutTemplate).toEqual(template);
    expect((await shop.eventsOf(server(), template.id)).map((e) => e.type)).toEqual(['created']);
  });

  it('bulk create: each item on its own, in the wire bulk shape', async () => {
    const res = await call('POST', '/v1/bulk/checkout-templates/create', {
      checkoutTemplates: [
        { lineItems: [shop.line(ids.tee!)] },
        { customLineItems: [] },
        { lineItems: [shop.line(ids.mug!, 3)] },
      ],
      returnEntity: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.results as Array<{ itemMetadata: shop.Body; item?: Template }>;
    expect(results.map((r) => [r.itemMetadata.originalIndex, r.itemMetadata.success])).toEqual([
      [0, true],
      [1, false],
      [2, true],
    ]);
    expect(results[1]!.itemMetadata.error).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(results[2]!.item).toMatchObject({ id: results[2]!.itemMetadata.id, status: 'ACTIVE' });
    expect(res.body.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 1,
      undetailedFailures: 0,
    });
    const stored = await call('GET', `${PATH}/${results[0]!.itemMetadata.id}`);
    expect(stored.status).toBe(200);

    const bare = await call('POST', '/v1/bulk/checkout-templates/create', {
      checkoutTemplates: [{ lineItems: [shop.line(ids.tee!)] }],
    });
    expect((bare.body.results as Array<shop.Body>)[0]).not.toHaveProperty('item');
    const empty = await call('POST', '/v1/bulk/checkout-templates/create', { checkoutTemplates: [] });
    expect(empty.status).toBe(400);
    expect(shop.violationFields(empty.body)).toEqual(['checkoutTemplates']);
  });
});

describe('checkouts from a template', () => {
  it("create-checkout-from-template: a shopper's own checkout with the template's lines, coupon and flags", async () => {
    const template = await createTemplate({
      lineItems: [shop.line(ids.tee!, 2), shop.line(ids.mug!)],
      couponCode: 'WELCOME10',
      customization: {
        lockedCoupon: true,
        lockedGiftCard: true,
        disabledManualPayment: true,
        webClient: { disabledContinueShoppingButton: true, disabledPolicyAgreementCheckbox: true },
      },
    });
    const shopper = await shop.visitor(server());
    const res = await server().call('POST', `${PATH}/${template.id}/create-checkout-from-template`, {
      token: shopper,
      body: { siteId: 'site' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { checkoutId, checkoutUrl, purchaseFlowId } = res.body as Record<string, string>;
    expect(checkoutUrl).toBe(`${server().url}/checkout/${checkoutId}`);
    const checkout = await readCheckout(checkoutId!, shopper);
    expect(checkout.purchaseFlowId).toBe(purchaseFlowId);
    expect(checkout).toMatchObject({
      checkoutTemplateId: template.id,
      customSettings: {
        lockCouponCode: true,
        lockGiftCard: true,
        disabledManualPayment: true,
        disabledPolicyAgreementCheckbox: true,
        disabledContinueShoppingButton: true,
      },
      priceSummary: { subtotal: { amount: '48.00' }, discount: { amount: '4.80' } },
    });
    expect(checkout.lineItems.map((l) => l.quantity)).toEqual([2, 1]);
    expect((await shop.eventsOf(server(), template.id)).map((e) => [e.type, e.payload])).toEqual([
      ['created', expect.anything()],
      ['used', { checkoutTemplateId: template.id, checkoutId }],
    ]);

    // The locked coupon stays; manual (offline) payment is refused — the shopper pays by card.
    const removeCoupon = await server().call('POST', `/ecom/v1/checkouts/${checkoutId}/remove-coupon`, {
      token: shopper,
      body: {},
    });
    expect(removeCoupon.status).toBe(400);
    expect(shop.errorCode(removeCoupon.body)).toBe('COUPON_LOCKED');
    const other = await server().call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      token: shopper,
      body: { checkout: {}, couponCode: 'FREESHIP' },
    });
    expect(shop.errorCode(other.body)).toBe('COUPON_LOCKED');
    await server().call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      token: shopper,
      body: {
        checkout: {
          shippingInfo: { shippingDestination: { address: shop.NEW_YORK } },
          buyerInfo: { email: 'shopper@example.com' },
        },
      },
    });
    const offline = await server().call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      token: shopper,
      body: {},
    });
    expect(offline.status, JSON.stringify(offline.body)).toBe(400);
    expect(shop.errorCode(offline.body)).toBe('MANUAL_PAYMENT_DISABLED');
    const still = await readCheckout(checkoutId!, shopper);
    expect(still.completed).toBe(false);
    expect(still.appliedDiscounts).toEqual([
      expect.objectContaining({ coupon: expect.objectContaining({ code: 'WELCOME10' }) }),
    ]);
  });

  it('an admin call hands the checkout over through a redirect session bound to the first page that opens it', async () => {
    const template = await createTemplate({ lineItems: [shop.line(ids.mug!, 2)] });
    const res = await call('POST', `${PATH}/${template.id}/create-checkout-from-template`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.checkoutUrl as string);
    expect(url.pathname).toBe(`/checkout/${res.body.checkoutId}`);
    const session = url.searchParams.get('redirectSessionId')!;
    const shopper = await shop.visitor(server());
    const checkout = await readCheckout(res.body.checkoutId as string, shopper, session);
    expect(checkout.lineItems.map((l) => l.quantity)).toEqual([2]);
    expect(checkout.createdBy).toMatchObject({ userId: expect.any(String) });
    // Someone else with the same URL gets nothing.
    const stranger = await shop.visitor(server());
    const denied = await server().call('GET', `/ecom/v1/checkouts/${res.body.checkoutId}`, {
      token: stranger,
      headers: { [REDIRECT_SESSION_HEADER]: session },
    });
    expect(denied.status).toBe(404);
  });

  it('the shareable link starts a fresh, independent checkout on every visit', async () => {
    const template = await createTemplate({
      lineItems: [shop.line(ids.tee!)],
      customization: { webClient: { disabledContinueShoppingButton: true } },
    });
    const first = await visitLink(template.id);
    const second = await visitLink(template.id);
    expect([first.status, second.status]).toEqual([302, 302]);
    const a = new URL(first.headers.get('location')!);
    const b = new URL(second.headers.get('location')!);
    expect(a.origin).toBe(server().url);
    const [idA, idB] = [a.pathname.split('/')[2]!, b.pathname.split('/')[2]!];
    expect(idA).not.toBe(idB);

    const alice = await shop.visitor(server());
    const bob = await shop.visitor(server());
    const checkoutA = await readCheckout(idA, alice, a.searchParams.get('redirectSessionId')!);
    const checkoutB = await readCheckout(idB, bob, b.searchParams.get('redirectSessionId')!);
    expect(checkoutA.checkoutTemplateId).toBe(template.id);
    expect(checkoutB.customSettings).toEqual({ disabledContinueShoppingButton: true });

    // Alice changes her checkout; Bob's is untouched, and neither can read the other's.
    const changed = await server().call('POST', `/ecom/v1/checkouts/${idA}/update-line-items-quantity`, {
      token: alice,
      headers: { [REDIRECT_SESSION_HEADER]: a.searchParams.get('redirectSessionId')! },
      body: { lineItems: [{ id: checkoutA.lineItems[0]!.id, quantity: 5 }] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(
      (await readCheckout(idB, bob, b.searchParams.get('redirectSessionId')!)).lineItems[0]!.quantity,
    ).toBe(1);
    const crossed = await server().call('GET', `/ecom/v1/checkouts/${idA}`, {
      token: bob,
      headers: { [REDIRECT_SESSION_HEADER]: b.searchParams.get('redirectSessionId')! },
    });
    expect(crossed.status).toBe(404);
    expect(
      (await shop.eventsOf(server(), template.id))
        .filter((e) => e.type === 'used')
        .map((e) => e.payload.checkoutId),
    ).toEqual([idA, idB]);
  });

  it('an inactive or unknown template starts nothing', async () => {
    const template = await createTemplate({ lineItems: [shop.line(ids.tee!)], status: 'INACTIVE' });
    const before = await checkoutCount();
    const res = await call('POST', `${PATH}/${template.id}/create-checkout-from-template`, {});
    expect(res.status).toBe(400);
    expect(shop.errorCode(res.body)).toBe('CHECKOUT_TEMPLATE_INACTIVE');
    expect(res.body.message).toMatch(/inactive/);

    const api = await visitLink(template.id, 'application/json');
    expect(api.status).toBe(400);
    expect(shop.errorCode((await api.json()) as shop.Body)).toBe('CHECKOUT_TEMPLATE_INACTIVE');
    const page = await visitLink(template.id, 'text/html,application/xhtml+xml');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('This checkout link is no longer active');

    const unknown = await visitLink('00000000-0000-4000-8000-000000000000', 'text/html');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('does not exist');
    expect(await checkoutCount()).toBe(before);
    expect((await shop.eventsOf(server(), template.id)).map((e) => e.type)).toEqual(['created']);
  });

  it('a template line that no longer exists is refused clearly, with nothing written', async () => {
    const gone = await shop.product(server(), { name: 'Soon gone', price: '5.00' });
    const template = await createTemplate({ lineItems: [shop.line(gone)] });
    await call('DELETE', `/stores/v1/products/${gone}`);
    const before = await checkoutCount();
    const res = await call('POST', `${PATH}/${template.id}/create-checkout-from-template`, {});
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await checkoutCount()).toBe(before);
  });
});
