import type { Http } from '../core/transport.ts';
import { rawCall } from './media.ts';

/**
 * Products as CSV (admin clients): import creates or updates products by handle, export streams every
 * product, one row per variant (docs/CATALOGUE.md describes the columns).
 */

export const PRODUCTS_IMPORT_PATH = '/stores/v1/products/import';
export const PRODUCTS_EXPORT_PATH = '/stores/v1/products/export.csv';

/** A cell the import refused: `line` of the file where the record starts, `column` its header (empty: the row). */
export interface CsvImportError {
  line: number;
  column: string;
  message: string;
}

export interface CsvImportResult {
  /** Counts in products; `updated` includes matched products that needed no change. */
  results: { created: number; updated: number; failed: number };
  errors: CsvImportError[];
}

export interface CsvExportOptions {
  signal?: AbortSignal;
}

const exportInit = (options: CsvExportOptions): RequestInit => ({
  method: 'GET',
  headers: { Accept: 'text/csv' },
  ...(options.signal ? { signal: options.signal } : {}),
});

export const catalogueCsv = (http: Http) => ({
  /**
   * Imports a CSV file (text or a `Blob`/`File`, up to 50 MB). Every row is checked first; a product with a
   * bad row is not imported and its problems are listed in `errors`, the other products are written.
   */
  importProducts: async (csv: string | Blob): Promise<CsvImportResult> =>
    http.request<CsvImportResult>({
      method: 'POST',
      path: PRODUCTS_IMPORT_PATH,
      data: { csv: typeof csv === 'string' ? csv : await csv.text() },
    }),
  /** The whole catalogue as CSV text. */
  exportProducts: (options: CsvExportOptions = {}): Promise<string> =>
    rawCall(http, PRODUCTS_EXPORT_PATH, exportInit(options), (response) => response.text()),
  /** The export as a stream of UTF-8 bytes, for catalogues too large to hold as one string. */
  exportProductsStream: (options: CsvExportOptions = {}): Promise<ReadableStream<Uint8Array>> =>
    rawCall(http, PRODUCTS_EXPORT_PATH, exportInit(options), async (response) => {
      if (!response.body) throw new Error('The export response has no body');
      return response.body;
    }),
});

export type CatalogueCsvModule = ReturnType<typeof catalogueCsv>;
