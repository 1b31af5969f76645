import { sql } from 'drizzle-orm';
import { ApiKeyStrategy, catalogueCsv, createClient } from '@aisle/sdk';
import { describe, expect, it } from 'vitest';
import { csvRow, parseCsv } from '../src/platform/csv.ts';
import { rows } from '../src/platform/db.ts';
import { seedDemoStore } from '../src/seed/demo.ts';
import { serverForFile } from './file-server.ts';
import { visitorTokens } from './identity-helpers.ts';

const EXPORT = '/stores/v1/products/export.csv';
const IMPORT = '/stores/v1/products/import';
const READER = '/stores-reader/v1';

interface WireProduct {
  id: string;
  name: string;
  slug: string;
  description: string;
  productType: string;
  visible: boolean;
  brand?: string;
  ribbon?: string;
  sku?: string;
  weight?: number;
  priceData: { price: number; discountedPrice: number };
  discount: { type: string; value: number };
  costAndProfitData?: { itemCost: number };
  stock: Record<string, unknown>;
  productOptions: Array<{
    name: string;
    optionType: string;
    choices: Array<{ value: string; description: string; inStock: boolean; visible: boolean }>;
  }>;
  variants: Array<{
    choices: Record<string, string>;
    variant: {
      priceData: { price: number };
      costAndProfitData?: { itemCost: number };
      weight?: number;
      sku?: string;
      visible: boolean;
    };
    stock: Record<string, unknown>;
  }>;
  collectionIds: string[];
  media: { items: Array<{ id: string }> };
}
interface ImportBody {
  results: { created: number; updated: number; failed: number };
  errors: Array<{ line: number; column: string; message: string }>;
  products: Array<{ handle: string; line: number; name?: string; action: string }>;
  dryRun: boolean;
}

const { server } = serverForFile({
  dataDirName: 'csv',
  seed: async (s) => void (await seedDemoStore(s.ctx)),
});

