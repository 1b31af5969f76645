import { DATED, type DeclaredSpec, declaredCalls } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type { TaxRate, TaxRateInput, TaxRateUpdate } from './settings-types.ts';

export const TAX_RATES_PATH = '/billing/v1/tax-rates';

const SPEC: DeclaredSpec = { path: TAX_RATES_PATH, queryMethod: 'POST', conversion: DATED };

/**
 * Manual tax rates, one per tax region and tax group, optionally split into jurisdictions (admin). A second
 * rate of the same region and group is 409 ALREADY_EXISTS; `queryTaxRates` is offset-paged (`POST /query`).
 */
export const taxRates = (http: Http) =>
  declaredCalls<TaxRate, TaxRateInput, TaxRateUpdate>()(http, ['TaxRate', 'TaxRates'], SPEC).named;

export type TaxRatesModule = ReturnType<typeof taxRates>;
