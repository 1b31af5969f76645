import type { CsvRecord } from '../../../platform/csv.ts';
import { fromCents, isMoney, normalizeMoney, toCents } from '../../../platform/money.ts';
import { discountedPrice } from '../products/aggregates.ts';
import type { DiscountType, OptionInput, ProductType, StockInput } from '../shared/model.ts';
import { slugify } from '../shared/write-support.ts';

/**
 * The catalogue CSV layout (docs/CATALOGUE.md) and the pure half of the import: header, rows grouped by
 * product, every cell checked. Nothing here reads the database.
 */

export const MAX_OPTIONS = 6;

/** Columns other than the option columns, in file order (the option columns go after `SKU`). */
export const COLUMNS = {
  handle: 'Handle',
  name: 'Name',
  description: 'Description',
  productType: 'Product Type',
  visible: 'Visible',
  brand: 'Brand',
  ribbon: 'Ribbon',
  price: 'Price',
  discountType: 'Discount Type',
  discountValue: 'Discount Value',
  discountedPrice: 'Discounted Price',
  cost: 'Cost',
  weight: 'Weight',
  sku: 'SKU',
  variantPrice: 'Variant Price',
  variantCost: 'Variant Cost',
  variantWeight: 'Variant Weight',
  variantSku: 'Variant SKU',
  variantVisible: 'Variant Visible',
  trackQuantity: 'Track Quantity',
  quantity: 'Quantity',
  inStock: 'In Stock',
  collections: 'Collections',
  images: 'Image URLs',
  digitalFile: 'Digital File Id',
} as const;
type Key = keyof typeof COLUMNS;

/** Read from the first row of a product only; later rows leave them empty or repeat them. */
const PRODUCT_KEYS: Key[] = [
  'name',
  'description',
  'productType',
  'visible',
  'brand',
  'ribbon',
  'price',
  'discountType',
  'discountValue',
  'discountedPrice',
  'cost',
  'weight',
  'sku',
  'collections',
  'images',
  'digitalFile',
];
const VARIANT_KEYS: Key[] = ['variantPrice', 'variantCost', 'variantWeight', 'variantSku', 'variantVisible'];
const STOCK_KEYS: Key[] = ['trackQuantity', 'quantity', 'inStock'];

export const optionColumn = (n: number, part: 'Name' | 'Value' | 'Color') => `Option${n} ${part}`;

/** The header of an export with room for `options` options. */
export function headerFor(options: number): string[] {
  const before = (Object.keys(COLUMNS) as Key[]).slice(0, Object.keys(COLUMNS).indexOf('sku') + 1);
  const after = (Object.keys(COLUMNS) as Key[]).slice(before.length);
  const optionColumns = Array.from({ length: options }, (_, i) =>
    (['Name', 'Value', 'Color'] as const).map((part) => optionColumn(i + 1, part)),
  ).flat();
  return [...before.map((k) => COLUMNS[k]), ...optionColumns, ...after.map((k) => COLUMNS[k])];
}

/** Values of a list cell (`Collections`, `Image URLs`). */
export const LIST_SEPARATOR = ';';

export interface CsvError {
  /** 1-based line of the file. */
  line: number;
  /** The column's header name; empty when the whole row is concerned. */
  column: string;
  message: string;
}

export interface VariantPlan {
  line: number;
  /** Option name → choice name. */
  choices: Record<string, string>;
  /** Undefined: the column is absent (unchanged on update); null: empty, the product's. */
  price?: string | null;
  cost?: string | null;
  weight?: number | null;
  /** Null: no SKU. */
  sku?: string | null;
  /** An empty cell is true. */
  visible?: boolean;
  /** Absent when the file has no stock columns (stock unchanged). */
  stock?: StockInput;
}

/** One product of the file. A field left undefined is absent from the file: unchanged on update. */
export interface ProductPlan {
  handle: string;
  lines: number[];
  name?: string;
  description?: string;
  productType?: ProductType;
  visible?: boolean;
  brand?: string | null;
  ribbon?: string | null;
  price?: string;
  discount?: { type: DiscountType; value: string };
  cost?: string | null;
  weight?: number | null;
  sku?: string | null;
  /** Collection slugs. */
  collections?: string[];
  images?: string[];
  /** The secure media file of a digital product (merchant data); null: none. */
  digitalFile?: string | null;
  /** Undefined when the file has no option columns. */
  options?: OptionInput[];
  variants: VariantPlan[];
}

interface Header {
  index: Map<string, number>;
  options: number;
  width: number;
}

