import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalid } from '../../platform/errors.ts';
import { underPrefixes } from '../../platform/routing.ts';
import { exportProductsCsv, importProductsCsv } from './catalogue-csv.ts';

const tags = ['catalogue writes'];
const admin = { access: 'admin' } as const;
/** Imports are read whole: about 100,000 variant rows. */
const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

const ImportBody = Type.Union(
  [
    Type.String({ description: 'The CSV text (`Content-Type: text/csv`)' }),
    Type.Object({ csv: Type.String({ description: 'The CSV text' }) }),
  ],
  { description: 'CSV text as the body (`text/csv`), or JSON `{"csv": "..."}`' },
);
const ImportResponse = Type.Object({
  results: Type.Object({
    created: Type.Integer({ description: 'Products created' }),
    updated: Type.Integer({ description: 'Existing products (by handle) updated' }),
    failed: Type.Integer({ description: 'Products not imported' }),
  }),
  errors: Type.Array(
    Type.Object({
      line: Type.Integer(),
      column: Type.String({ description: 'Header name; empty when the whole row is concerned' }),
      message: Type.String(),
    }),
  ),
});

/**
 * CSV export and import of products with variants and stock (docs/CATALOGUE.md), admin only, under both
 * v1 write prefixes.
 */
export async function catalogueCsvRoutes(app: App, ctx: AppContext): Promise<void> {
  await underPrefixes(app, ['/stores/v1', '/_api/catalog-server/v1'], (r) => {
    r.addContentTypeParser(
      ['text/csv', 'application/csv'],
      { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
      (_request, body, done) => done(null, typeof body === 'string' ? body : body.toString('utf8')),
    );
    r.get(
      '/products/export.csv',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Export every product as CSV, one row per variant (streamed)',
          produces: ['text/csv'],
        },
      },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="products.csv"')
          .header('cache-control', 'no-store')
          .send(Readable.from(exportProductsCsv(ctx))),
    );
    r.post(
      '/products/import',
      {
        config: admin,
        bodyLimit: MAX_IMPORT_BYTES,
        schema: {
          tags,
          summary: 'Import products from CSV: create or update by handle; bad rows reported, good rows kept',
          consumes: ['text/csv', 'application/json'],
          body: ImportBody,
          response: { 200: ImportResponse },
        },
      },
      async (request) => {
        const body = request.body;
        const text = typeof body === 'string' ? body : body.csv;
        if (text.trim() === '')
          throw invalid('csv', 'is empty: a header row and product rows are required', 'REQUIRED_FIELD');
        return importProductsCsv(ctx, text);
      },
    );
  });
}
