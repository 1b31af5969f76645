import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type SanitizeHtml from 'sanitize-html';
import type { Db } from '../../../platform/db.ts';
import {
  conflict,
  type FieldViolation,
  notFound,
  transactionConflict,
  ValidationFailure,
} from '../../../platform/errors.ts';
import type { EventInput } from '../../../platform/events.ts';
import { isMoney, normalizeMoney } from '../../../platform/money.ts';
import { brands, ribbons } from '../merchandising/tables.ts';
import { collections } from '../collections/tables.ts';
import { type ProductRow, products } from '../products/tables.ts';
import type { CollectionInput } from './model.ts';
import { UUID } from './reads.ts';
import { productColumns } from '../products/wire.ts';

export { UUID };

/** What the catalogue's product, variant and collection writes share: ids, slugs, money, HTML, locks. */

export const MAX_MEMBERSHIP_BATCH = 1000;

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'item';
}

/**
 * The given slug (409 when taken by another row) or one derived from the name, made unique with `-2`,
 * `-3`, … (equality look-ups only, so the unique index answers whatever the collation).
 */
export async function freeSlug(
  tx: Db,
  table: SlugTable,
  wanted: string | undefined,
  name: string,
  code: string,
  self?: string,
): Promise<string> {
  if (wanted !== undefined) {
    const slug = slugify(wanted);
    const [taken] = await tx.select({ id: table.id }).from(table).where(eq(table.slug, slug)).limit(1);
    if (taken && taken.id !== self) throw conflict(code, `The slug "${slug}" is already used`, { slug });
    return slug;
  }
  const base = slugify(name);
  const candidates = [base, ...Array.from({ length: 19 }, (_, i) => `${base}-${i + 2}`)];
  const existing = await tx.select({ slug: table.slug }).from(table).where(inArray(table.slug, candidates));
  const used = new Set(existing.map((r) => r.slug));
  return candidates.find((c) => !used.has(c)) ?? `${base}-${randomUUID().slice(0, 8)}`;
}

type SlugTable = typeof products | typeof collections;
/** What a product and a collection both have: a name, a slug, an HTML description, a visibility. */
type OwnFields = Pick<CollectionInput, 'name' | 'slug' | 'description' | 'visible'>;

/** A new product's or collection's own columns: its name, a free slug, its description; visible by default. */
export async function newOwnColumns(tx: Db, table: SlugTable, input: OwnFields, code: string) {
  return {
    name: input.name.trim(),
    slug: await freeSlug(tx, table, input.slug, input.name, code),
    description: sanitizeDescription(input.description ?? ''),
    visible: input.visible ?? true,
  };
}

/** The own columns a patch changes on `row`: a new slug must be free (409 `code`). */
export async function changedOwnColumns(
  tx: Db,
  table: SlugTable,
  row: { id: string; name: string; slug: string },
  patch: Partial<OwnFields>,
  code: string,
): Promise<Partial<OwnFields>> {
  const set: Partial<OwnFields> = {};
  if (patch.name !== undefined) set.name = patch.name.trim();
  if (patch.slug !== undefined && patch.slug !== row.slug)
    set.slug = await freeSlug(tx, table, patch.slug, row.name, code, row.id);
  if (patch.description !== undefined) set.description = sanitizeDescription(patch.description);
  if (patch.visible !== undefined) set.visible = patch.visible;
  return set;
}

/** Whether an error (or one of its causes) is a PostgreSQL unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** A slug taken by a concurrent write between our check and our insert: 409, not 500. */
export async function uniqueSlug<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(code, 'The slug was taken by a concurrent write; retry', {});
    throw error;
  }
}

export function checkIds(field: string, ids: string[], max = MAX_MEMBERSHIP_BATCH): string[] {
  const unique = [...new Set(ids)];
  if (unique.length > max)
    throw new ValidationFailure([
      { field, description: `must have at most ${max} ids`, violatedRule: 'MAX_SIZE', data: { max } },
    ]);
  const bad = unique.findIndex((id) => !UUID.test(id));
  if (bad >= 0)
    throw new ValidationFailure([
      {
        field: `${field}[${ids.indexOf(unique[bad]!)}]`,
        description: 'must be a GUID',
        violatedRule: 'FORMAT',
        data: {},
      },
    ]);
  return unique.map((id) => id.toLowerCase());
}

/** A non-negative money amount with at most two decimals, normalised; a violation otherwise. */
export function money(
  violations: FieldViolation[],
  field: string,
  value: string | undefined,
): string | undefined {
  if (value === undefined) return undefined;
  if (!isMoney(value) || value.startsWith('-')) {
    violations.push({
      field,
      description: 'must be a non-negative amount with at most 2 decimals',
      violatedRule: 'FORMAT',
      data: {},
    });
    return undefined;
  }
  return normalizeMoney(value);
}

