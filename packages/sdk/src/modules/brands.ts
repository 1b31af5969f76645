import type { Http } from '../core/transport.ts';
import type { Brand } from './merchandising-types.ts';
import { namedCalls, namedResource } from './named-entities.ts';
import { CATALOGUE_V3_PATH } from './v3-entities.ts';

export const BRANDS_PATH = `${CATALOGUE_V3_PATH}/brands`;

/**
 * Brands (catalogue v3): reads for everyone, writes for admin clients. `createBrand`, `getBrand`,
 * `updateBrand` (send the `revision` you read), `deleteBrand`, `queryBrands` (cursor-paged GET* with POST
 * fallback), `countBrands`, `bulkCreateBrands`, `bulkUpdateBrands`, `bulkDeleteBrands`, `getOrCreateBrand`
 * (the brand of that name, created when missing), `bulkGetOrCreateBrands`.
 */
export const brands = (http: Http) =>
  namedCalls(namedResource<Brand>(http, 'brand', 'GET'), { one: 'Brand', many: 'Brands' });

export type BrandsModule = ReturnType<typeof brands>;