async function exportCsv(): Promise<string> {
  const res = await fetch(server().url + EXPORT, { headers: { authorization: server().adminKey } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  return res.text();
}

/** Imports `csv` as a text/csv body (with `?dryRun=true` for a dry run) or as `{csv}` in a JSON body. */
async function importCsv(csv: string, as: 'csv' | 'json' = 'csv', dryRun = false): Promise<ImportBody> {
  const res =
    as === 'csv'
      ? await server().call('POST', dryRun ? `${IMPORT}?dryRun=true` : IMPORT, {
          body: csv,
          token: server().adminKey,
          headers: { 'content-type': 'text/csv' },
        })
      : await server().call('POST', IMPORT, {
          body: dryRun ? { csv, dryRun } : { csv },
          token: server().adminKey,
        });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as ImportBody;
}

/** POSTs an import asking for progress lines (`application/x-ndjson`); the raw response. */
const importWithProgress = (csv: string) =>
  fetch(server().url + IMPORT, {
    method: 'POST',
    headers: {
      authorization: server().adminKey,
      'content-type': 'application/json',
      accept: 'application/x-ndjson',
    },
    body: JSON.stringify({ csv }),
  });

/** A CSV file of these records. */
const csvFile = (records: string[][]) => records.map(csvRow).join('');

/** Where each error of an import is: its line and column. */
const errorPlaces = (result: ImportBody) => result.errors.map((e) => [e.line, e.column]);

async function catalogue(): Promise<WireProduct[]> {
  const out: WireProduct[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await server().call('POST', `${READER}/products/query-platformized`, {
      token: server().adminKey,
      body: {
        query: { sort: [{ fieldName: 'numericId', order: 'ASC' }], paging: { limit: 100, offset } },
        includeVariants: true,
        includeMerchantSpecificData: true,
      },
    });
    expect(res.status).toBe(200);
    const page = res.body.products as WireProduct[];
    out.push(...page);
    if (page.length < 100) return out;
  }
}

/** What the CSV layout carries of a product. */
const layout = (p: WireProduct) => ({
  name: p.name,
  slug: p.slug,
  description: p.description,
  productType: p.productType,
  visible: p.visible,
  brand: p.brand,
  ribbon: p.ribbon,
  sku: p.sku,
  weight: p.weight,
  price: p.priceData.price,
  discountedPrice: p.priceData.discountedPrice,
  discount: p.discount,
  cost: p.costAndProfitData?.itemCost,
  stock: p.stock,
  options: p.productOptions.map((o) => ({
    name: o.name,
    optionType: o.optionType,
    choices: o.choices.map((c) => ({ value: c.value, description: c.description, inStock: c.inStock })),
  })),
  variants: p.variants.map((v) => ({
    choices: v.choices,
    price: v.variant.priceData.price,
    cost: v.variant.costAndProfitData?.itemCost,
    weight: v.variant.weight,
    sku: v.variant.sku,
    visible: v.variant.visible,
    stock: v.stock,
  })),
  collectionIds: [...p.collectionIds].sort(),
  media: p.media.items.map((m) => m.id),
});

const records = (csv: string) => [...parseCsv(csv)].map((r) => r.fields);

describe('catalogue CSV', () => {
  it('export and import are admin only', async () => {
    expect((await fetch(server().url + EXPORT)).status).toBe(401);
    expect((await server().call('POST', IMPORT, { body: { csv: 'Handle\r\n' } })).status).toBe(401);
    const token = (await visitorTokens(server())).access_token;
    expect((await fetch(server().url + EXPORT, { headers: { authorization: token } })).status).toBe(403);
    expect((await server().call('POST', IMPORT, { body: { csv: 'Handle\r\n' }, token })).status).toBe(403);
  });

  it('exports one row per variant under the documented header', async () => {
    const csv = await exportCsv();
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, ...body] = records(csv);
    expect(header!.slice(0, 14)).toEqual([
      'Handle',
      'Name',
      'Description',
      'Product Type',
      'Visible',
      'Brand',
      'Ribbon',
      'Price',
      'Discount Type',
      'Discount Value',
      'Discounted Price',
      'Cost',
      'Weight',
      'SKU',
    ]);
    expect(header).toContain('Option2 Color');
    expect(header!.slice(-11)).toEqual([
      'Variant Price',
      'Variant Cost',
      'Variant Weight',
      'Variant SKU',
      'Variant Visible',
      'Track Quantity',
      'Quantity',
      'In Stock',
      'Collections',
      'Image URLs',
      'Digital File Id',
    ]);
    const products = await catalogue();
    expect(body).toHaveLength(products.reduce((n, p) => n + p.variants.length, 0));
    const col = (name: string) => header!.indexOf(name);
    const tee = body.filter((r) => r[col('Handle')] === 'classic-cotton-tee');
    expect(tee.length).toBeGreaterThan(1);
    expect(tee[0]![col('Name')]).toBe('Classic Cotton Tee');
    expect(tee[1]![col('Name')]).toBe('');
    expect(tee[0]![col('Option1 Name')]).toBe('Size');
    expect(tee[0]![col('Option2 Name')]).toBe('Color');
    expect(tee[0]![col('Option2 Color')]).toMatch(/^#/);
    expect(tee[0]![col('Collections')]!.split(';')).toContain('apparel');
    expect(tee[0]![col('Image URLs')]).toContain(`${server().url}/media/`);
  });

  it('round-trips: re-importing the export changes nothing; re-creating from it reproduces the catalogue', async () => {
    const before = await catalogue();
    const csv = await exportCsv();
    const eventCount = async () =>
      (await rows<{ n: number }>(server().ctx.db, sql`select count(*)::int as n from outbox_events`))[0]!.n;
    const eventsBefore = await eventCount();

    const again = await importCsv(csv);
    expect(again).toMatchObject({ results: { created: 0, updated: before.length, failed: 0 }, errors: [] });
    expect(await eventCount()).toBe(eventsBefore);
    expect((await catalogue()).map(layout)).toEqual(before.map(layout));
    expect(await exportCsv()).toBe(csv);

    for (const p of before)
      await server().call('DELETE', `/stores/v1/products/${p.id}`, { token: server().adminKey });
    expect(await catalogue()).toEqual([]);
    const created = await importCsv(csv, 'json');
    expect(created).toMatchObject({ results: { created: before.length, updated: 0, failed: 0 }, errors: [] });
    const after = await catalogue();
    expect(after.map((p) => p.id)).not.toEqual(before.map((p) => p.id));
    expect(after.map(layout)).toEqual(before.map(layout));
    expect(await exportCsv()).toBe(csv);
  });

  it('keeps the good rows of a file with bad ones and names each bad line and column', async () => {
    const header = ['Handle', 'Name', 'Price', 'Track Quantity', 'Quantity', 'Collections', 'Description'];
    const file = csvFile([
      header,
      ['csv-good-one', 'Good One', '12.50', 'true', '4', 'apparel', 'Plain'],
      ['csv-bad-price', 'Bad Price', 'twelve', 'true', '4', '', ''],
      ['csv-good-two', 'Good Two', '3', 'false', '', '', '<p>Says "hi", twice</p>'],
      ['csv-bad-collection', 'Bad Collection', '5.00', '', '', 'apparel;no-such-collection', ''],
      ['csv-good-three', 'Good Three', '7.25', '', '', 'home;kitchen', 'Two\r\nlines'],
      ['csv-bad-stock', 'Bad Stock', '5.00', 'true', '', '', ''],
      ['csv-good-four', 'Good Four', '0', 'true', '0', '', ''],
    ]);
    const result = await importCsv(`\uFEFF${file}`);
    expect(result.results).toEqual({ created: 4, updated: 0, failed: 3 });
    // Lines are the file's: the two-line description of line 6 puts the next record on line 8.
    expect(errorPlaces(result)).toEqual([
      [3, 'Price'],
      [5, 'Collections'],
      [8, 'Quantity'],
    ]);
    expect(result.errors[0]!.message).toContain('twelve');
    expect(result.errors[1]!.message).toContain('no-such-collection');

    const imported = (await catalogue()).filter((p) => p.slug.startsWith('csv-'));
    expect(imported.map((p) => p.slug)).toEqual([
      'csv-good-one',
      'csv-good-two',
      'csv-good-three',
      'csv-good-four',
    ]);
    const [one, two, three, four] = imported;
    expect(one).toMatchObject({ name: 'Good One', priceData: { price: 12.5 } });
    expect(one!.stock).toMatchObject({ trackInventory: true, quantity: 4, inStock: true });
    expect(two!.description).toBe('<p>Says "hi", twice</p>');
    expect(three!.description).toBe('Two\r\nlines');
    expect(three!.collectionIds).toHaveLength(2);
    expect(four!.stock).toMatchObject({ inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
  });

  it('leaves out a whole product when one of its rows is bad, and says so on its other lines', async () => {
    const file = csvFile([
      ['Handle', 'Name', 'Price', 'Option1 Name', 'Option1 Value', 'Variant Price', 'Quantity'],
      ['csv-multi', 'Multi', '10', 'Size', 'S', '', '1'],
      ['csv-multi', '', '', 'Size', 'M', '-4', '2'],
      ['csv-multi', '', '', '', 'L', '12', '3'],
      ['Not A Handle!', 'X', '1', '', '', '', ''],
    ]);
    const result = await importCsv(file);
    expect(result.results).toEqual({ created: 0, updated: 0, failed: 1 });
    expect(errorPlaces(result)).toEqual([
      [2, 'Handle'],
      [3, 'Variant Price'],
      [4, 'Handle'],
      [5, 'Handle'],
    ]);
    expect(result.errors[0]!.message).toContain('not imported');
  });

  it('updates by handle: variant prices, stock, options, collections and images', async () => {
    const base = [
      [
        'Handle',
        'Name',
        'Price',
        'Option1 Name',
        'Option1 Value',
        'Variant Price',
        'Track Quantity',
        'Quantity',
        'Collections',
        'Image URLs',
      ],
      [
        'csv-upd',
        'Updatable',
        '10',
        'Size',
        'S',
        '',
        'true',
        '5',
        'home',
        'https://img.example.com/a.jpg;https://img.example.com/b.jpg',
      ],
      ['csv-upd', '', '', 'Size', 'M', '11', 'true', '6', '', ''],
    ];
    expect((await importCsv(csvFile(base))).results).toEqual({
      created: 1,
      updated: 0,
      failed: 0,
    });
    const changed = [
      base[0]!,
      [
        'csv-upd',
        'Updated',
        '10',
        'Size',
        'S',
        '9.50',
        'false',
        '',
        'kitchen',
        'https://img.example.com/b.jpg;https://img.example.com/c.jpg',
      ],
      ['csv-upd', '', '', 'Size', 'M', '', 'true', '0', '', ''],
      ['csv-upd', '', '', 'Size', 'L', '12', 'true', '2', '', ''],
    ];
    const result = await importCsv(csvFile(changed));
    expect(result).toMatchObject({ results: { created: 0, updated: 1, failed: 0 }, errors: [] });
    const p = (await catalogue()).find((x) => x.slug === 'csv-upd')!;
    expect(p.name).toBe('Updated');
    expect(p.productOptions[0]!.choices.map((c) => c.description)).toEqual(['S', 'M', 'L']);
    expect(p.variants.map((v) => [v.choices.Size, v.variant.priceData.price, v.stock])).toEqual([
      ['S', 9.5, { trackQuantity: false, inStock: true }],
      ['M', 10, { trackQuantity: true, quantity: 0, inStock: false }],
      ['L', 12, { trackQuantity: true, quantity: 2, inStock: true }],
    ]);
    const slugs = (
      await server().call('POST', '/v2/collections/query', { body: { query: { paging: { limit: 100 } } } })
    ).body.collections as Array<{ id: string; slug: string }>;
    expect(p.collectionIds).toEqual([slugs.find((c) => c.slug === 'kitchen')!.id]);
    const urls = (p.media as unknown as { items: Array<{ image: { url: string } }> }).items.map(
      (m) => m.image.url,
    );
    expect(urls).toEqual(['https://img.example.com/b.jpg', 'https://img.example.com/c.jpg']);
    // The stock went through the inventory items: v3 reads see it.
    const items = await server().call('POST', '/stores/v3/inventory-items/query', {
      token: server().adminKey,
      body: { query: { filter: { productId: p.id, trackQuantity: true } } },
    });
    expect((items.body.inventoryItems as unknown[]).length).toBe(2);
  });

  it('refuses a file whose header it cannot read, importing nothing', async () => {
    const result = await importCsv('Handle,Name,Prise\r\ncsv-typo,Typo,1\r\n');
    expect(result.results).toEqual({ created: 0, updated: 0, failed: 0 });
    expect(result.errors).toEqual([
      { line: 1, column: 'Prise', message: expect.stringContaining('not a column') },
    ]);
    const empty = await server().call('POST', IMPORT, { body: { csv: '  ' }, token: server().adminKey });
    expect(empty.status).toBe(400);
  });

  it('takes files past the default 1 MB body limit', async () => {
    const big = `Handle,Name,Price\r\ncsv-big,Big,1\r\n${'\r\n'.repeat(700_000)}`;
    expect((await importCsv(big)).results).toEqual({ created: 1, updated: 0, failed: 0 });
    expect((await importCsv(big, 'json')).results).toEqual({ created: 0, updated: 1, failed: 0 });
  });

  it('updates product columns alone, leaving variants and stock of a product with options as they are', async () => {
    const before = (await catalogue()).find((p) => p.slug === 'classic-cotton-tee')!;
    const result = await importCsv('Handle,Ribbon\r\nclassic-cotton-tee,Bestseller\r\n');
    expect(result).toMatchObject({ results: { created: 0, updated: 1, failed: 0 }, errors: [] });
    const after = (await catalogue()).find((p) => p.slug === 'classic-cotton-tee')!;
    expect(after.ribbon).toBe('Bestseller');
    expect(layout(after).variants).toEqual(layout(before).variants);
    const stock = await importCsv('Handle,Quantity\r\nclassic-cotton-tee,3\r\n');
    expect(stock.results.failed).toBe(1);
    expect(stock.errors[0]).toMatchObject({ line: 2, column: 'Option1 Name' });
  });
});

describe('catalogue CSV: dry run and progress', () => {
  it('a dry run says what each product would come to and writes nothing; the run then does just that', async () => {
    const all = await catalogue();
    const tee = all.find((p) => p.slug === 'classic-cotton-tee')!;
    const plain = all.find((p) => p.productOptions.length === 0 && p.productType === 'physical')!;
    const file = csvFile([
      ['Handle', 'Name', 'Price', 'Collections', 'Track Quantity', 'Quantity'],
      ['dry-new', 'Dry New', '4.50', '', 'true', '3'],
      [plain.slug, plain.name, '99.00', '', '', ''],
      ['dry-no-price', 'No Price', '', '', '', ''],
      ['dry-bad-collection', 'Bad Collection', '1', 'no-such-collection', '', ''],
      [tee.slug, tee.name, String(tee.priceData.price), '', 'true', '5'],
      ['dry-bad-price', 'Bad Price', 'ten', '', '', ''],
    ]);
    const before = await exportCsv();
    const dry = await importCsv(file, 'json', true);
    expect(dry.dryRun).toBe(true);
    expect(dry.results).toEqual({ created: 1, updated: 1, failed: 4 });
    expect(dry.products.map((p) => [p.line, p.handle, p.action])).toEqual([
      [2, 'dry-new', 'CREATE'],
      [3, plain.slug, 'UPDATE'],
      [4, 'dry-no-price', 'FAIL'],
      [5, 'dry-bad-collection', 'FAIL'],
      [6, tee.slug, 'FAIL'],
      [7, 'dry-bad-price', 'FAIL'],
    ]);
    expect(dry.products[0]!.name).toBe('Dry New');
    expect(errorPlaces(dry)).toEqual([
      [4, 'Price'],
      [5, 'Collections'],
      [6, 'Option1 Name'],
      [7, 'Price'],
    ]);
    // Nothing was written.
    expect(await exportCsv()).toBe(before);

    // The same through the text/csv body and the query.
    expect((await importCsv(file, 'csv', true)).results).toEqual(dry.results);
    expect(await exportCsv()).toBe(before);

    // The run: what the dry run said.
    const run = await importCsv(file, 'json');
    expect(run.dryRun).toBe(false);
    expect(run.results).toEqual(dry.results);
    expect(run.products).toEqual(dry.products);
    expect(errorPlaces(run)).toEqual(errorPlaces(dry));
    const after = await catalogue();
    expect(after.find((p) => p.slug === 'dry-new')).toMatchObject({ name: 'Dry New' });
    expect(after.find((p) => p.slug === plain.slug)!.priceData.price).toBe(99);
    expect(after.some((p) => p.slug === 'dry-no-price')).toBe(false);
  });

  it('answers progress lines, then the result, when asked for them', async () => {
    const file = ['Handle,Name,Price', 'progress-a,A,1', 'progress-b,B,2', 'progress-c,C,3', ''].join('\r\n');
    const res = await importWithProgress(file);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { progress?: { done: number; total: number }; result?: ImportBody });
    const progress = lines.filter((l) => l.progress).map((l) => l.progress!);
    expect(progress[0]).toEqual({ done: 0, total: 3 });
    expect(progress.at(-1)).toEqual({ done: 3, total: 3 });
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
    expect(lines.at(-1)!.result).toMatchObject({
      results: { created: 3, updated: 0, failed: 0 },
      dryRun: false,
    });
    expect(lines.filter((l) => l.result)).toHaveLength(1);

    // A request refused at once is refused with the usual envelope.
    const empty = await importWithProgress(' ');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('csv');
  });

  it('the SDK checks first, then imports with progress', async () => {
    const sdk = createClient({
      modules: { catalogueCsv },
      auth: ApiKeyStrategy({ apiKey: server().adminKey }),
      baseUrl: server().url,
    });
    const file = 'Handle,Name,Price\r\nsdk-csv-one,One,5\r\nsdk-csv-two,Two,\r\n';
    const plan = await sdk.catalogueCsv.importProducts(file, { dryRun: true });
    expect(plan.products.map((p) => p.action)).toEqual(['CREATE', 'FAIL']);
    expect((await catalogue()).some((p) => p.slug === 'sdk-csv-one')).toBe(false);
    const seen: Array<[number, number]> = [];
    const run = await sdk.catalogueCsv.importProducts(new Blob([file]), {
      onProgress: (done, total) => seen.push([done, total]),
    });
    expect(run.results).toEqual({ created: 1, updated: 0, failed: 1 });
    expect(seen[0]).toEqual([0, 1]);
    expect(seen.at(-1)).toEqual([1, 1]);
    expect((await catalogue()).some((p) => p.slug === 'sdk-csv-one')).toBe(true);
  });
});