const normalize = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
/** Normalised header name → column; `Slug` is accepted for `Handle`. */
const KNOWN = new Map<string, string>([['slug', COLUMNS.handle]]);
for (const column of Object.values(COLUMNS)) KNOWN.set(normalize(column), column);
for (let n = 1; n <= MAX_OPTIONS; n++)
  for (const part of ['Name', 'Value', 'Color'] as const)
    KNOWN.set(normalize(optionColumn(n, part)), optionColumn(n, part));

function readHeader(record: CsvRecord, errors: CsvError[]): Header | undefined {
  const index = new Map<string, number>();
  const before = errors.length;
  if (record.error) errors.push({ line: record.line, column: '', message: record.error });
  record.fields.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const name = KNOWN.get(normalize(raw));
    if (!name)
      errors.push({ line: record.line, column: raw, message: 'is not a column of the catalogue layout' });
    else if (index.has(name)) errors.push({ line: record.line, column: name, message: 'appears twice' });
    else index.set(name, i);
  });
  if (!index.has(COLUMNS.handle))
    errors.push({ line: record.line, column: COLUMNS.handle, message: 'is required in the header' });
  let options = 0;
  for (let n = 1; n <= MAX_OPTIONS; n++)
    if ((['Name', 'Value', 'Color'] as const).some((p) => index.has(optionColumn(n, p)))) options = n;
  for (let n = 1; n <= options; n++)
    for (const part of ['Name', 'Value'] as const)
      if (!index.has(optionColumn(n, part)))
        errors.push({
          line: record.line,
          column: optionColumn(n, part),
          message: 'is required with the other option columns',
        });
  return errors.length > before ? undefined : { index, options, width: record.fields.length };
}

interface Row {
  line: number;
  fields: string[];
}

/** A cell: undefined when the column is absent, else its text (trimmed, but for descriptions). */
function cell(header: Header, row: Row, column: string): string | undefined {
  const i = header.index.get(column);
  if (i === undefined) return undefined;
  const value = row.fields[i] ?? '';
  return column === COLUMNS.description ? value : value.trim();
}

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/** Collects problems of one product; `fail` records one and returns undefined. */
class Checker {
  readonly errors: CsvError[] = [];
  constructor(private readonly header: Header) {}

  fail(line: number, column: string, message: string): undefined {
    this.errors.push({ line, column, message });
    return undefined;
  }

  text(row: Row, key: Key, max: number): string | undefined {
    const value = cell(this.header, row, COLUMNS[key]);
    if (value !== undefined && value.length > max)
      return this.fail(row.line, COLUMNS[key], `must be at most ${max} characters`);
    return value;
  }

  money(row: Row, column: string): string | undefined {
    const value = cell(this.header, row, column);
    if (!value) return undefined;
    if (!isMoney(value) || value.startsWith('-'))
      return this.fail(row.line, column, `must be an amount like 12.50, not "${value}"`);
    return normalizeMoney(value);
  }

  number(row: Row, column: string, max: number): number | undefined {
    const value = cell(this.header, row, column);
    if (!value) return undefined;
    const n = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isFinite(n) || n > max)
      return this.fail(row.line, column, `must be a number from 0 to ${max}, not "${value}"`);
    return n;
  }

  integer(row: Row, column: string, max: number): number | undefined {
    const value = cell(this.header, row, column);
    if (!value) return undefined;
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n > max)
      return this.fail(row.line, column, `must be a whole number from 0 to ${max}, not "${value}"`);
    return n;
  }

  bool(row: Row, column: string): boolean | undefined {
    const value = cell(this.header, row, column);
    if (!value) return undefined;
    const lower = value.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
    return this.fail(row.line, column, `must be true or false, not "${value}"`);
  }

  list(row: Row, key: Key): string[] | undefined {
    const value = cell(this.header, row, COLUMNS[key]);
    if (value === undefined) return undefined;
    return value
      .split(LIST_SEPARATOR)
      .map((v) => v.trim())
      .filter(Boolean);
  }
}

/** A handle is a product slug: lower-case letters, digits and hyphens. */
function handleOf(raw: string): string | undefined {
  const handle = raw.trim().toLowerCase();
  return handle && slugify(handle) === handle ? handle : undefined;
}

const DISCOUNT_TYPES = ['NONE', 'AMOUNT', 'PERCENT'] as const;
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMAGE_URL = /^(https?:\/\/|aisle:(image|video):\/\/v1\/)\S+$/;

