import { Type } from '@sinclair/typebox';
import type { App, Module } from '../../platform/app.ts';
import { complexGetHook } from '../../platform/routing.ts';
import { createCoupon, deleteCoupon, getCoupon, queryCoupons, updateCoupon } from './coupons.ts';
import {
  BulkCreateTaxRegionsRequest,
  CreateCouponRequest,
  CreateDeliveryRegionRequest,
  CreateShippingOptionRequest,
  CreateTaxGroupRequest,
  CreateTaxRateRequest,
  CreateTaxRegionRequest,
  DefaultTaxGroupsByAppsRequest,
  DeliveryRegionChangeRequest,
  ExtendedFieldsRequest,
  Id,
  QueryRequest,
  UpdateCouponRequest,
  UpdateDeliveryRegionRequest,
  UpdateShippingOptionRequest,
  UpdateStoreSettingsRequest,
  UpdateTaxGroupRequest,
  UpdateTaxRateRequest,
  UpdateTaxRegionRequest,
} from './schemas.ts';
import {
  addDeliveryRegion,
  createDeliveryRegion,
  createShippingOption,
  deleteDeliveryRegion,
  deleteShippingOption,
  getDeliveryRegion,
  getShippingOption,
  queryDeliveryRegions,
  queryShippingOptions,
  removeDeliveryRegion,
  updateDeliveryRegion,
  updateOptionExtendedFields,
  updateShippingOption,
} from './shipping.ts';
import { readStoreSettings, storeSettingsToWire, updateStoreSettings } from './store.ts';
import {
  bulkCreateTaxRegions,
  createTaxGroup,
  createTaxRate,
  createTaxRegion,
  defaultTaxGroups,
  defaultTaxGroupsByApps,
  deleteTaxGroup,
  deleteTaxRate,
  deleteTaxRegion,
  ensureDefaultTaxGroups,
  getTaxGroup,
  getTaxRate,
  getTaxRegion,
  queryTaxGroups,
  queryTaxRates,
  queryTaxRegions,
  updateTaxGroup,
  updateTaxRate,
  updateTaxRegion,
} from './tax.ts';

const admin = { access: 'admin' } as const;
const IdParam = Type.Object({ id: Id });

/** `GET* <prefix>/query` (complex GET) and its `POST` fallback, both taking `{query}`. */
function queryRoutes(
  app: App,
  path: string,
  tags: string[],
  summary: string,
  run: (query: unknown) => Promise<unknown>,
  { get = true }: { get?: boolean } = {},
): void {
  if (get)
    app.get(
      path,
      {
        config: admin,
        preValidation: complexGetHook(),
        schema: { tags, summary, querystring: QueryRequest },
      },
      async (request) => run(request.query.query),
    );
  app.post(path, { config: admin, schema: { tags, summary, body: QueryRequest } }, async (request) =>
    run(request.body.query),
  );
}

