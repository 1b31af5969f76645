import { entityCalls, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { TaxRate, TaxRateInput, TaxRateUpdate, UpdateOptions } from './settings-types.ts';

export const TAX_RATES_PATH = '/billing/v1/tax-rates';

const CONVERSION = { dates: ['createdDate', 'updatedDate'] };

/** Manual tax rates, one per tax region and tax group, optionally split into jurisdictions (admin). */
export const taxRates = (http: Http) => {
  const calls = entityCalls<TaxRate, TaxRateInput, TaxRateUpdate>(http, {
    path: TAX_RATES_PATH,
    key: 'taxRate',
    conversion: CONVERSION,
  });
  return {
    /** 409 ALREADY_EXISTS for a second rate of the same region and group. */
    createTaxRate: (taxRate: TaxRateInput): Promise<TaxRate> => calls.create(taxRate),
    getTaxRate: (taxRateId: string): Promise<TaxRate> => calls.get(taxRateId),
    updateTaxRate: (
      taxRateId: string,
      taxRate: TaxRateUpdate,
      options: UpdateOptions = {},
    ): Promise<TaxRate> => calls.update(taxRateId, taxRate, { fieldMask: joinFieldMask(options.fieldMask) }),
    deleteTaxRate: (taxRateId: string): Promise<void> => calls.remove(taxRateId),
    /** Offset-paged; `.find()` sends `POST /query`. */
    queryTaxRates: (): QueryBuilder<TaxRate> =>
      new QueryBuilder<TaxRate>(
        createFinder<TaxRate>(http, {
          path: `${TAX_RATES_PATH}/query`,
          method: 'POST',
          itemsKey: 'taxRates',
          metadataKey: 'pagingMetadata',
          item: calls.fromWire,
        }),
        'offset',
      ),
  };
};

export type TaxRatesModule = ReturnType<typeof taxRates>;
