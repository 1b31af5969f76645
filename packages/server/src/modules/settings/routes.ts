import type { Module } from '../../platform/app.ts';
import { coupon, couponService } from './coupons.ts';
import {
  DefaultTaxGroupsByAppsRequest,
  DeliveryRegionChangeRequest,
  ExtendedFieldsRequest,
  UpdateStoreSettingsRequest,
} from './schemas.ts';
import { deliveryRegion, deliveryRegionService } from './delivery-regions.ts';
import {
  addDeliveryRegion,
  removeDeliveryRegion,
  shippingOption,
  shippingOptionService,
  updateOptionExtendedFields,
} from './shipping-options.ts';
import {
  publicStoreSettingsToWire,
  currentStoreSettings,
  readStoreSettings,
  storeSettingsToWire,
  updateStoreSettings,
} from './store.ts';
import { entityRoutes, rowAction } from '../../platform/entity-kit/index.ts';
import {
  defaultTaxGroups,
  defaultTaxGroupsByApps,
  ensureDefaultTaxGroups,
  taxGroup,
  taxGroupService,
} from './tax-groups.ts';
import { taxRate, taxRateService } from './tax-rates.ts';
import {
  BulkCreateTaxRegionsRequest,
  bulkCreateTaxRegions,
  taxRegion,
  taxRegionService,
} from './tax-regions.ts';
import { admin, open } from '../../platform/routing.ts';

/**
 * Merchant settings, admin only (but the store's public name and logo): store settings, delivery regions and shipping options, tax groups, regions
 * and rates, coupons. Every write records `<entity>.created|updated|deleted`.
 */
export const settingsRoutes: Module = async (app, ctx) => {
  await ensureDefaultTaxGroups(ctx.db);

  // ---- Store settings (singleton)
  {
    const tags = ['store settings'];
    app.get(
      '/ecom/v1/store-settings',
      {
        // Every role reads the currency and units the catalogue, orders and coupons are shown in; changing
        // them (and every other setting) needs settings.write, reading the other settings settings.read.
        config: { ...admin, permission: 'catalogue.read' },
        schema: { tags, summary: 'Store settings: currency, weight unit, tax-included prices, address' },
      },
      async () => ({ storeSettings: storeSettingsToWire(ctx, await readStoreSettings(ctx.db)) }),
    );
    app.get(
      '/ecom/v1/store-settings/public',
      {
        // What a storefront shows shoppers: the store's name and logo, its currency and locale (Aisle).
        config: open,
        schema: { tags, summary: "The store's name, logo, currency and locale, for storefronts (Aisle)" },
      },
      async () => ({ storeSettings: publicStoreSettingsToWire(ctx, await currentStoreSettings(ctx)) }),
    );
    app.patch(
      '/ecom/v1/store-settings',
      { config: admin, schema: { tags, summary: 'Update store settings', body: UpdateStoreSettingsRequest } },
      async (request) => ({
        storeSettings: await updateStoreSettings(ctx, request.body.storeSettings, request.body.fieldMask),
      }),
    );
  }

  // ---- Delivery regions and shipping options
  entityRoutes(app, ctx, deliveryRegion, deliveryRegionService);
  entityRoutes(app, ctx, shippingOption, shippingOptionService);
  const regionChanges = [
    ['add-delivery-region', 'Offer the option in one more region', addDeliveryRegion],
    ['remove-delivery-region', 'Stop offering the option in a region', removeDeliveryRegion],
  ] as const;
  for (const [action, summary, change] of regionChanges)
    rowAction(app, shippingOption, action, { summary, body: DeliveryRegionChangeRequest }, (id, body) =>
      change(ctx, id, body.deliveryRegionId, body.revision),
    );
  rowAction(
    app,
    shippingOption,
    'update-extended-fields',
    { summary: 'Set one namespace of extended fields', body: ExtendedFieldsRequest },
    (id, body) => updateOptionExtendedFields(ctx, id, body.namespace, body.namespaceData),
  );

  // ---- Tax groups, regions and rates
  entityRoutes(app, ctx, taxGroup, taxGroupService);
  app.get(
    `${taxGroup.path}/default-tax-groups`,
    { config: admin, schema: { tags: taxGroup.tags, summary: 'The system-defined tax groups' } },
    async () => ({ taxGroups: await defaultTaxGroups(ctx.db) }),
  );
  app.post(
    `${taxGroup.path}/list-default-tax-groups-by-app-ids`,
    {
      config: admin,
      schema: {
        tags: taxGroup.tags,
        summary: 'Default tax groups per app',
        body: DefaultTaxGroupsByAppsRequest,
      },
    },
    async (request) => defaultTaxGroupsByApps(ctx.db, request.body.appIds),
  );
  entityRoutes(app, ctx, taxRegion, taxRegionService);
  app.post(
    '/billing/v1/bulk/tax-regions/create',
    {
      config: admin,
      schema: { tags: taxRegion.tags, summary: 'Create tax regions', body: BulkCreateTaxRegionsRequest },
    },
    async (request) => bulkCreateTaxRegions(ctx, request.body.taxRegions, request.body.returnEntity ?? false),
  );
  entityRoutes(app, ctx, taxRate, taxRateService);

  // ---- Coupons
  entityRoutes(app, ctx, coupon, couponService);
};