/**
 * Merchant settings, admin only: store settings, delivery regions and shipping options, tax groups, regions
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
        config: admin,
        schema: { tags, summary: 'Store settings: currency, weight unit, tax-included prices, address' },
      },
      async () => ({ storeSettings: storeSettingsToWire(await readStoreSettings(ctx.db)) }),
    );
    app.patch(
      '/ecom/v1/store-settings',
      { config: admin, schema: { tags, summary: 'Update store settings', body: UpdateStoreSettingsRequest } },
      async (request) => ({
        storeSettings: await updateStoreSettings(ctx, request.body.storeSettings, request.body.fieldMask),
      }),
    );
  }

  // ---- Delivery regions
  {
    const tags = ['shipping'];
    const p = '/ecom/v1/delivery-regions';
    app.post(
      p,
      {
        config: admin,
        schema: { tags, summary: 'Create a delivery region', body: CreateDeliveryRegionRequest },
      },
      async (request) => ({ deliveryRegion: await createDeliveryRegion(ctx, request.body.deliveryRegion) }),
    );
    queryRoutes(app, `${p}/query`, tags, 'Query delivery regions', (query) =>
      queryDeliveryRegions(ctx.db, query),
    );
    app.get(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Get a delivery region', params: IdParam } },
      async (request) => ({ deliveryRegion: await getDeliveryRegion(ctx.db, request.params.id) }),
    );
    app.patch(
      `${p}/:id`,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Update a delivery region',
          params: IdParam,
          body: UpdateDeliveryRegionRequest,
        },
      },
      async (request) => ({
        deliveryRegion: await updateDeliveryRegion(
          ctx,
          request.params.id,
          request.body.deliveryRegion,
          request.body.fieldMask,
        ),
      }),
    );
    app.delete(
      `${p}/:id`,
      {
        config: admin,
        schema: { tags, summary: 'Delete a delivery region (and take it out of options)', params: IdParam },
      },
      async (request) => {
        await deleteDeliveryRegion(ctx, request.params.id);
        return {};
      },
    );
  }

  // ---- Shipping options
  {
    const tags = ['shipping'];
    const p = '/ecom/v1/shipping-options';
    app.post(
      p,
      {
        config: admin,
        schema: { tags, summary: 'Create a shipping option', body: CreateShippingOptionRequest },
      },
      async (request) => ({ shippingOption: await createShippingOption(ctx, request.body.shippingOption) }),
    );
    queryRoutes(app, `${p}/query`, tags, 'Query shipping options (cursor paging)', (query) =>
      queryShippingOptions(ctx.db, query),
    );
    app.get(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Get a shipping option', params: IdParam } },
      async (request) => ({ shippingOption: await getShippingOption(ctx.db, request.params.id) }),
    );
    app.patch(
      `${p}/:id`,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Update a shipping option',
          params: IdParam,
          body: UpdateShippingOptionRequest,
        },
      },
      async (request) => ({
        shippingOption: await updateShippingOption(
          ctx,
          request.params.id,
          request.body.shippingOption,
          request.body.fieldMask,
        ),
      }),
    );
    app.delete(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Delete a shipping option', params: IdParam } },
      async (request) => {
        await deleteShippingOption(ctx, request.params.id);
        return {};
      },
    );
    app.post(
      `${p}/:id/add-delivery-region`,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Offer the option in one more region',
          params: IdParam,
          body: DeliveryRegionChangeRequest,
        },
      },
      async (request) => ({
        shippingOption: await addDeliveryRegion(
          ctx,
          request.params.id,
          request.body.deliveryRegionId,
          request.body.revision,
        ),
      }),
    );
    app.post(
      `${p}/:id/remove-delivery-region`,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Stop offering the option in a region',
          params: IdParam,
          body: DeliveryRegionChangeRequest,
        },
      },
      async (request) => ({
        shippingOption: await removeDeliveryRegion(
          ctx,
          request.params.id,
          request.body.deliveryRegionId,
          request.body.revision,
        ),
      }),
    );
    app.post(
      `${p}/:id/update-extended-fields`,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Set one namespace of extended fields',
          params: IdParam,
          body: ExtendedFieldsRequest,
        },
      },
      async (request) => ({
        shippingOption: await updateOptionExtendedFields(
          ctx,
          request.params.id,
          request.body.namespace,
          request.body.namespaceData,
        ),
      }),
    );
  }

  // ---- Tax groups
  {
    const tags = ['tax'];
    const p = '/billing/v1/tax-groups';
    app.post(
      p,
      { config: admin, schema: { tags, summary: 'Create a tax group', body: CreateTaxGroupRequest } },
      async (request) => ({ taxGroup: await createTaxGroup(ctx, request.body.taxGroup) }),
    );
    queryRoutes(app, `${p}/query`, tags, 'Query tax groups', (query) => queryTaxGroups(ctx.db, query), {
      get: false,
    });
    app.get(
      `${p}/default-tax-groups`,
      { config: admin, schema: { tags, summary: 'The system-defined tax groups' } },
      async () => ({ taxGroups: await defaultTaxGroups(ctx.db) }),
    );
    app.post(
      `${p}/list-default-tax-groups-by-app-ids`,
      {
        config: admin,
        schema: { tags, summary: 'Default tax groups per app', body: DefaultTaxGroupsByAppsRequest },
      },
      async (request) => defaultTaxGroupsByApps(ctx.db, request.body.appIds),
    );
    app.get(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Get a tax group', params: IdParam } },
      async (request) => ({ taxGroup: await getTaxGroup(ctx.db, request.params.id) }),
    );
    app.patch(
      `${p}/:id`,
      {
        config: admin,
        schema: { tags, summary: 'Update a tax group', params: IdParam, body: UpdateTaxGroupRequest },
      },
      async (request) => ({
        taxGroup: await updateTaxGroup(ctx, request.params.id, request.body.taxGroup, request.body.fieldMask),
      }),
    );
    app.delete(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Delete a tax group (and its rates)', params: IdParam } },
      async (request) => {
        await deleteTaxGroup(ctx, request.params.id);
        return {};
      },
    );
  }

  // ---- Tax regions
  {
    const tags = ['tax'];
    const p = '/billing/v1/tax-regions';
    app.post(
      p,
      { config: admin, schema: { tags, summary: 'Create a tax region', body: CreateTaxRegionRequest } },
      async (request) => ({ taxRegion: await createTaxRegion(ctx, request.body.taxRegion) }),
    );
    app.post(
      '/billing/v1/bulk/tax-regions/create',
      { config: admin, schema: { tags, summary: 'Create tax regions', body: BulkCreateTaxRegionsRequest } },
      async (request) =>
        bulkCreateTaxRegions(ctx, request.body.taxRegions, request.body.returnEntity ?? false),
    );
    queryRoutes(app, `${p}/query`, tags, 'Query tax regions', (query) => queryTaxRegions(ctx.db, query), {
      get: false,
    });
    app.get(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Get a tax region', params: IdParam } },
      async (request) => ({ taxRegion: await getTaxRegion(ctx.db, request.params.id) }),
    );
    app.patch(
      `${p}/:id`,
      {
        config: admin,
        schema: { tags, summary: 'Update a tax region', params: IdParam, body: UpdateTaxRegionRequest },
      },
      async (request) => ({
        taxRegion: await updateTaxRegion(
          ctx,
          request.params.id,
          request.body.taxRegion,
          request.body.fieldMask,
        ),
      }),
    );
    app.delete(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Delete a tax region (and its rates)', params: IdParam } },
      async (request) => {
        await deleteTaxRegion(ctx, request.params.id);
        return {};
      },
    );
  }

  // ---- Tax rates (region × group)
  {
    const tags = ['tax'];
    const p = '/billing/v1/tax-rates';
    app.post(
      p,
      {
        config: admin,
        schema: {
          tags,
          summary: 'Set the manual rate of a tax group in a region',
          body: CreateTaxRateRequest,
        },
      },
      async (request) => ({ taxRate: await createTaxRate(ctx, request.body.taxRate) }),
    );
    queryRoutes(app, `${p}/query`, tags, 'Query tax rates', (query) => queryTaxRates(ctx.db, query), {
      get: false,
    });
    app.get(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Get a tax rate', params: IdParam } },
      async (request) => ({ taxRate: await getTaxRate(ctx.db, request.params.id) }),
    );
    app.patch(
      `${p}/:id`,
      {
        config: admin,
        schema: { tags, summary: 'Update a tax rate', params: IdParam, body: UpdateTaxRateRequest },
      },
      async (request) => ({
        taxRate: await updateTaxRate(ctx, request.params.id, request.body.taxRate, request.body.fieldMask),
      }),
    );
    app.delete(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Delete a tax rate', params: IdParam } },
      async (request) => {
        await deleteTaxRate(ctx, request.params.id);
        return {};
      },
    );
  }

  // ---- Coupons
  {
    const tags = ['coupons'];
    const p = '/ecom/v1/coupons';
    app.post(
      p,
      { config: admin, schema: { tags, summary: 'Create a coupon', body: CreateCouponRequest } },
      async (request) => ({ coupon: await createCoupon(ctx, request.body.coupon) }),
    );
    queryRoutes(app, `${p}/query`, tags, 'Query coupons', (query) => queryCoupons(ctx.db, query));
    app.get(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Get a coupon', params: IdParam } },
      async (request) => ({ coupon: await getCoupon(ctx.db, request.params.id) }),
    );
    app.patch(
      `${p}/:id`,
      {
        config: admin,
        schema: { tags, summary: 'Update a coupon', params: IdParam, body: UpdateCouponRequest },
      },
      async (request) => ({
        coupon: await updateCoupon(ctx, request.params.id, request.body.coupon, request.body.fieldMask),
      }),
    );
    app.delete(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Delete a coupon', params: IdParam } },
      async (request) => {
        await deleteCoupon(ctx, request.params.id);
        return {};
      },
    );
  }
};
