import { entityCalls, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import { prefixTransform } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult } from './common-types.ts';
import type { TaxRegion, TaxRegionInput, TaxRegionUpdate, UpdateOptions } from './settings-types.ts';

export const TAX_REGIONS_PATH = '/billing/v1/tax-regions';

const CONVERSION = { dates: ['createdDate', 'updatedDate'] };

/** Tax regions: a country or subdivision, its calculator and whether prices include tax there (admin). */
export const taxRegions = (http: Http) => {
  const calls = entityCalls<TaxRegion, TaxRegionInput, TaxRegionUpdate>(http, {
    path: TAX_REGIONS_PATH,
    key: 'taxRegion',
    conversion: CONVERSION,
  });
  return {
    /** 409 ALREADY_EXISTS for a second region of the same place. */
    createTaxRegion: (taxRegion: TaxRegionInput): Promise<TaxRegion> => calls.create(taxRegion),
    getTaxRegion: (taxRegionId: string): Promise<TaxRegion> => calls.get(taxRegionId),
    updateTaxRegion: (
      taxRegionId: string,
      taxRegion: TaxRegionUpdate,
      options: UpdateOptions = {},
    ): Promise<TaxRegion> =>
      calls.update(taxRegionId, taxRegion, { fieldMask: joinFieldMask(options.fieldMask) }),
    /** Also deletes the region's rates. */
    deleteTaxRegion: (taxRegionId: string): Promise<void> => calls.remove(taxRegionId),
    /** Offset-paged; `.find()` sends `POST /query`. */
    queryTaxRegions: (): QueryBuilder<TaxRegion> =>
      new QueryBuilder<TaxRegion>(
        createFinder<TaxRegion>(http, {
          path: `${TAX_REGIONS_PATH}/query`,
          method: 'POST',
          itemsKey: 'taxRegions',
          metadataKey: 'pagingMetadata',
          item: calls.fromWire,
        }),
        'offset',
      ),
    /** Each region on its own: a duplicate fails only its item. */
    bulkCreateTaxRegions: (
      regions: readonly TaxRegionInput[],
      options: { returnEntity?: boolean } = {},
    ): Promise<BulkResult<TaxRegion>> =>
      http.request<BulkResult<TaxRegion>>({
        method: 'POST',
        path: '/billing/v1/bulk/tax-regions/create',
        data: { taxRegions: [...regions], returnEntity: options.returnEntity ?? false },
        transform: prefixTransform('results.item', CONVERSION),
      }),
  };
};

export type TaxRegionsModule = ReturnType<typeof taxRegions>;
