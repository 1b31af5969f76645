import { Type } from '@sinclair/typebox';
import type { Module } from '../../platform/app.ts';
import { entityRoutes, IdParam, QueryRequest, Revision, rowAction } from '../../platform/entity-kit/index.ts';
import {
  abandonedCheckout,
  abandonedCheckoutService,
  addActivity,
  getAbandonedCart,
  queryAbandonedCarts,
  searchAbandonedCheckouts,
} from './entity.ts';
import { ACTIVITY_TYPES } from './model.ts';
import {
  readRecoverySettings,
  recoverySettingsToWire,
  UpdateRecoverySettingsRequest,
  updateRecoverySettings,
} from './settings.ts';
import { admin } from '../../platform/routing.ts';

const tags = ['abandoned checkouts'];

const SearchRequest = Type.Object({
  search: Type.Optional(
    Type.Object({
      filter: Type.Optional(Type.Unknown()),
      sort: Type.Optional(Type.Unknown()),
      paging: Type.Optional(Type.Unknown()),
      cursorPaging: Type.Optional(Type.Unknown()),
      search: Type.Optional(
        Type.Object({
          expression: Type.Optional(Type.String({ maxLength: 200 })),
          fields: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })),
        }),
      ),
    }),
  ),
});

const AddActivityRequest = Type.Object({
  activityType: Type.Union(ACTIVITY_TYPES.map((t) => Type.Literal(t))),
  revision: Type.Optional(Revision),
});

/**
 * Abandoned checkouts, admin only (wire/merchant-settings.md "Abandoned checkouts"): get, delete, bulk delete
 * and query from the entity kit; search, add-activity, the recovery settings (Aisle) and the older
 * `/v1/abandonedCarts` reads beside them. Analytics, the recovery link and the job are in flows/abandonment.
 */
export const abandonedCheckoutRoutes: Module = async (app, ctx) => {
  entityRoutes(app, ctx, abandonedCheckout, abandonedCheckoutService, [
    'get',
    'delete',
    'query',
    'bulkDelete',
  ]);

  app.post(
    '/ecom/v1/abandoned-checkout/search',
    {
      config: admin,
      schema: { tags, summary: 'Search abandoned checkouts (buyer e-mail or name)', body: SearchRequest },
    },
    async (request) => {
      const { search, ...query } = request.body.search ?? {};
      return searchAbandonedCheckouts(ctx.db, search, query);
    },
  );

  rowAction(
    app,
    { ...abandonedCheckout, path: '/ecom/v1/abandoned-checkouts' },
    'add-activity',
    { summary: 'Record an activity', body: AddActivityRequest },
    (id, body) => addActivity(ctx, id, body.activityType, body.revision),
  );

  {
    const path = '/ecom/v1/abandoned-checkout-settings';
    const settingsTags = ['abandoned checkout settings'];
    app.get(
      path,
      { config: admin, schema: { tags: settingsTags, summary: 'Recovery mails and abandonment delay' } },
      async () => ({
        abandonedCheckoutSettings: recoverySettingsToWire(ctx, await readRecoverySettings(ctx.db)),
      }),
    );
    app.patch(
      path,
      {
        config: admin,
        schema: {
          tags: settingsTags,
          summary: 'Update the recovery settings',
          body: UpdateRecoverySettingsRequest,
        },
      },
      async (request) =>
        updateRecoverySettings(ctx, request.body.abandonedCheckoutSettings, request.body.fieldMask),
    );
  }

  {
    const cartTags = ['abandoned carts'];
    app.get(
      '/v1/abandonedCarts/:id',
      {
        config: admin,
        schema: { tags: cartTags, summary: 'An abandoned cart (older API)', params: IdParam },
      },
      async (request) => getAbandonedCart(ctx.db, request.params.id),
    );
    app.post(
      '/v1/abandonedCarts/query',
      {
        config: admin,
        schema: { tags: cartTags, summary: 'Query abandoned carts (older API)', body: QueryRequest },
      },
      async (request) => queryAbandonedCarts(ctx.db, request.body.query),
    );
  }
};
