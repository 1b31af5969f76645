import type { TestServer } from '@aisle/server/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AisleApplicationError,
  AisleValidationError,
  checkoutSettings,
  createClient,
  currentCart,
  DEFAULT_VARIANT_ID,
  OAuthStrategy,
  ordersSettings,
  products,
  STORES_APP_ID,
  tips,
} from '../src/index.ts';
import { rejection } from '../src/testing/rejection.ts';
import { adminClient, serverForFile } from './test-server.ts';

const CLIENT_ID = 'demo-storefront';
let server: TestServer;

const modules = { checkoutSettings, ordersSettings, tips, products, currentCart };

const admin = () => adminClient(server, modules);
/** A new visitor with its own anonymous tokens. */
function shopper() {
  return createClient({
    modules,
    baseUrl: server.url,
    auth: OAuthStrategy({ clientId: CLIENT_ID, baseUrl: server.url }),
  });
}

serverForFile((s) => (server = s));

describe('SDK against the real server: checkout settings, orders settings and tips', () => {
  it('admin writes checkout settings; shoppers read what the checkout page shows', async () => {
    const before = await admin().checkoutSettings.getCheckoutSettings();
    expect(before).toMatchObject({
      revision: '0',
      mitEnabled: false,
      checkoutBrand: { header: { alignment: 'CENTER' } },
    });

    const written = await admin().checkoutSettings.updateCheckoutSettings({
      checkoutPolicies: {
        returnPolicy: { visible: true, content: 'Returns within 30 days.' },
        privacyPolicy: { visible: false, content: 'Draft' },
      },
      delayCaptureEnabled: true,
      checkoutBrand: {
        header: {
          text: 'Aisle Goods',
          textColor: '#ffffff',
          alignment: 'SIDE',
          logo: { image: 'https://cdn.example.com/brand/logo.png', size: 'SMALL' },
        },
      },
    });
    expect(written.revision).toBe('1');
    expect(written.updatedDate).toBeInstanceOf(Date);
    expect(written.checkoutBrand?.header?.logo).toEqual({
      image: 'https://cdn.example.com/brand/logo.png',
      size: 'SMALL',
    });

    const masked = await admin().checkoutSettings.updateCheckoutSettings(
      { checkoutBrand: { header: { text: 'Aisle' } }, mitEnabled: true },
      { fieldMask: ['checkoutBrand.header.text'] },
    );
    expect(masked.checkoutBrand?.header).toMatchObject({ text: 'Aisle', alignment: 'SIDE' });
    expect(masked.mitEnabled).toBe(false);

    const seen = await shopper().checkoutSettings.getCheckoutSettings();
    expect(seen.checkoutPolicies).toEqual({
      returnPolicy: { visible: true, content: 'Returns within 30 days.' },
    });
    expect(seen.checkoutBrand?.header?.logo?.image).toBe('https://cdn.example.com/brand/logo.png');
    expect(seen.delayCaptureEnabled).toBeUndefined();
    expect(seen.revision).toBeUndefined();

    const refused = await rejection(shopper().checkoutSettings.updateCheckoutSettings({ mitEnabled: true }));
    expect(refused).toBeInstanceOf(AisleApplicationError);
    expect((refused as AisleApplicationError).status).toBe(403);

    const invalid = await rejection(
      admin().checkoutSettings.updateCheckoutSettings({
        checkoutBrand: { header: { logo: { size: 'HUGE' as 'LARGE' } } },
      }),
    );
    expect(invalid).toBeInstanceOf(AisleValidationError);
    expect((invalid as AisleValidationError).fieldViolations.map((v) => v.field)).toEqual([
      'checkoutSettings.checkoutBrand.header.logo.size',
    ]);
  });

  it('admin reads and writes orders settings', async () => {
    const sdk = admin();
    expect(await sdk.ordersSettings.getOrdersSettings()).toEqual({
      inventoryUpdateTrigger: 'ON_ORDER_PLACED',
      createInvoice: false,
      orderApprovalStrategy: 'DEFAULT',
    });
    const written = await sdk.ordersSettings.updateOrdersSettings({
      inventoryUpdateTrigger: 'ON_ORDER_PAID',
      orderApprovalStrategy: 'PAYMENT_RECEIVED',
    });
    expect(written).toMatchObject({
      inventoryUpdateTrigger: 'ON_ORDER_PAID',
      orderApprovalStrategy: 'PAYMENT_RECEIVED',
    });
    expect(written.createdDate).toBeInstanceOf(Date);
    const refused = await rejection(shopper().ordersSettings.getOrdersSettings());
    expect((refused as AisleApplicationError).status).toBe(403);
  });

  it('tips: settings, a preview, and the buyer choosing on their own checkout', async () => {
    const sdk = admin();
    const settings = await sdk.tips.createTipSettings({
      tipType: 'PERCENTAGE',
      choices: ['10', '15', '20'],
      defaultChoice: '15',
      allowCustomAmount: true,
    });
    expect(settings).toMatchObject({ isDefault: true, choices: ['10', '15', '20'] });
    expect(settings.createdDate).toBeInstanceOf(Date);
    const page = await sdk.tips.queryTipSettings().eq('tipType', 'PERCENTAGE').find();
    expect(page.items.map((s) => s.id)).toEqual([settings.id]);

    // A shopper with a real checkout made from their cart.
    const product = await sdk.products.createProduct({
      name: 'Tip jar mug',
      productType: 'physical',
      priceData: { price: 12.25 },
      visible: true,
    });
    const buyer = shopper();
    expect((await buyer.tips.getDefaultTipSettings())?.id).toBe(settings.id);
    await buyer.currentCart.addToCurrentCart({
      lineItems: [
        {
          quantity: 2,
          catalogReference: {
            catalogItemId: product.id,
            appId: STORES_APP_ID,
            options: { variantId: DEFAULT_VARIANT_ID },
          },
        },
      ],
    });
    const { checkoutId } = await buyer.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const found = (await server.database.db.execute(
      sql`select purchase_flow_id::text as id from checkouts where id = ${checkoutId}`,
    )) as unknown as { rows: Array<{ id: string }> };
    const purchaseFlowId = found.rows[0]!.id;

    const preview = await buyer.tips.previewTip({ lineItemInfo: [{ price: '12.25', quantity: 2 }] });
    expect(preview).toEqual({
      amount: '3.68',
      lineItemSubtotal: '24.50',
      undistributedAmount: '3.68',
      distributions: [],
    });

    expect(await buyer.tips.getTipChoice(purchaseFlowId)).toEqual({ tipType: 'PERCENTAGE', value: '15' });
    expect(await buyer.tips.updateTipChoice(purchaseFlowId, { tipType: 'CUSTOM', value: 5 })).toEqual({
      tipType: 'CUSTOM',
      value: '5',
    });
    expect(await buyer.tips.getTipChoice(purchaseFlowId)).toEqual({ tipType: 'CUSTOM', value: '5' });

    const notOffered = await rejection(
      buyer.tips.updateTipChoice(purchaseFlowId, { tipType: 'PERCENTAGE', value: '12' }),
    );
    expect(notOffered).toBeInstanceOf(AisleValidationError);
    expect((notOffered as AisleValidationError).fieldViolations[0]).toMatchObject({
      field: 'tipChoice.value',
      ruleName: 'TIP_CHOICE_NOT_OFFERED',
    });
    const stranger = await rejection(shopper().tips.getTipChoice(purchaseFlowId));
    expect(stranger).toMatchObject({ status: 404, code: 'CHECKOUT_NOT_FOUND' });
  });
});
