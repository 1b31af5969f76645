import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentCheckoutSettings } from '../src/modules/checkout-settings/checkout-settings.ts';
import { loadOrdersSettings } from '../src/modules/checkout-settings/orders-settings.ts';
import { rows } from '../src/platform/db.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, memberTokens, seedClient, visitorTokens } from './identity-helpers.ts';
import { badMediaReferences, uploadPng as uploadMedia } from './media-helpers.ts';

type Body = Record<string, unknown>;
const { server, call } = serverForFile({ dataDirName: 'checkout-settings', seed: seedClient });

const PATH = '/ecom/v1/checkout-settings';
const ORDERS = '/ecom/v1/orders-settings';

function violations(body: Body): Array<{ field: string; violatedRule: string; description: string }> {
  const details = body.details as { validationError?: { fieldViolations: never[] } } | undefined;
  return details?.validationError?.fieldViolations ?? [];
}
const fields = (body: Body) => violations(body).map((v) => [v.field, v.violatedRule]);

async function events(entity: string): Promise<Array<{ type: string; payload: Body }>> {
  return rows(
    server().ctx.db,
    sql`select type, payload from outbox_events where entity = ${entity} order by id`,
  );
}

async function settings(): Promise<Body> {
  const res = await call('GET', PATH);
  expect(res.status).toBe(200);
  return res.body.checkoutSettings as Body;
}

const uploadPng = (name: string) => uploadMedia(server(), name);

