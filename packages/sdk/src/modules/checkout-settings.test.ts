import { describe, expect, it } from 'vitest';
import { json, parseUrl, fakeClient, bodyOf } from '../testing/fake-fetch.ts';
import { expectSent } from '../testing/expect-sent.ts';
import { checkoutSettings } from './checkout-settings.ts';
import { ordersSettings } from './orders-settings.ts';
import { tips } from './tips.ts';

const modules = { checkoutSettings, ordersSettings, tips };
const DATE = '2024-03-01T12:00:00.000Z';
const LATER = '2024-03-08T12:00:00.000Z';
const IMAGE_ID = '5f0c1c2e-0000-4000-8000-000000000001';

const sdk = fakeClient(modules);

const wireSettings = {
  checkoutPolicies: { returnPolicy: { visible: true, content: '30 days' } },
  checkoutBrand: {
    header: {
      alignment: 'SIDE',
      logo: {
        size: 'LARGE',
        image: {
          id: IMAGE_ID,
          url: `https://shop.example/media/${IMAGE_ID}/logo.png?expires=1&sig=x`,
          width: 120,
          height: 40,
          filename: 'logo.png',
          urlExpirationDate: LATER,
          focalPoint: { x: 'NaN', y: 50 },
        },
      },
    },
  },
  revision: '2',
  createdDate: DATE,
  updatedDate: DATE,
};

describe('checkoutSettings', () => {
  it('reads: dates as Date, the logo as an image URI', async () => {
    const { sdk: s, calls } = sdk(() => json({ checkoutSettings: wireSettings }));
    const settings = await s.checkoutSettings.getCheckoutSettings();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/ecom/v1/checkout-settings' });
    expect(settings.createdDate).toEqual(new Date(DATE));
    expect(settings.checkoutBrand?.header?.logo).toEqual({
      size: 'LARGE',
      image: `aisle:image://v1/${IMAGE_ID}/logo.png#originWidth=120&originHeight=40`,
    });
    expect(settings.checkoutPolicies?.returnPolicy).toEqual({ visible: true, content: '30 days' });
  });

  it('writes: the image URI back as a wire image, the field mask joined', async () => {
    const { sdk: s, calls } = sdk(() => json({ checkoutSettings: wireSettings }));
    await s.checkoutSettings.updateCheckoutSettings(
      {
        checkoutBrand: {
          header: {
            logo: { image: `aisle:image://v1/${IMAGE_ID}/logo.png#originWidth=120&originHeight=40` },
          },
        },
        mitEnabled: true,
        revision: '2',
      },
      { fieldMask: ['checkoutBrand.header.logo.image', 'mitEnabled'] },
    );
    expectSent(calls[0], 'PATCH', '/ecom/v1/checkout-settings', {
      checkoutSettings: {
        checkoutBrand: {
          header: { logo: { image: { id: IMAGE_ID, filename: 'logo.png', width: 120, height: 40 } } },
        },
        mitEnabled: true,
        revision: '2',
      },
      fieldMask: 'checkoutBrand.header.logo.image,mitEnabled',
    });
  });

  it('sends an external logo URL as {url}', async () => {
    const { sdk: s, calls } = sdk(() => json({ checkoutSettings: {} }));
    await s.checkoutSettings.updateCheckoutSettings({
      checkoutBrand: { header: { logo: { image: 'https://cdn.example.com/logo.svg', size: 'SMALL' } } },
    });
    expect(bodyOf(calls[0])).toEqual({
      checkoutSettings: {
        checkoutBrand: {
          header: { logo: { image: { url: 'https://cdn.example.com/logo.svg' }, size: 'SMALL' } },
        },
      },
    });
  });
});

describe('ordersSettings', () => {
  it('reads and writes with dates converted', async () => {
    const wire = {
      inventoryUpdateTrigger: 'ON_ORDER_PAID',
      createInvoice: false,
      orderApprovalStrategy: 'DEFAULT',
      updatedDate: DATE,
    };
    const { sdk: s, calls } = sdk(() => json({ ordersSettings: wire }));
    const read = await s.ordersSettings.getOrdersSettings();
    expect(read.updatedDate).toEqual(new Date(DATE));
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/ecom/v1/orders-settings' });
    await s.ordersSettings.updateOrdersSettings(
      { inventoryUpdateTrigger: 'ON_ORDER_PAID' },
      { fieldMask: 'inventoryUpdateTrigger' },
    );
    expectSent(calls[1], 'PATCH', '/ecom/v1/orders-settings', {
      ordersSettings: { inventoryUpdateTrigger: 'ON_ORDER_PAID' },
      fieldMask: 'inventoryUpdateTrigger',
    });
  });
});

