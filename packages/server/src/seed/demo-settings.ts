import { count } from 'drizzle-orm';
import { createCoupon } from '../modules/settings/coupons.ts';
import type { StoredAddress } from '../modules/settings/model.ts';
import { createDeliveryRegion } from '../modules/settings/delivery-regions.ts';
import type { ShippingOptionCreate } from '../modules/settings/schemas.ts';
import { createShippingOption } from '../modules/settings/shipping-options.ts';
import { updateStoreSettings } from '../modules/settings/store.ts';
import { coupons, shippingOptions } from '../modules/settings/tables.ts';
import { ensureDefaultTaxGroups, PRODUCTS_TAX_GROUP_ID } from '../modules/settings/tax-groups.ts';
import { createTaxRate } from '../modules/settings/tax-rates.ts';
import { createTaxRegion } from '../modules/settings/tax-regions.ts';
import type { AppContext } from '../platform/context.ts';
import { seedLogo } from './images.ts';

export const DEMO_STORE_NAME = 'Aisle Demo Store';

/**
 * The demo store's merchant settings: its name (and a drawn logo), USD and KG; Standard (free from $100) and Express shipping in the US,
 * an International option by weight, store pickup in California; sales tax in four US states; coupons
 * WELCOME10 (10 % off, once per customer) and FREESHIP.
 */

export const DEMO_BUSINESS_ADDRESS: StoredAddress = {
  country: 'US',
  subdivision: 'US-CA',
  city: 'San Francisco',
  postalCode: '94105',
  addressLine: '500 Market St',
  formattedAddress: '500 Market St, San Francisco, CA 94105, US',
};

const INTERNATIONAL = [
  'CA',
  'MX',
  'GB',
  'IE',
  'FR',
  'DE',
  'ES',
  'IT',
  'NL',
  'BE',
  'AT',
  'CH',
  'SE',
  'DK',
  'NO',
  'FI',
];
const MORE_INTERNATIONAL = ['PT', 'PL', 'AU', 'NZ', 'JP', 'SG', 'KR'];

export interface DemoSettingsResult {
  seeded: boolean;
  shippingOptions: number;
  taxRegions: number;
  coupons: number;
}

export async function seedDemoSettings(
  ctx: AppContext,
  /** `logo`: draw and store the demo logo too (the whole demo store does; tests of settings alone need none). */
  options: { onlyIfEmpty?: boolean; logo?: boolean } = {},
): Promise<DemoSettingsResult> {
  // The seed CLI runs without a server, which is where the system tax groups are usually created.
  await ensureDefaultTaxGroups(ctx.db);
  if (options.onlyIfEmpty) {
    const [[o], [c]] = await Promise.all([
      ctx.db.select({ n: count() }).from(shippingOptions),
      ctx.db.select({ n: count() }).from(coupons),
    ]);
    if ((o?.n ?? 0) > 0 || (c?.n ?? 0) > 0)
      return { seeded: false, shippingOptions: 0, taxRegions: 0, coupons: 0 };
  }

  await updateStoreSettings(ctx, {
    currency: 'USD',
    weightUnit: 'KG',
    taxIncludedInPrices: false,
    businessAddress: DEMO_BUSINESS_ADDRESS,
    locale: 'en-US',
    storeName: DEMO_STORE_NAME,
    ...(options.logo ? { logo: { id: await seedLogo(ctx), altText: DEMO_STORE_NAME } } : {}),
  });

  const us = await createDeliveryRegion(ctx, {
    name: 'United States',
    destinations: [{ countryCode: 'US' }],
  });
  const california = await createDeliveryRegion(ctx, {
    name: 'California',
    destinations: [{ countryCode: 'US', subdivisions: ['US-CA'] }],
  });
  const world = await createDeliveryRegion(ctx, {
    name: 'International',
    destinations: [...INTERNATIONAL, ...MORE_INTERNATIONAL].map((countryCode) => ({ countryCode })),
  });
  const domestic = [us.id, california.id];
  const shipping: ShippingOptionCreate[] = [
    {
      title: 'Standard',
      deliveryRegionIds: domestic,
      estimatedDeliveryTime: '3–5 business days',
      rates: [
        { amount: '0', conditions: [{ type: 'BY_TOTAL_PRICE', value: '100', operator: 'GTE' }] },
        { amount: '5.99', conditions: [] },
      ],
    },
    {
      title: 'Express',
      deliveryRegionIds: domestic,
      estimatedDeliveryTime: '1–2 business days',
      rates: [{ amount: '14.99', conditions: [] }],
      otherCharges: [{ type: 'HANDLING_FEE', details: 'Priority handling', price: '2.00' }],
    },
    {
      title: 'International',
      deliveryRegionIds: [world.id],
      estimatedDeliveryTime: '7–14 business days',
      rates: [
        { amount: '19.99', conditions: [{ type: 'BY_TOTAL_WEIGHT', value: '2', operator: 'LTE' }] },
        { amount: '34.99', conditions: [] },
      ],
    },
    {
      title: 'Store pickup',
      deliveryRegionIds: [california.id],
      estimatedDeliveryTime: 'Ready the next business day',
      instructions: 'Collect at the counter, Monday to Saturday, 10:00–18:00.',
      rates: [{ amount: '0', conditions: [] }],
      pickup: {
        address: DEMO_BUSINESS_ADDRESS,
        pickupMethod: 'STORE_PICKUP',
        businessLocation: 'Aisle Market Street',
      },
    },
  ];
  for (const option of shipping) await createShippingOption(ctx, option);

  const states: Array<{ subdivision: string; jurisdictions: Array<[string, 'STATE' | 'CITY', string]> }> = [
    { subdivision: 'US-CA', jurisdictions: [['California', 'STATE', '7.25']] },
    {
      subdivision: 'US-NY',
      jurisdictions: [
        ['New York', 'STATE', '4'],
        ['New York City', 'CITY', '4.5'],
      ],
    },
    { subdivision: 'US-TX', jurisdictions: [['Texas', 'STATE', '6.25']] },
    { subdivision: 'US-WA', jurisdictions: [['Washington', 'STATE', '6.5']] },
  ];
  for (const state of states) {
    const region = await createTaxRegion(ctx, { country: 'US', subdivision: state.subdivision });
    await createTaxRate(ctx, {
      taxRegionId: region.id,
      taxGroupId: PRODUCTS_TAX_GROUP_ID,
      jurisdictions: state.jurisdictions.map(([jurisdiction, jurisdictionType, rate]) => ({
        jurisdiction,
        jurisdictionType,
        rate,
        taxName: `${jurisdiction} sales tax`,
      })),
    });
  }

  await createCoupon(ctx, {
    code: 'WELCOME10',
    name: 'Welcome: 10 % off',
    discountType: 'PERCENTAGE',
    percentage: 10,
    limitPerCustomer: 1,
  });
  await createCoupon(ctx, { code: 'FREESHIP', name: 'Free shipping', discountType: 'FREE_SHIPPING' });

  return { seeded: true, shippingOptions: 4, taxRegions: states.length, coupons: 2 };
}
