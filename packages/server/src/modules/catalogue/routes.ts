import type { Module } from '../../platform/app.ts';
import { open, underPrefixes } from '../../platform/routing.ts';
import { collectionRoutes } from './collections/routes.ts';
import { catalogueCsvRoutes } from './csv/routes.ts';
import { inventoryRoutes } from './inventory/v1-routes.ts';
import { inventoryV3Routes } from './inventory/v3-routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { merchandisingRoutes } from './merchandising/routes.ts';
import { productRoutes } from './products/routes.ts';
import { CatalogVersionResponse } from './shared/schemas.ts';
import { variantRoutes } from './variants/routes.ts';

/**
 * The catalogue module: each room registers its own routes (products, variants, collections, inventory v1 and
 * v3, CSV, merchandising, media); the catalogue version is the module's own.
 */
export const catalogueRoutes: Module = async (app, ctx) => {
  await productRoutes(app, ctx);
  await variantRoutes(app, ctx);
  await collectionRoutes(app, ctx);
  await underPrefixes(app, ['/stores/v3/provision', '/_api/stores/v3/provision'], (r) => {
    r.get(
      '/version',
      {
        config: open,
        schema: {
          tags: ['catalogue'],
          summary: 'Catalogue version of the store',
          response: { 200: CatalogVersionResponse },
        },
      },
      async () => ({ catalogVersion: 'V1_CATALOG' as const }),
    );
  });
  await inventoryRoutes(app, ctx);
  await inventoryV3Routes(app, ctx);
  await catalogueCsvRoutes(app, ctx);
  await merchandisingRoutes(app, ctx);
  await mediaRoutes(app, ctx);
};
