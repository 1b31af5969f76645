import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { App } from '../../../platform/app.ts';
import type { AppContext } from '../../../platform/context.ts';
import { invalid } from '../../../platform/errors.ts';
import { admin, underPrefixes } from '../../../platform/routing.ts';
import { exportProductsCsv } from './export.ts';
import { importProductsCsv } from './import.ts';

const tags = ['catalogue writes'];
/** Imports are read whole: about 100,000 variant rows. */
const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

const DryRun = Type.Boolean({
  description: 'Check every product and answer what an import would do, writing nothing',
});
const ImportBody = Type.Union(
  [
    Type.String({ description: 'The CSV text (`Content-Type: text/csv`)' }),
    Type.Object({ csv: Type.String({ description: 'The CSV text' }), dryRun: Type.Optional(DryRun) }),
  ],
  { description: 'CSV text as the body (`text/csv`), or JSON `{"csv": "...", "dryRun": true}`' },
);
const ImportQuery = Type.Object({
  dryRun: Type.Optional(DryRun),
});
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
  products: Type.Array(
    Type.Object({
      handle: Type.String(),
      line: Type.Integer({ description: "The line of the product's first row" }),
      name: Type.Optional(Type.String()),
      action: Type.Union([Type.Literal('CREATE'), Type.Literal('UPDATE'), Type.Literal('FAIL')], {
        description: 'What the import did (a dry run: would do) with the product',
      }),
    }),
    { description: 'Every product of the file, in file order' },
  ),
  dryRun: Type.Boolean(),
});

/** The media type of an import answered as progress lines, then the result (`Accept: application/x-ndjson`). */
const PROGRESS_TYPE = 'application/x-ndjson';
/** At most one progress line this often (the last one always goes). */
const PROGRESS_EVERY_MS = 200;

/**
 * An import answered as it goes: `{"progress":{"done":n,"total":m}}` lines, then `{"result":{...}}` (the
 * JSON answer's object), or `{"error":{"message":...}}` if the import stopped. The status is 200 once the
 * first line is out, so a request the import refuses at once is refused before (with the usual envelope).
 */
function importStream(ctx: AppContext, text: string, log: AppContext['log']): Readable {
  const stream = new Readable({ read() {} });
  const line = (value: unknown) => stream.push(`${JSON.stringify(value)}\n`);
  let last = 0;
  void importProductsCsv(ctx, text, {
    onProgress: (done, total) => {
      const now = Date.now();
      if (done !== total && done !== 0 && now - last < PROGRESS_EVERY_MS) return;
      last = now;
      line({ progress: { done, total } });
    },
  })
    .then((result) => line({ result }))
    .catch((error: unknown) => {
      log.error({ err: error }, 'catalogue import stopped');
      line({ error: { message: 'The import stopped; products written so far stay. See the server log.' } });
    })
    .finally(() => stream.push(null));
  return stream;
}

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
          summary:
            'Import products from CSV: create or update by handle; bad rows reported, good rows kept; dryRun: only check',
          description: `With \`Accept: ${PROGRESS_TYPE}\` (not with dryRun) the answer is progress lines, then the result.`,
          consumes: ['text/csv', 'application/json'],
          body: ImportBody,
          querystring: ImportQuery,
          response: { 200: ImportResponse },
        },
      },
      async (request, reply) => {
        // A JSON `null` passes the schema's string branch (coerced at the root only in name): read it as empty.
        const body = request.body as typeof request.body | null;
        const text = typeof body === 'string' ? body : (body?.csv ?? '');
        const dryRun = (typeof body === 'string' ? undefined : body?.dryRun) ?? request.query.dryRun ?? false;
        if (text.trim() === '')
          throw invalid('csv', 'is empty: a header row and product rows are required', 'REQUIRED_FIELD');
        if (!dryRun && request.headers.accept?.includes(PROGRESS_TYPE))
          return (
            reply
              .type(`${PROGRESS_TYPE}; charset=utf-8`)
              .header('cache-control', 'no-store')
              .header('x-accel-buffering', 'no')
              // A stream is sent as it is, not through the response schema.
              .send(importStream(ctx, text, request.log) as never)
          );
        return importProductsCsv(ctx, text, { dryRun });
      },
    );
  });
}
