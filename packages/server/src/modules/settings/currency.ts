import { invalid } from '../../platform/errors.ts';

/** The ISO 4217 codes this runtime knows (ICU's list: current and recent currencies). */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** Is `code` an ISO 4217 currency code (upper case, as stored)? */
export const isIsoCurrency = (code: string): boolean => CURRENCIES.has(code);

/** Refuses a store currency that is not ISO 4217 (`XYZ`), naming the field. */
export function checkCurrency(code: string | undefined, field: string): void {
  if (code !== undefined && !isIsoCurrency(code))
    throw invalid(
      field,
      `is not an ISO 4217 currency code (such as USD or EUR): ${code}`,
      'INVALID_ENUM_VALUE',
      {
        value: code,
      },
    );
}