describe('checkout settings', () => {
  it('reads the defaults: everything for admins, what the checkout page shows for shoppers', async () => {
    const all = await settings();
    expect(all).toMatchObject({
      checkoutPolicies: { returnPolicy: { visible: false, content: '' }, customPolicy: { title: '' } },
      checkoutFields: { policyAgreementCheckbox: { visible: false, checkedByDefault: false } },
      giftCardRedeemEnabled: false,
      mitEnabled: false,
      delayCaptureEnabled: false,
      captureBeforeExpiryEnabled: false,
      checkoutBrand: { header: { logo: { size: 'MEDIUM' }, alignment: 'CENTER' } },
      checkoutBillingFields: { phone: { visible: true, required: false } },
      revision: '0',
    });
    expect(all.createdDate).toBeUndefined();

    const visitor = await visitorTokens(server());
    for (const token of [undefined, visitor.access_token]) {
      const res = await server().call('GET', PATH, token ? { token } : {});
      expect(res.status).toBe(200);
      const shown = res.body.checkoutSettings as Body;
      expect(Object.keys(shown).sort()).toEqual([
        'checkoutBillingFields',
        'checkoutBrand',
        'checkoutFields',
        'checkoutPolicies',
        'giftCardRedeemEnabled',
      ]);
      expect(shown.checkoutPolicies).toEqual({});
    }
  });

  it('refuses writes from shoppers and leaves the settings as they were', async () => {
    const before = await settings();
    const visitor = await visitorTokens(server());
    const member = await memberTokens(server());
    const body = { checkoutSettings: { mitEnabled: true } };
    expect((await server().call('PATCH', PATH, { body })).status).toBe(401);
    for (const token of [visitor.access_token, member.access_token]) {
      const res = await server().call('PATCH', PATH, { token, body });
      expect(res.status).toBe(403);
      expect(errorCode(res.body)).toBe('FORBIDDEN');
    }
    expect(await settings()).toEqual(before);
  });

  it('writes every field, records checkout_settings.updated, and shows shoppers the visible policies', async () => {
    const res = await call('PATCH', PATH, {
      checkoutSettings: {
        checkoutPolicies: {
          termsAndConditions: { visible: true, content: 'Be nice.' },
          privacyPolicy: { visible: false, content: 'Draft privacy text' },
          returnPolicy: { visible: true, content: '30 days.' },
          digitalItemPolicy: { visible: false },
          contactUs: { visible: true, content: 'hello@example.com' },
          customPolicy: { visible: true, title: 'Gift wrapping', content: 'Free on request.' },
        },
        checkoutFields: {
          subscriptionCheckbox: { visible: true, checkedByDefault: false },
          policyAgreementCheckbox: { visible: true, checkedByDefault: true },
        },
        giftCardRedeemEnabled: true,
        mitEnabled: true,
        delayCaptureEnabled: true,
        captureBeforeExpiryEnabled: true,
        checkoutBrand: {
          header: {
            text: 'Aisle Goods',
            textColor: '#FFFFFF',
            backgroundColor: '#1f3a5f',
            alignment: 'SIDE',
          },
          mainSection: { backgroundColor: '#fff', buttonColor: '#1f3a5fcc', buttonTextColor: '#fff' },
          footer: { text: '© Aisle Goods', textColor: '#333333' },
          global: { fontFamily: 'Inter, sans-serif', accentColor: '#e4572e' },
        },
        checkoutBillingFields: { company: { visible: true, required: true }, vatId: { visible: true } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const written = res.body.checkoutSettings as Body;
    expect(written).toMatchObject({
      checkoutPolicies: {
        termsAndConditions: { visible: true, content: 'Be nice.' },
        digitalItemPolicy: { visible: false, content: '' },
        customPolicy: { visible: true, title: 'Gift wrapping', content: 'Free on request.' },
      },
      giftCardRedeemEnabled: true,
      mitEnabled: true,
      delayCaptureEnabled: true,
      captureBeforeExpiryEnabled: true,
      checkoutBrand: {
        header: { text: 'Aisle Goods', alignment: 'SIDE', logo: { size: 'MEDIUM' } },
        global: { fontFamily: 'Inter, sans-serif' },
      },
      checkoutBillingFields: {
        company: { visible: true, required: true },
        vatId: { visible: true, required: false },
        phone: { visible: true, required: false },
      },
      revision: '1',
    });
    expect(typeof written.createdDate).toBe('string');
    expect(typeof written.updatedDate).toBe('string');
    expect(await settings()).toEqual(written);

    const updates = await events('checkout_settings');
    expect(updates.map((e) => e.type)).toEqual(['updated']);
    expect((updates[0]!.payload.checkoutSettings as Body).revision).toBe('1');

    const shopper = (await server().call('GET', PATH)).body.checkoutSettings as Body;
    expect(Object.keys(shopper.checkoutPolicies as Body).sort()).toEqual([
      'contactUs',
      'customPolicy',
      'returnPolicy',
      'termsAndConditions',
    ]);
    expect(shopper).not.toHaveProperty('mitEnabled');
    expect(shopper).not.toHaveProperty('revision');
    expect(shopper.checkoutBrand).toEqual(written.checkoutBrand);
  });

  it('updates only the dotted paths of a field mask; a named path without a value goes back to its default', async () => {
    const before = await settings();
    const res = await call('PATCH', PATH, {
      checkoutSettings: {
        checkoutPolicies: {
          returnPolicy: { visible: true, content: '14 days.' },
          contactUs: { visible: false },
        },
        mitEnabled: false,
        checkoutBrand: { header: { text: 'Not this' } },
      },
      fieldMask: 'checkoutSettings.checkoutPolicies.returnPolicy.content,checkoutBrand.footer',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body.checkoutSettings as Body;
    const policies = after.checkoutPolicies as Record<string, Body>;
    expect(policies.returnPolicy).toEqual({ visible: true, content: '14 days.' });
    expect(policies.contactUs).toEqual((before.checkoutPolicies as Record<string, Body>).contactUs);
    expect(after.mitEnabled).toBe(true);
    expect((after.checkoutBrand as Body).header).toEqual((before.checkoutBrand as Body).header);
    expect((after.checkoutBrand as Body).footer).toEqual({});
    expect(after.revision).toBe(String(Number(before.revision) + 1));
  });

  it.each<[string, Body, string | undefined, Array<[string, string]>]>([
    [
      'a colour that is not hex',
      { checkoutBrand: { header: { textColor: 'red' } } },
      undefined,
      [['checkoutSettings.checkoutBrand.header.textColor', 'FORMAT']],
    ],
    [
      'a logo size and an alignment not in the enums',
      { checkoutBrand: { header: { logo: { size: 'HUGE' }, alignment: 'LEFT' } } },
      undefined,
      [
        ['checkoutSettings.checkoutBrand.header.alignment', 'INVALID_ENUM_VALUE'],
        ['checkoutSettings.checkoutBrand.header.logo.size', 'INVALID_ENUM_VALUE'],
      ],
    ],
    [
      'a header text that is too long',
      { checkoutBrand: { header: { text: 'x'.repeat(101) } } },
      undefined,
      [['checkoutSettings.checkoutBrand.header.text', 'MAX_LENGTH']],
    ],
    [
      'a font family that could escape CSS',
      { checkoutBrand: { global: { fontFamily: 'x; background: url(evil)' } } },
      undefined,
      [['checkoutSettings.checkoutBrand.global.fontFamily', 'FORMAT']],
    ],
    [
      'a visible policy without content, a visible custom policy without a title',
      {
        checkoutPolicies: {
          privacyPolicy: { visible: true, content: '  ' },
          customPolicy: { visible: true, title: '', content: 'x' },
        },
      },
      undefined,
      [
        ['checkoutSettings.checkoutPolicies.customPolicy.title', 'REQUIRED_FIELD'],
        ['checkoutSettings.checkoutPolicies.privacyPolicy.content', 'REQUIRED_FIELD'],
      ],
    ],
    [
      'a required billing field that is hidden',
      { checkoutBillingFields: { phone: { visible: false, required: true } } },
      undefined,
      [['checkoutSettings.checkoutBillingFields.phone.required', 'VALIDATION']],
    ],
    [
      'capture before expiry without delayed capture',
      { delayCaptureEnabled: false },
      undefined,
      [['checkoutSettings.captureBeforeExpiryEnabled', 'VALIDATION']],
    ],
    [
      'a field mask naming unknown paths',
      { mitEnabled: false },
      'mitEnabled,checkoutBrand.header.logo.image.url,nope',
      [['fieldMask', 'VALIDATION']],
    ],
    [
      'a boolean that is a string',
      { mitEnabled: 'yes' },
      undefined,
      [['checkoutSettings.mitEnabled', 'VALIDATION']],
    ],
  ])('refuses %s, naming the fields, and writes nothing', async (_name, input, fieldMask, expected) => {
    const before = await settings();
    const res = await call('PATCH', PATH, { checkoutSettings: input, ...(fieldMask ? { fieldMask } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fields(res.body)).toEqual(expected);
    expect(await settings()).toEqual(before);
  });

  it('refuses a stale revision (409) and accepts the current one', async () => {
    const before = await settings();
    const stale = await call('PATCH', PATH, {
      checkoutSettings: { giftCardRedeemEnabled: false, revision: '0' },
    });
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe('REVISION_MISMATCH');
    const fresh = await call('PATCH', PATH, {
      checkoutSettings: { giftCardRedeemEnabled: false, revision: before.revision },
    });
    expect(fresh.status).toBe(200);
    expect((fresh.body.checkoutSettings as Body).giftCardRedeemEnabled).toBe(false);
  });

  it('keeps what shoppers read in memory, and shows a change in the very next shopper read', async () => {
    const headerText = async () => {
      const res = await server().call('GET', PATH);
      expect(res.status).toBe(200);
      return ((res.body.checkoutSettings as Body).checkoutBrand as { header: { text?: string } }).header.text;
    };
    await call('PATCH', PATH, { checkoutSettings: { checkoutBrand: { header: { text: 'Kept header' } } } });
    expect(await headerText()).toBe('Kept header');
    // One read serves the next ones: the same settings, not read again.
    const first = await currentCheckoutSettings(server().ctx);
    expect(await currentCheckoutSettings(server().ctx)).toBe(first);
    await call('PATCH', PATH, {
      checkoutSettings: { checkoutBrand: { header: { text: 'Changed header' } } },
    });
    expect(await headerText()).toBe('Changed header');
    expect(await currentCheckoutSettings(server().ctx)).not.toBe(first);
    // The merchant reads what is stored.
    expect(((await settings()).checkoutBrand as { header: { text?: string } }).header.text).toBe(
      'Changed header',
    );
  });

  describe('logo', () => {
    const logoOf = (s: Body) => ((s.checkoutBrand as Body).header as Body).logo as Body;

    it('takes an uploaded image by id: a signed URL, its size and file name, for shoppers too', async () => {
      const file = await uploadPng('logo.png');
      const res = await call('PATCH', PATH, {
        checkoutSettings: {
          checkoutBrand: { header: { logo: { image: { id: file.id, altText: 'Aisle' }, size: 'LARGE' } } },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const logo = logoOf(res.body.checkoutSettings as Body);
      expect(logo.size).toBe('LARGE');
      const image = logo.image as Body;
      expect(image).toMatchObject({
        id: file.id,
        width: 120,
        height: 40,
        filename: 'logo.png',
        altText: 'Aisle',
      });
      expect(image.url).toMatch(new RegExp(`/media/${file.id}/logo\\.png\\?expires=\\d+&sig=`));
      expect(Date.parse(image.urlExpirationDate as string)).toBeGreaterThan(Date.now());
      const served = await fetch(image.url as string);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');

      const shopper = (await server().call('GET', PATH)).body.checkoutSettings as Body;
      expect((logoOf(shopper).image as Body).id).toBe(file.id);

      // The image as read, sent back with a focal point, stays the same file.
      const again = await call('PATCH', PATH, {
        checkoutSettings: {
          checkoutBrand: { header: { logo: { image: { ...image, focalPoint: { x: 25, y: 75 } } } } },
        },
        fieldMask: 'checkoutBrand.header.logo.image',
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const kept = logoOf(again.body.checkoutSettings as Body);
      expect(kept.size).toBe('LARGE');
      expect(kept.image).toMatchObject({ id: file.id, filename: 'logo.png', focalPoint: { x: 25, y: 75 } });
    });

    it('takes our own media URL and an external image URL', async () => {
      const file = await uploadPng('mark.png');
      const own = await call('PATCH', PATH, {
        checkoutSettings: { checkoutBrand: { header: { logo: { image: { url: file.url } } } } },
      });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(logoOf(own.body.checkoutSettings as Body).image).toMatchObject({
        id: file.id,
        filename: 'mark.png',
      });

      const external = await call('PATCH', PATH, {
        checkoutSettings: {
          checkoutBrand: { header: { logo: { image: { url: 'https://cdn.example.com/brand/logo.svg' } } } },
        },
      });
      expect(external.status, JSON.stringify(external.body)).toBe(200);
      const image = logoOf(external.body.checkoutSettings as Body).image as Body;
      expect(image).toMatchObject({ url: 'https://cdn.example.com/brand/logo.svg', filename: 'logo.svg' });
      // No id: it is not one of our media files (clients show the URL).
      expect(image).not.toHaveProperty('id');
      const again = await call('PATCH', PATH, {
        checkoutSettings: { checkoutBrand: { header: { logo: { image } } } },
      });
      expect(logoOf(again.body.checkoutSettings as Body).image).toEqual(image);
    });

    it.each<[string, Body, string, string]>([
      ...badMediaReferences('image'),
      ['a URL that is not http(s)', { url: 'ftp://example.com/logo.png' }, 'image.url', 'VALIDATION'],
    ])('refuses %s, naming the field', async (_name, image, field, rule) => {
      const before = await settings();
      const res = await call('PATCH', PATH, {
        checkoutSettings: { checkoutBrand: { header: { logo: { image } } } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(fields(res.body)).toEqual([[`checkoutSettings.checkoutBrand.header.logo.${field}`, rule]]);
      expect(await settings()).toEqual(before);
    });

    it('is removed by a field mask naming it without a value (the default logo has no image)', async () => {
      const res = await call('PATCH', PATH, {
        checkoutSettings: {},
        fieldMask: 'checkoutBrand.header.logo.image,checkoutBrand.header.logo.size',
      });
      expect(res.status).toBe(200);
      expect(logoOf(res.body.checkoutSettings as Body)).toEqual({ size: 'MEDIUM' });
    });
  });
});

describe('orders settings', () => {
  it('is for admins only', async () => {
    const visitor = await visitorTokens(server());
    expect((await server().call('GET', ORDERS)).status).toBe(401);
    expect((await server().call('GET', ORDERS, { token: visitor.access_token })).status).toBe(403);
    const res = await server().call('PATCH', ORDERS, {
      token: visitor.access_token,
      body: { ordersSettings: { createInvoice: true } },
    });
    expect(res.status).toBe(403);
  });

  it('reads defaults, writes with a field mask, records orders_settings.updated; loadOrdersSettings follows', async () => {
    expect(await loadOrdersSettings(server().ctx.db)).toEqual({
      inventoryUpdateTrigger: 'ON_ORDER_PLACED',
      orderApprovalStrategy: 'DEFAULT',
      createInvoice: false,
    });
    const first = await call('GET', ORDERS);
    expect(first.status).toBe(200);
    expect(first.body.ordersSettings).toEqual({
      inventoryUpdateTrigger: 'ON_ORDER_PLACED',
      createInvoice: false,
      orderApprovalStrategy: 'DEFAULT',
    });

    const res = await call('PATCH', ORDERS, {
      ordersSettings: {
        inventoryUpdateTrigger: 'ON_ORDER_PAID',
        createInvoice: true,
        orderApprovalStrategy: 'PAYMENT_RECEIVED',
      },
      fieldMask: 'inventoryUpdateTrigger,ordersSettings.orderApprovalStrategy',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const written = res.body.ordersSettings as Body;
    expect(written).toMatchObject({
      inventoryUpdateTrigger: 'ON_ORDER_PAID',
      createInvoice: false,
      orderApprovalStrategy: 'PAYMENT_RECEIVED',
    });
    expect(typeof written.createdDate).toBe('string');
    expect((await call('GET', ORDERS)).body.ordersSettings).toEqual(written);
    expect(await loadOrdersSettings(server().ctx.db)).toMatchObject({
      inventoryUpdateTrigger: 'ON_ORDER_PAID',
      orderApprovalStrategy: 'PAYMENT_RECEIVED',
      createInvoice: false,
    });
    const updates = await events('orders_settings');
    expect(updates.map((e) => e.type)).toEqual(['updated']);
    expect(updates[0]!.payload.ordersSettings).toEqual(written);

    // A masked field without a value goes back to its default.
    const reset = await call('PATCH', ORDERS, { ordersSettings: {}, fieldMask: 'inventoryUpdateTrigger' });
    expect((reset.body.ordersSettings as Body).inventoryUpdateTrigger).toBe('ON_ORDER_PLACED');
  });

  it.each<[string, Body, string | undefined, Array<[string, string]>]>([
    [
      'an unknown trigger',
      { inventoryUpdateTrigger: 'ON_ORDER_SHIPPED' },
      undefined,
      [['ordersSettings.inventoryUpdateTrigger', 'INVALID_ENUM_VALUE']],
    ],
    [
      'an unknown strategy',
      { orderApprovalStrategy: 'ALWAYS' },
      undefined,
      [['ordersSettings.orderApprovalStrategy', 'INVALID_ENUM_VALUE']],
    ],
    ['an unknown mask field', { createInvoice: true }, 'createInvoice,number', [['fieldMask', 'VALIDATION']]],
  ])('refuses %s and writes nothing', async (_name, input, fieldMask, expected) => {
    const before = (await call('GET', ORDERS)).body;
    const res = await call('PATCH', ORDERS, { ordersSettings: input, ...(fieldMask ? { fieldMask } : {}) });
    expect(res.status).toBe(400);
    expect(fields(res.body)).toEqual(expected);
    expect((await call('GET', ORDERS)).body).toEqual(before);
  });
});
