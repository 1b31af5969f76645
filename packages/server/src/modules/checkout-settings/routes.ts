import type { Module } from '../../platform/app.ts';
import { complexGetHook, underPrefixes } from '../../platform/routing.ts';
import { checkoutSettingsToWire, readCheckoutSettings, updateCheckoutSettings } from './checkout-settings.ts';
import { loadOrdersSettings, ordersSettingsToWire, updateOrdersSettings } from './orders-settings.ts';
import {
  CreateTipSettingsRequest,
  IdParams,
  PreviewTipRequest,
  QueryRequest,
  UpdateCheckoutSettingsRequest,
  UpdateOrdersSettingsRequest,
  UpdateTipSettingsRequest,
} from './schemas.ts';
import {
  createTipSettings,
  deleteTipSettings,
  getDefaultTipSettings,
  getTipSettings,
  previewTip,
  queryTipSettings,
  updateTipSettings,
} from './tips.ts';

const admin = { access: 'admin' } as const;
const visitor = { access: 'visitor' } as const;

/**
 * Checkout settings (shoppers read what the hosted checkout shows; admins read and write everything),
 * orders settings (admin), tip settings (admin writes; shoppers read enabled ones) and tip previews.
 * docs/CHECKOUT.md "Checkout settings, orders settings and tips".
 */
export const checkoutSettingsRoutes: Module = async (app, ctx) => {
  {
    const tags = ['checkout settings'];
    const path = '/ecom/v1/checkout-settings';
    app.get(
      path,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Checkout settings: policies, fields and brand (admins also see payment options and revision)',
        },
      },
      async (request) => ({
        checkoutSettings: checkoutSettingsToWire(
          ctx,
          await readCheckoutSettings(ctx.db),
          request.caller.kind === 'admin' ? 'merchant' : 'shopper',
        ),
      }),
    );
    app.patch(
      path,
      {
        config: admin,
        schema: { tags, summary: 'Update checkout settings', body: UpdateCheckoutSettingsRequest },
      },
      async (request) => ({
        checkoutSettings: await updateCheckoutSettings(
          ctx,
          request.body.checkoutSettings,
          request.body.fieldMask,
        ),
      }),
    );
  }

  {
    const tags = ['orders settings'];
    const path = '/ecom/v1/orders-settings';
    app.get(
      path,
      { config: admin, schema: { tags, summary: 'Orders settings: inventory trigger, invoices, approval' } },
      async () => ({ ordersSettings: ordersSettingsToWire(await loadOrdersSettings(ctx.db)) }),
    );
    app.patch(
      path,
      {
        config: admin,
        schema: { tags, summary: 'Update orders settings', body: UpdateOrdersSettingsRequest },
      },
      async (request) => ({
        ordersSettings: await updateOrdersSettings(ctx, request.body.ordersSettings, request.body.fieldMask),
      }),
    );
  }

  {
    const tags = ['tips'];
    const p = '/tips/v1/tip-settings';
    app.post(
      p,
      { config: admin, schema: { tags, summary: 'Create tip settings', body: CreateTipSettingsRequest } },
      async (request) => ({ tipSettings: await createTipSettings(ctx, request.body.tipSettings) }),
    );
    app.get(
      `${p}/query`,
      {
        config: admin,
        preValidation: complexGetHook(),
        schema: { tags, summary: 'Query tip settings', querystring: QueryRequest },
      },
      async (request) => queryTipSettings(ctx.db, request.query.query),
    );
    app.post(
      `${p}/query`,
      { config: admin, schema: { tags, summary: 'Query tip settings', body: QueryRequest } },
      async (request) => queryTipSettings(ctx.db, request.body.query),
    );
    app.get(
      `${p}/default`,
      {
        config: visitor,
        schema: { tags, summary: 'The default tip settings (shoppers: only when enabled)' },
      },
      async (request) => getDefaultTipSettings(ctx.db, request.caller.kind === 'admin'),
    );
    app.get(
      `${p}/:id`,
      {
        config: visitor,
        schema: { tags, summary: 'Get tip settings (shoppers: enabled ones)', params: IdParams },
      },
      async (request) => ({
        tipSettings: await getTipSettings(ctx.db, request.params.id, request.caller.kind === 'admin'),
      }),
    );
    app.patch(
      `${p}/:id`,
      {
        config: admin,
        schema: { tags, summary: 'Update tip settings', params: IdParams, body: UpdateTipSettingsRequest },
      },
      async (request) => ({
        tipSettings: await updateTipSettings(
          ctx,
          request.params.id,
          request.body.tipSettings,
          request.body.fieldMask,
        ),
      }),
    );
    app.delete(
      `${p}/:id`,
      { config: admin, schema: { tags, summary: 'Delete tip settings', params: IdParams } },
      async (request) => {
        await deleteTipSettings(ctx, request.params.id);
        return {};
      },
    );
  }

  await underPrefixes(app, ['/tips/v1/tips', '/_api/tips-service/v1/tips'], (r) => {
    const tags = ['tips'];
    r.post(
      '/preview',
      {
        config: visitor,
        schema: { tags, summary: 'The tip a choice gives on some lines', body: PreviewTipRequest },
      },
      async (request) => previewTip(ctx.db, request.body),
    );
    // The buyer's choice (`/choice`) needs the checkout's access rule: src/flows/checkout/tip-choice.ts.
  });
};