function planProduct(header: Header, handle: string, rows: Row[], c: Checker): ProductPlan {
  const first = rows[0]!;
  const plan: ProductPlan = { handle, lines: rows.map((r) => r.line), variants: [] };

  // Product columns: from the first row; later rows empty or the same.
  for (const row of rows.slice(1))
    for (const key of PRODUCT_KEYS) {
      const value = cell(header, row, COLUMNS[key]);
      if (value && value !== cell(header, first, COLUMNS[key]))
        c.fail(
          row.line,
          COLUMNS[key],
          `differs from line ${first.line}, the product's first row, where product columns are read`,
        );
    }

  const name = c.text(first, 'name', 80);
  if (name !== undefined) {
    if (name === '') c.fail(first.line, COLUMNS.name, 'is required');
    else plan.name = name;
  }
  const description = c.text(first, 'description', 16_000);
  if (description !== undefined) plan.description = description;
  const type = cell(header, first, COLUMNS.productType);
  if (type !== undefined) {
    const lower = type.toLowerCase();
    if (lower === '' || lower === 'physical' || lower === 'digital')
      plan.productType = (lower || 'physical') as ProductType;
    else c.fail(first.line, COLUMNS.productType, `must be physical or digital, not "${type}"`);
  }
  if (header.index.has(COLUMNS.visible)) plan.visible = c.bool(first, COLUMNS.visible) ?? true;
  for (const [key, max] of [
    ['brand', 50],
    ['ribbon', 30],
    ['sku', 40],
  ] as const) {
    const value = c.text(first, key, max);
    if (value !== undefined) plan[key] = value || null;
  }
  const priceCell = cell(header, first, COLUMNS.price);
  const price = c.money(first, COLUMNS.price);
  if (priceCell !== undefined) {
    if (priceCell === '') c.fail(first.line, COLUMNS.price, 'is required');
    else if (price !== undefined) plan.price = price;
  }
  if (header.index.has(COLUMNS.cost)) plan.cost = c.money(first, COLUMNS.cost) ?? null;
  if (header.index.has(COLUMNS.weight)) plan.weight = c.number(first, COLUMNS.weight, 1_000_000) ?? null;

  // Discount: type and value; or else the discounted price (an amount off the price).
  const typeCell = cell(header, first, COLUMNS.discountType);
  const valueCell = c.money(first, COLUMNS.discountValue);
  const discounted = c.money(first, COLUMNS.discountedPrice);
  if (typeCell) {
    const upper = typeCell.toUpperCase() as DiscountType;
    if (!DISCOUNT_TYPES.includes(upper))
      c.fail(first.line, COLUMNS.discountType, `must be NONE, AMOUNT or PERCENT, not "${typeCell}"`);
    else {
      const value = upper === 'NONE' ? '0.00' : (valueCell ?? '0.00');
      if (upper === 'PERCENT' && toCents(value) > 10_000n)
        c.fail(first.line, COLUMNS.discountValue, 'must be at most 100 percent');
      plan.discount = { type: upper, value };
      if (discounted !== undefined && plan.price !== undefined) {
        const expected = discountedPrice(plan.price, plan.discount);
        if (expected !== discounted)
          c.fail(
            first.line,
            COLUMNS.discountedPrice,
            `does not match the price and discount (${expected}); leave it empty or change the discount`,
          );
      }
    }
  } else if (discounted !== undefined) {
    if (plan.price === undefined)
      c.fail(first.line, COLUMNS.discountedPrice, 'needs a Price on the same row');
    else if (toCents(discounted) > toCents(plan.price))
      c.fail(first.line, COLUMNS.discountedPrice, 'must not be more than the price');
    else {
      const off = toCents(plan.price) - toCents(discounted);
      plan.discount =
        off === 0n ? { type: 'NONE', value: '0.00' } : { type: 'AMOUNT', value: fromCents(off) };
    }
  } else if (typeCell !== undefined || header.index.has(COLUMNS.discountedPrice)) {
    plan.discount = { type: 'NONE', value: '0.00' };
  }

  const collections = c.list(first, 'collections');
  if (collections) plan.collections = collections;
  const images = c.list(first, 'images');
  if (images) {
    images.forEach((url) => {
      if (!IMAGE_URL.test(url) || url.length > 2000)
        c.fail(first.line, COLUMNS.images, `"${url.slice(0, 100)}" is not an http(s) image URL`);
    });
    if (images.length > 100) c.fail(first.line, COLUMNS.images, 'must list at most 100 images');
    plan.images = [...new Set(images)];
  }

  const fileId = cell(header, first, COLUMNS.digitalFile);
  if (fileId !== undefined) {
    if (fileId === '') plan.digitalFile = null;
    else if (FILE_ID.test(fileId)) plan.digitalFile = fileId.toLowerCase();
    else
      c.fail(
        first.line,
        COLUMNS.digitalFile,
        `must be the id of a secure media file, not "${fileId.slice(0, 100)}"`,
      );
  }

  // Options: names from the first row; every row names one choice of each.
  const names: string[] = [];
  for (let n = 1; n <= header.options; n++) {
    const value = cell(header, first, optionColumn(n, 'Name')) ?? '';
    if (!value) {
      for (let m = n + 1; m <= header.options; m++)
        if (cell(header, first, optionColumn(m, 'Name')))
          c.fail(first.line, optionColumn(n, 'Name'), `is required before ${optionColumn(m, 'Name')}`);
      break;
    }
    if (value.length > 50) c.fail(first.line, optionColumn(n, 'Name'), 'must be at most 50 characters');
    if (names.includes(value)) c.fail(first.line, optionColumn(n, 'Name'), `repeats the option "${value}"`);
    names.push(value);
  }
  const choiceOrder = names.map(() => [] as string[]);
  const colours = names.map(() => new Map<string, string>());
  const seen = new Map<string, number>();
  const hasStock = STOCK_KEYS.some((k) => header.index.has(COLUMNS[k]));
  if (names.length === 0 && rows.length > 1)
    for (const row of rows.slice(1))
      c.fail(
        row.line,
        COLUMNS.handle,
        `repeats a product without options (line ${first.line}); give Option1 Name and values to list variants`,
      );

  for (const row of rows) {
    const variant: VariantPlan = { line: row.line, choices: {} };
    for (let n = 1; n <= header.options; n++) {
      const name = cell(header, row, optionColumn(n, 'Name')) ?? '';
      const value = cell(header, row, optionColumn(n, 'Value')) ?? '';
      const colour = cell(header, row, optionColumn(n, 'Color')) ?? '';
      const option = names[n - 1];
      if (option === undefined) {
        if (name || value || colour)
          c.fail(
            row.line,
            optionColumn(n, name ? 'Name' : value ? 'Value' : 'Color'),
            `must be empty: the product has ${names.length} option(s) (line ${first.line})`,
          );
        continue;
      }
      if (name && name !== option)
        c.fail(row.line, optionColumn(n, 'Name'), `must be "${option}" as on line ${first.line}, or empty`);
      if (!value) {
        c.fail(row.line, optionColumn(n, 'Value'), `is required: a choice of "${option}"`);
        continue;
      }
      if (value.length > 50) c.fail(row.line, optionColumn(n, 'Value'), 'must be at most 50 characters');
      variant.choices[option] = value;
      if (!choiceOrder[n - 1]!.includes(value)) choiceOrder[n - 1]!.push(value);
      const known = colours[n - 1]!.get(value);
      if (colour) {
        if (colour.length > 50) c.fail(row.line, optionColumn(n, 'Color'), 'must be at most 50 characters');
        else if (known !== undefined && known !== colour)
          c.fail(
            row.line,
            optionColumn(n, 'Color'),
            `differs from the colour "${known}" given for "${value}" before`,
          );
        else colours[n - 1]!.set(value, colour);
      }
    }
    if (names.length) {
      const key = names.map((n) => variant.choices[n]).join('\u0000');
      const before = seen.get(key);
      if (before !== undefined && Object.keys(variant.choices).length === names.length)
        c.fail(row.line, optionColumn(1, 'Value'), `repeats the variant of line ${before}`);
      seen.set(key, row.line);
      const has = (key: Key) => header.index.has(COLUMNS[key]);
      if (has('variantPrice')) variant.price = c.money(row, COLUMNS.variantPrice) ?? null;
      if (has('variantCost')) variant.cost = c.money(row, COLUMNS.variantCost) ?? null;
      if (has('variantWeight')) variant.weight = c.number(row, COLUMNS.variantWeight, 1_000_000) ?? null;
      const sku = c.text(row, 'variantSku', 40);
      if (sku !== undefined) variant.sku = sku || null;
      if (has('variantVisible')) variant.visible = c.bool(row, COLUMNS.variantVisible) ?? true;
    } else {
      for (const key of VARIANT_KEYS)
        if (cell(header, row, COLUMNS[key]))
          c.fail(
            row.line,
            COLUMNS[key],
            'must be empty for a product without options (use the product columns)',
          );
    }
    if (hasStock) {
      const track = c.bool(row, COLUMNS.trackQuantity);
      const quantity = c.integer(row, COLUMNS.quantity, 1_000_000_000);
      const inStock = c.bool(row, COLUMNS.inStock);
      const tracked = track ?? quantity !== undefined;
      if (tracked) {
        if (quantity === undefined) {
          if (!cell(header, row, COLUMNS.quantity))
            c.fail(row.line, COLUMNS.quantity, 'is required when Track Quantity is true');
        } else if (inStock !== undefined && inStock !== quantity > 0)
          c.fail(
            row.line,
            COLUMNS.inStock,
            `contradicts Quantity ${quantity}; leave it empty for tracked stock`,
          );
        else variant.stock = { trackQuantity: true, quantity };
      } else if (cell(header, row, COLUMNS.quantity)) {
        c.fail(row.line, COLUMNS.quantity, 'must be empty when Track Quantity is false');
      } else {
        variant.stock = { trackQuantity: false, inStock: inStock ?? true };
      }
    }
    plan.variants.push(variant);
  }
  if (header.options > 0) {
    plan.options = names.map((name, i) => {
      const colour = colours[i]!;
      const isColour = colour.size > 0;
      if (isColour)
        for (const value of choiceOrder[i]!)
          if (!colour.has(value)) {
            const line = plan.variants.find((v) => v.choices[name] === value)?.line ?? first.line;
            c.fail(line, optionColumn(i + 1, 'Color'), `is required: "${name}" is a colour option`);
          }
      return {
        optionType: isColour ? 'color' : 'drop_down',
        name,
        choices: choiceOrder[i]!.map((value) => ({ value: colour.get(value) ?? value, description: value })),
      };
    });
  }
  return plan;
}

