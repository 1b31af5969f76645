import { bulkCreateCall, DATED, type DeclaredSpec, declaredCalls } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type { TaxRegion, TaxRegionInput, TaxRegionUpdate } from './settings-types.ts';

export const TAX_REGIONS_PATH = '/billing/v1/tax-regions';

const SPEC: DeclaredSpec = { path: TAX_REGIONS_PATH, queryMethod: 'POST', conversion: DATED };

/**
 * Tax regions: a country or subdivision, its calculator and whether prices include tax there (admin). A second
 * region of the same place is 409 ALREADY_EXISTS; deleting a region also deletes its rates; `queryTaxRegions`
 * is offset-paged (`POST /query`).
 */
export const taxRegions = (http: Http) => ({
  ...declaredCalls<TaxRegion, TaxRegionInput, TaxRegionUpdate>()(http, ['TaxRegion', 'TaxRegions'], SPEC)
    .named,
  /** Each region on its own: a duplicate fails only its item. */
  bulkCreateTaxRegions: bulkCreateCall<TaxRegion, TaxRegionInput>(
    http,
    '/billing/v1/bulk/tax-regions/create',
    'taxRegions',
    DATED,
  ),
});

export type TaxRegionsModule = ReturnType<typeof taxRegions>;
