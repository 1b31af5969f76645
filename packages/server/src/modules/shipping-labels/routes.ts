import type { Module } from '../../platform/app.ts';
import { entityRoutes, rowAction } from '../../platform/entity-kit/index.ts';
import {
  addConfigurationRegion,
  removeConfigurationRegion,
  shippoConfiguration,
  shippoConfigurationService,
} from './configurations.ts';
import { AddRegionRequest, RemoveRegionParams, RemoveRegionQuery } from './schemas.ts';
import { admin } from '../../platform/routing.ts';

/** Shipping-label provider configurations: admin only; checkout prices their services (flows/cart/label-options.ts). */
export const shippingLabelRoutes: Module = (app, ctx) => {
  entityRoutes(app, ctx, shippoConfiguration, shippoConfigurationService);
  const { path, tags } = shippoConfiguration;
  rowAction(
    app,
    shippoConfiguration,
    'delivery-regions',
    { summary: 'Ship in one more delivery region', body: AddRegionRequest },
    (id, body) => addConfigurationRegion(ctx, id, body.deliveryRegionId, body.revision),
  );
  app.delete(
    `${path}/:id/delivery-regions/:deliveryRegionId`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Stop shipping to a delivery region',
        params: RemoveRegionParams,
        querystring: RemoveRegionQuery,
      },
    },
    async (request) => ({
      shippoConfiguration: await removeConfigurationRegion(
        ctx,
        request.params.id,
        request.params.deliveryRegionId,
        request.query.revision,
      ),
    }),
  );
};
