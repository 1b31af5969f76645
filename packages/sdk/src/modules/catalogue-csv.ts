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

/** What the import did (a dry run: would do) with one product of the file. */
export interface CsvImportProduct {
  handle: string;
  /** The line of the file where the product's first row is. */
  line: number;
  /** From the file, else the product's current name. */
  name?: string;
  action: 'CREATE' | 'UPDATE' | 'FAIL';
}

export interface CsvImportResult {
  /** Counts in products; `updated` includes matched products that needed no change. */
  results: { created: number; updated: number; failed: number };
  errors: CsvImportError[];
  /** Every product of the file, in file order. */
  products: CsvImportProduct[];
  /** True for a dry run: nothing was written. */
  dryRun: boolean;
}

export interface CsvImportOptions {
  /**
   * Check every row and answer what an import would do (products created, updated, failing and why),
   * writing nothing. Image URLs are only fetched by a real import.
   */
  dryRun?: boolean;
  /**
   * Called as the import goes (`done` of `total` products), from 0 to the end; the server then answers
   * with progress lines (`Accept: application/x-ndjson`). Not with `dryRun`.
   */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface CsvExportOptions {
  signal?: AbortSignal;
}

const exportInit = (options: CsvExportOptions): RequestInit => ({
  method: 'GET',
  headers: { Accept: 'text/csv' },
  ...(options.signal ? { signal: options.signal } : {}),
});

/** Reads the import's progress lines, calling `onProgress`, and answers its result line. */
async function progressLines(
  response: Response,
  onProgress: (done: number, total: number) => void,
): Promise<CsvImportResult> {
  if (!response.body) throw new Error('The import answered without a body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffered += value ?? '';
    const lines = buffered.split('\n');
    buffered = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (!line.trim()) continue;
      const message = JSON.parse(line) as {
        progress?: { done: number; total: number };
        result?: CsvImportResult;
        error?: { message: string };
      };
      if (message.progress) onProgress(message.progress.done, message.progress.total);
      if (message.result) return message.result;
      if (message.error) throw new Error(message.error.message);
    }
    if (done) throw new Error('The import ended without a result');
  }
}

export const catalogueCsv = (http: Http) => ({
  /**
   * Imports a CSV file (text or a `Blob`/`File`, up to 50 MB). Every row is checked first; a product with a
   * bad row is not imported and its problems are listed in `errors`, the other products are written.
   * `dryRun` only checks; `onProgress` follows a long import.
   */
  importProducts: async (csv: string | Blob, options: CsvImportOptions = {}): Promise<CsvImportResult> => {
    const text = typeof csv === 'string' ? csv : await csv.text();
    const { onProgress, dryRun, signal } = options;
    if (onProgress && !dryRun)
      return rawCall(
        http,
        PRODUCTS_IMPORT_PATH,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
          body: JSON.stringify({ csv: text }),
          ...(signal ? { signal } : {}),
        },
        (response) => progressLines(response, onProgress),
      );
    return http.request<CsvImportResult>({
      method: 'POST',
      path: PRODUCTS_IMPORT_PATH,
      data: { csv: text, ...(dryRun ? { dryRun: true } : {}) },
      ...(signal ? { signal } : {}),
    });
  },
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
