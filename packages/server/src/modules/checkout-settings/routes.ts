import type { Module } from '../../platform/app.ts';
import { adminMay } from '../../platform/auth.ts';
import { entityRoutes } from '../../platform/entity-kit/index.ts';
import { getDefaultTipSettings, getTipSettings, tipSetting, tipSettingsService } from './tip-settings.ts';
import {
  checkoutSettingsToWire,
  currentCheckoutSettings,
  readCheckoutSettings,
  updateCheckoutSettings,
} from './checkout-settings.ts';
import { loadOrdersSettings, ordersSettingsToWire, updateOrdersSettings } from './orders-settings.ts';
import { IdParams, UpdateCheckoutSettingsRequest, UpdateOrdersSettingsRequest } from './schemas.ts';
import { admin, open, routeOptions, visitor } from '../../platform/routing.ts';

/**
 * Checkout settings (shoppers read what the hosted checkout shows; admins whose role reads settings read
 * everything; writing needs settings.write),
 * orders settings (admin), tip settings (admin writes; shoppers read enabled ones) and tip previews.
 * docs/CHECKOUT.md "Checkout settings, orders settings and tips".
 */
export const checkoutSettingsRoutes: Module = async (app, ctx) => {
  {
    const route = routeOptions(['checkout settings']);
    const path = '/ecom/v1/checkout-settings';
    app.get(
      path,
      route(
        open,
        'Checkout settings: policies, fields and brand (admins also see payment options and revision)',
      ),
      async (request) => {
        // The merchant reads what is stored; shoppers (the hosted checkout) what this process keeps.
        const merchant = adminMay(request.caller, 'settings.read');
        return {
          checkoutSettings: checkoutSettingsToWire(
            ctx,
            merchant ? await readCheckoutSettings(ctx.db) : await currentCheckoutSettings(ctx),
            merchant ? 'merchant' : 'shopper',
          ),
        };
      },
    );
    app.patch(
      path,
      route(admin, 'Update checkout settings', { body: UpdateCheckoutSettingsRequest }),
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
    const route = routeOptions(['orders settings']);
    const path = '/ecom/v1/orders-settings';
    app.get(path, route(admin, 'Orders settings: inventory trigger, invoices, approval'), async () => ({
      ordersSettings: ordersSettingsToWire(await loadOrdersSettings(ctx.db)),
    }));
    app.patch(
      path,
      route(admin, 'Update orders settings', { body: UpdateOrdersSettingsRequest }),
      async (request) => ({
        ordersSettings: await updateOrdersSettings(ctx, request.body.ordersSettings, request.body.fieldMask),
      }),
    );
  }

  entityRoutes(app, ctx, tipSetting, tipSettingsService, ['create', 'query', 'update', 'delete']);
  {
    const { path: p } = tipSetting;
    const route = routeOptions(tipSetting.tags);
    app.get(
      `${p}/default`,
      route(visitor, 'The default tip settings (shoppers: only when enabled)'),
      async (request) => getDefaultTipSettings(ctx.db, adminMay(request.caller, 'settings.read')),
    );
    app.get(
      `${p}/:id`,
      route(visitor, 'Get tip settings (shoppers: enabled ones)', { params: IdParams }),
      async (request) => ({
        tipSettings: await getTipSettings(
          ctx.db,
          request.params.id,
          adminMay(request.caller, 'settings.read'),
        ),
      }),
    );
  }
};