/** A product left out by the plan: its handle, lines, and name when the file gives one. */
export interface RejectedProduct {
  handle: string;
  lines: number[];
  name?: string;
}

export interface Planned {
  plans: ProductPlan[];
  errors: CsvError[];
  /** Products (by handle) that failed here. */
  failed: number;
  rejected: RejectedProduct[];
  /** The header could not be read: nothing was planned. */
  headerFailed: boolean;
}

/**
 * Reads the records of a catalogue CSV into products. A product with any bad row is left out whole (its
 * errors name the bad lines, and each of its other lines gets a "not imported" error); the others go on.
 */
export function planProducts(records: Iterable<CsvRecord>): Planned {
  const errors: CsvError[] = [];
  const iterator = records[Symbol.iterator]();
  const first = iterator.next();
  if (first.done) {
    errors.push({ line: 1, column: COLUMNS.handle, message: 'the file is empty: a header row is required' });
    return { plans: [], errors, failed: 0, rejected: [], headerFailed: true };
  }
  const header = readHeader(first.value, errors);
  if (!header) return { plans: [], errors, failed: 0, rejected: [], headerFailed: true };

  const groups = new Map<string, Row[]>();
  const broken = new Set<string>();
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    const record = next.value;
    if (record.fields.every((f) => f.trim() === '') && !record.error) continue;
    const row = { line: record.line, fields: record.fields };
    const raw = cell(header, row, COLUMNS.handle) ?? '';
    const handle = handleOf(raw);
    if (record.error) errors.push({ line: record.line, column: '', message: record.error });
    else if (record.fields.length > header.width)
      errors.push({
        line: record.line,
        column: '',
        message: `has ${record.fields.length} fields, the header ${header.width}`,
      });
    if (!handle) {
      errors.push({
        line: record.line,
        column: COLUMNS.handle,
        message: raw ? `"${raw}" is not a handle (lower-case letters, digits and hyphens)` : 'is required',
      });
      continue;
    }
    if (record.error || record.fields.length > header.width) broken.add(handle);
    groups.set(handle, [...(groups.get(handle) ?? []), row]);
  }

  const plans: ProductPlan[] = [];
  const rejected: RejectedProduct[] = [];
  let failed = 0;
  for (const [handle, rows] of groups) {
    const checker = new Checker(header);
    const plan = planProduct(header, handle, rows, checker);
    if (checker.errors.length === 0 && !broken.has(handle)) {
      plans.push(plan);
      continue;
    }
    failed++;
    rejected.push({ handle, lines: plan.lines, ...(plan.name ? { name: plan.name } : {}) });
    errors.push(...checker.errors);
    const bad = new Set([
      ...checker.errors.map((e) => e.line),
      ...errors.filter((e) => plan.lines.includes(e.line)).map((e) => e.line),
    ]);
    for (const line of plan.lines)
      if (!bad.has(line))
        errors.push({
          line,
          column: COLUMNS.handle,
          message: `not imported: product "${handle}" has errors on line ${[...bad].sort((a, b) => a - b).join(', ')}`,
        });
  }
  errors.sort((a, b) => a.line - b.line);
  return { plans, errors, failed, rejected, headerFailed: false };
}
