import type { TestServer } from '@aisle/server/testing';
import { describe, expect, it } from 'vitest';
import { AisleError, AisleValidationError, catalogueCsv, createClient, products } from '../src/index.ts';
import { adminClient, serverForFile } from './test-server.ts';

let server: TestServer;
serverForFile((s) => (server = s));

const modules = { catalogueCsv, products };
const admin = () => adminClient(server, modules);

const CSV = [
  'Handle,Name,Price,Option1 Name,Option1 Value,Variant Price,Track Quantity,Quantity',
  'csv-linen-shirt,"Linen shirt, washed",40.00,Size,S,,true,5',
  'csv-linen-shirt,,,Size,M,42.50,true,3',
  'csv-mug,Mug,12.5,,,,,',
].join('\r\n');

/** The lines of an export whose first cell is `handle`. */
const rowsOf = (csv: string, handle: string) =>
  csv.split(/\r?\n/).filter((line) => line.startsWith(`${handle},`));

describe('SDK catalogue CSV module against the real server', () => {
  it('imports products with variants and stock; the catalogue shows them', async () => {
    const sdk = admin();
    const result = await sdk.catalogueCsv.importProducts(CSV);
    expect(result).toEqual({
      results: { created: 2, updated: 0, failed: 0 },
      errors: [],
      products: [
        { line: 2, handle: 'csv-linen-shirt', name: 'Linen shirt, washed', action: 'CREATE' },
        { line: 4, handle: 'csv-mug', name: 'Mug', action: 'CREATE' },
      ],
      dryRun: false,
    });
    const shirt = (
      await sdk.products.queryProducts({ includeVariants: true }).eq('slug', 'csv-linen-shirt').find()
    ).items[0];
    expect(shirt?.name).toBe('Linen shirt, washed');
    expect(
      shirt?.variants?.map((v) => [v.choices?.Size, v.variant?.priceData?.price, v.stock?.quantity]),
    ).toEqual([
      ['S', 40, 5],
      ['M', 42.5, 3],
    ]);
  });

  it('plans a dry run without writing anything', async () => {
    const sdk = admin();
    const plan = await sdk.catalogueCsv.importProducts(
      ['Handle,Name,Price', 'csv-dry,Dry run,5', 'csv-mug,Mug,9'].join('\n'),
      { dryRun: true },
    );
    expect(plan.dryRun).toBe(true);
    expect(plan.products.map((p) => [p.handle, p.action])).toEqual([
      ['csv-dry', 'CREATE'],
      ['csv-mug', 'UPDATE'],
    ]);
    const found = await sdk.products.queryProducts().eq('slug', 'csv-dry').find();
    expect(found.items).toEqual([]);
  });

  it('exports every product as text and as a stream; re-importing the export changes nothing', async () => {
    const sdk = admin();
    const text = await sdk.catalogueCsv.exportProducts();
    expect(text.split(/\r?\n/)[0]).toMatch(/^Handle,Name,/);
    expect(rowsOf(text, 'csv-linen-shirt')).toHaveLength(2);
    expect(rowsOf(text, 'csv-mug')).toHaveLength(1);

    const stream = await sdk.catalogueCsv.exportProductsStream();
    const streamed = await new Response(stream).text();
    expect(streamed).toBe(text);

    const again = await sdk.catalogueCsv.importProducts(new Blob([text], { type: 'text/csv' }));
    expect(again.results).toEqual({ created: 0, updated: 2, failed: 0 });
    expect(await sdk.catalogueCsv.exportProducts()).toBe(text);
  });

  it('reports bad rows by line and column and keeps the good products', async () => {
    const result = await admin().catalogueCsv.importProducts(
      ['Handle,Name,Price', 'csv-good,Good,5', 'csv-bad,Bad,not-a-price'].join('\n'),
    );
    expect(result.results).toEqual({ created: 1, updated: 0, failed: 1 });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ line: 3, column: 'Price' });
  });

  it('answers an empty file and a visitor with the wire errors', async () => {
    const empty = await admin()
      .catalogueCsv.importProducts('  ')
      .catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(AisleValidationError);
    expect((empty as AisleValidationError).fieldViolations[0]?.field).toBe('csv');

    const visitor = createClient({ modules, baseUrl: server.url });
    const denied = await visitor.catalogueCsv.exportProducts().catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(AisleError);
    expect((denied as AisleError).status).toBe(401);
  });
});