export const required = (field: string): FieldViolation => ({
  field,
  description: 'is required',
  violatedRule: 'REQUIRED_FIELD',
  data: {},
});

const require = createRequire(import.meta.url);
let sanitizer: typeof SanitizeHtml | undefined;

/**
 * sanitize-html, loaded on the first rich text a merchant writes: with its HTML and CSS parsers it is a sixth
 * of the code a start would otherwise load (docs/BENCHMARKS.md, "Start and memory").
 */
export function htmlSanitizer(): typeof SanitizeHtml {
  sanitizer ??= require('sanitize-html') as typeof SanitizeHtml;
  return sanitizer;
}

const HTML_OPTIONS = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['style', 'dir'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
});
let htmlOptions: SanitizeHtml.IOptions | undefined;

/** Rich-text HTML from a merchant, with scripts, event handlers and unknown tags removed. */
export function sanitizeDescription(html: string): string {
  const sanitizeHtml = htmlSanitizer();
  htmlOptions ??= HTML_OPTIONS(sanitizeHtml);
  return sanitizeHtml(html, htmlOptions);
}

/**
 * Locks a product row for the rest of the transaction and returns it. Every read-modify-write of a
 * product's jsonb, variants or stock starts with this, so concurrent writes of one product queue instead
 * of overwriting each other.
 *
 * The catalogue's lock order, which keeps its writes from deadlocking each other: brands and ribbons
 * (`ensureNamed`), then collections (`lockCollections`, in id order), then products (this, or `lockProducts`
 * in id order), then their variants and inventory items.
 */
export async function lockProduct(tx: Db, productId: string): Promise<ProductRow> {
  const row = await lockProductIfFound(tx, productId);
  if (!row) throw notFound('PRODUCT_NOT_FOUND', `Product ${productId} was not found`, { id: productId });
  return row;
}

/** `lockProduct`, but `undefined` for a product that is not there (a job skipping one deleted meanwhile). */
export async function lockProductIfFound(tx: Db, productId: string): Promise<ProductRow | undefined> {
  if (!UUID.test(productId)) return undefined;
  const [row] = await tx
    .select(productColumns)
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row;
}

/** Locks the products matching `where` for an update, in id order (see `lockProduct`); returns their ids. */
export async function lockProducts(tx: Db, where: SQL | undefined): Promise<string[]> {
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(asc(products.id))
    .for('no key update');
  return found.map((r) => r.id);
}

/** Locks these collections for an update, in id order (see `lockProduct`); returns the ids found. */
export async function lockCollections(tx: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(inArray(collections.id, ids))
    .orderBy(asc(collections.id))
    .for('no key update');
  return found.map((r) => r.id);
}

/**
 * The id of the brand or ribbon of that name, created (with its event) when new. Either way it stays locked
 * (`FOR KEY SHARE`) to the commit, so that a concurrent delete or rename waits for this transaction; one that
 * came first has freed the name, which is then created again. Call it before locking the product.
 */
export async function ensureNamed(
  tx: Db,
  table: typeof brands | typeof ribbons,
  entity: 'brand' | 'ribbon',
  name: string,
  events: EventInput[],
  attempt = 1,
): Promise<string> {
  const [inserted] = await tx.insert(table).values({ name }).onConflictDoNothing().returning();
  if (inserted) {
    events.push({
      entity,
      entityId: inserted.id,
      type: 'created',
      payload: {
        [entity]: {
          id: inserted.id,
          name,
          revision: inserted.revision.toString(),
          createdDate: inserted.createdDate.toISOString(),
          updatedDate: inserted.updatedDate.toISOString(),
        },
      },
    });
    return inserted.id;
  }
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.name, name)).for('key share');
  if (row) return row.id;
  // Deleted or renamed between the two statements: the name is free again (unless that keeps happening).
  if (attempt >= 3) throw transactionConflict();
  return ensureNamed(tx, table, entity, name, events, attempt + 1);
}

/**
 * The brand and ribbon columns of a product write from names: trimmed, empty or `null` removes, `undefined`
 * keeps. Made with `ensureNamed`, hence before `lockProduct`.
 */
export async function namedColumns(
  tx: Db,
  names: { brand?: string | null | undefined; ribbon?: string | null | undefined },
  events: EventInput[],
): Promise<Partial<typeof products.$inferInsert>> {
  const set: Partial<typeof products.$inferInsert> = {};
  for (const kind of ['brand', 'ribbon'] as const) {
    if (names[kind] === undefined) continue;
    const name = names[kind]?.trim() || null;
    const id = name ? await ensureNamed(tx, kind === 'brand' ? brands : ribbons, kind, name, events) : null;
    Object.assign(set, kind === 'brand' ? { brandId: id, brand: name } : { ribbonId: id, ribbon: name });
  }
  return set;
}

export { type BulkItemError, type BulkResult, runBulk } from '../../../platform/entity-kit/bulk.ts';