describe('tips', () => {
  it('previews: POST /preview, distribution dates converted', async () => {
    const tip = {
      amount: '3.68',
      lineItemSubtotal: '24.50',
      undistributedAmount: '3.68',
      distributions: [{ id: 'd', amount: '0', createdDate: DATE, transaction: { id: 't', date: LATER } }],
    };
    const { sdk: s, calls } = sdk(() => json({ tip }));
    const request = {
      lineItemInfo: [{ price: '24.50', quantity: 1 }],
      tipChoice: { tipType: 'PERCENTAGE' as const, value: 15 },
    };
    const result = await s.tips.previewTip(request);
    expectSent(calls[0], 'POST', '/tips/v1/tips/preview', request);
    expect(result.amount).toBe('3.68');
    expect(result.distributions?.[0]?.createdDate).toEqual(new Date(DATE));
    expect(result.distributions?.[0]?.transaction?.date).toEqual(new Date(LATER));
  });

  it('reads and sets the choice of a purchase flow', async () => {
    const { sdk: s, calls } = sdk((call) =>
      json(
        call.method === 'GET' && call.url.includes('/choice/none')
          ? {}
          : { tipChoice: { tipType: 'AMOUNT', value: '2' } },
      ),
    );
    expect(await s.tips.getTipChoice('pf/1')).toEqual({ tipType: 'AMOUNT', value: '2' });
    expect(parseUrl(calls[0]?.url ?? '').path).toBe('/tips/v1/tips/choice/pf%2F1');
    expect(await s.tips.getTipChoice('none')).toBeUndefined();
    await s.tips.updateTipChoice('pf-1', { tipType: 'CUSTOM', value: '4.00' }, { tipSettingsId: 'ts' });
    expectSent(calls[2], 'PATCH', '/tips/v1/tips/choice', {
      purchaseFlowId: 'pf-1',
      tipChoice: { tipType: 'CUSTOM', value: '4.00' },
      tipSettingsId: 'ts',
    });
  });

  it('manages tip settings: CRUD paths, the default, an offset query by GET*', async () => {
    const entity = { id: 'ts', tipType: 'PERCENTAGE', choices: ['10'], createdDate: DATE };
    const { sdk: s, calls } = sdk((call) =>
      json(
        call.url.startsWith('/tips/v1/tip-settings/query')
          ? { tipSettings: [entity], pagingMetadata: { count: 1, offset: 0, total: 1 } }
          : call.method === 'DELETE'
            ? {}
            : { tipSettings: entity },
      ),
    );
    const created = await s.tips.createTipSettings({ tipType: 'PERCENTAGE', choices: ['10'] });
    expect(created.createdDate).toEqual(new Date(DATE));
    expect(bodyOf(calls[0])).toEqual({ tipSettings: { tipType: 'PERCENTAGE', choices: ['10'] } });
    await s.tips.getTipSettings('ts');
    expect(parseUrl(calls[1]?.url ?? '').path).toBe('/tips/v1/tip-settings/ts');
    expect((await s.tips.getDefaultTipSettings())?.id).toBe('ts');
    expect(calls[2]?.url).toBe('/tips/v1/tip-settings/default');
    await s.tips.updateTipSettings('ts', { enabled: false }, { fieldMask: ['enabled'] });
    expectSent(calls[3], 'PATCH', '/tips/v1/tip-settings/ts', {
      tipSettings: { enabled: false, id: 'ts' },
      fieldMask: 'enabled',
    });
    await s.tips.deleteTipSettings('ts');
    expect(calls[4]?.method).toBe('DELETE');
    const page = await s.tips.queryTipSettings().eq('tipType', 'PERCENTAGE').find();
    expect(parseUrl(calls[5]?.url ?? '')).toMatchObject({
      path: '/tips/v1/tip-settings/query',
      r: { query: { filter: { tipType: 'PERCENTAGE' }, paging: { limit: 50, offset: 0 } } },
    });
    expect(page.items[0]?.createdDate).toEqual(new Date(DATE));
  });

  it('answers undefined when there is no default tip settings', async () => {
    const { sdk: s } = sdk(() => json({}));
    expect(await s.tips.getDefaultTipSettings()).toBeUndefined();
  });
});
