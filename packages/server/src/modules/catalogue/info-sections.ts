import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { conflict, type FieldViolation, invalid, ValidationFailure } from '../../platform/errors.ts';
import {
  checkBulkSize,
  checkId,
  checkRevision,
  countMerch,
  dates,
  entityNotFound,
  maskOf,
  type MerchPage,
  merchSpec,
  parseRevision,
  runMerchQuery,
  wantsCount,
} from './merchandising.ts';
import type { RichContent } from './model.ts';
import { htmlToRichContent, richContentToHtml } from './rich-content.ts';
import { infoSections, products } from './tables.ts';
import { type BulkResult, isUniqueViolation, runBulk, sanitizeDescription } from './write-support.ts';

/**
 * v3 info sections: a titled rich-content description (`description`) with its HTML (`plainDescription`).
 * Either may be sent; the other is derived from it. `uniqueName` identifies a section for get-or-create.
 */

type Row = typeof infoSections.$inferSelect;

export interface InfoSectionInput {
  id?: string | undefined;
  revision?: string | number | undefined;
  uniqueName?: string | undefined;
  title?: string | undefined;
  description?: RichContent | undefined;
  plainDescription?: string | undefined;
}

export interface WireInfoSection {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  uniqueName: string;
  title: string;
  description: RichContent;
  plainDescription: string;
  assignedProductsCount?: number;
}

export const INFO_SECTION_QUERY = merchSpec(
  {
    uniqueName: { sql: infoSections.uniqueName, type: 'string', sortable: true, unique: true },
    title: { sql: infoSections.title, type: 'string', sortable: true },
  },
  infoSections,
);

const MAX_DOCUMENT = 200_000;

type Planned = Pick<Row, 'uniqueName' | 'title' | 'description' | 'plainDescription'>;

function plan(input: InfoSectionInput, existing?: Row, mask?: Set<string>): Planned {
  const violations: FieldViolation[] = [];
  const sent = (path: string) => !mask || mask.has(path) || [...mask].some((m) => m.startsWith(`${path}.`));
  const text = (field: 'uniqueName' | 'title', max: number) => {
    const value = (sent(field) ? input[field]?.trim() : undefined) ?? existing?.[field] ?? '';
    if (!value)
      violations.push({
        field: `infoSection.${field}`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
        data: {},
      });
    else if (value.length > max)
      violations.push({
        field: `infoSection.${field}`,
        description: `must be at most ${max} characters`,
        violatedRule: 'MAX_LENGTH',
        data: { max },
      });
    return value;
  };
  const uniqueName = text('uniqueName', 100);
  const title = text('title', 50);
  let description = existing?.description ?? { nodes: [] };
  let plainDescription = existing?.plainDescription ?? '';
  const richSent = input.description !== undefined && sent('description');
  const htmlSent = input.plainDescription !== undefined && sent('plainDescription');
  if (richSent) {
    if (!Array.isArray(input.description!.nodes))
      violations.push({
        field: 'infoSection.description.nodes',
        description: 'must be an array',
        violatedRule: 'VALIDATION',
        data: {},
      });
    else if (JSON.stringify(input.description).length > MAX_DOCUMENT)
      violations.push({
        field: 'infoSection.description',
        description: 'is too large',
        violatedRule: 'MAX_SIZE',
        data: { max: MAX_DOCUMENT },
      });
    else {
      description = input.description!;
      if (!htmlSent) plainDescription = sanitizeDescription(richContentToHtml(description));
    }
  }
  if (htmlSent) {
    plainDescription = sanitizeDescription(input.plainDescription!);
    if (!richSent) description = htmlToRichContent(plainDescription);
  }
  if (violations.length) throw new ValidationFailure(violations);
  return { uniqueName, title, description, plainDescription };
}

/** Products showing the section: v1 products keep a copy (title and HTML) in `additionalInfoSections`. */
async function assignedCount(db: Db, row: Row): Promise<number> {
  const probe = JSON.stringify({ additionalInfoSections: [{ title: row.title }] });
  const [found] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(sql`${products.data} @> ${probe}::jsonb`);
  return Number(found?.n ?? 0);
}

async function toWire(db: Db, row: Row, fields?: string[]): Promise<WireInfoSection> {
  return {
    id: row.id,
    ...dates(row),
    uniqueName: row.uniqueName,
    title: row.title,
    description: row.description,
    plainDescription: row.plainDescription,
    ...(wantsCount(fields) ? { assignedProductsCount: await assignedCount(db, row) } : {}),
  };
}

async function uniqueName<T>(name: () => string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('INFO_SECTION_ALREADY_EXISTS', `An info section named "${name()}" exists`, {
        uniqueName: name(),
      });
    throw error;
  }
}

export async function createInfoSection(ctx: AppContext, input: InfoSectionInput): Promise<WireInfoSection> {
  const planned = plan(input);
  return uniqueName(
    () => planned.uniqueName,
    () =>
      ctx.events.transaction(async (tx) => {
        const [row] = await tx.insert(infoSections).values(planned).returning();
        const wire = await toWire(tx, row!);
        await ctx.events.record(tx, {
          entity: 'info_section',
          entityId: row!.id,
          type: 'created',
          payload: { infoSection: wire },
        });
        return wire;
      }),
  );
}

export async function getInfoSection(
  ctx: AppContext,
  id: string,
  fields?: string[],
): Promise<WireInfoSection> {
  const key = checkId('info_section', id);
  const [row] = await ctx.db.select().from(infoSections).where(eq(infoSections.id, key));
  if (!row) throw entityNotFound('info_section', id);
  return toWire(ctx.db, row, fields);
}

export async function updateInfoSection(
  ctx: AppContext,
  id: string,
  input: InfoSectionInput,
  fieldMask?: string | string[],
  fields?: string[],
): Promise<WireInfoSection> {
  const key = checkId('info_section', id);
  const revision = parseRevision('infoSection.revision', input.revision);
  const mask = maskOf(fieldMask);
  let name = input.uniqueName ?? '';
  return uniqueName(
    () => name,
    () =>
      ctx.events.transaction(async (tx) => {
        const [row] = await tx.select().from(infoSections).where(eq(infoSections.id, key)).for('update');
        if (!row) throw entityNotFound('info_section', id);
        checkRevision('info section', id, row.revision, revision);
        const planned = plan(input, row, mask);
        name = planned.uniqueName;
        const [updated] = await tx
          .update(infoSections)
          .set({ ...planned, revision: sql`${infoSections.revision} + 1`, updatedDate: sql`now()` })
          .where(eq(infoSections.id, key))
          .returning();
        const wire = await toWire(tx, updated!, fields);
        await ctx.events.record(tx, {
          entity: 'info_section',
          entityId: key,
          type: 'updated',
          payload: { infoSection: wire },
        });
        return wire;
      }),
  );
}

export async function deleteInfoSection(ctx: AppContext, id: string): Promise<void> {
  const key = checkId('info_section', id);
  await ctx.events.transaction(async (tx) => {
    const [row] = await tx.delete(infoSections).where(eq(infoSections.id, key)).returning();
    if (!row) throw entityNotFound('info_section', id);
    await ctx.events.record(tx, {
      entity: 'info_section',
      entityId: key,
      type: 'deleted',
      payload: { infoSection: { id: key, uniqueName: row.uniqueName } },
    });
  });
}

export async function queryInfoSections(
  ctx: AppContext,
  query: unknown,
  fields?: string[],
): Promise<MerchPage<WireInfoSection>> {
  const page = await runMerchQuery(ctx, query, INFO_SECTION_QUERY, sql`${infoSections}`, (p) =>
    ctx.db
      .select({ row: infoSections, keys: p.keys ?? sql<null>`null` })
      .from(infoSections)
      .where(p.where)
      .orderBy(...p.orderBy)
      .limit(p.fetchLimit)
      .offset(p.offset),
  );
  const items: WireInfoSection[] = [];
  for (const row of page.items) items.push(await toWire(ctx.db, row, fields));
  return { items, pagingMetadata: page.pagingMetadata };
}

export async function countInfoSections(ctx: AppContext, filter: unknown): Promise<number> {
  return countMerch(ctx, filter, INFO_SECTION_QUERY, sql`${infoSections}`);
}

/** By id when given, else by `uniqueName`, created from the input when there is none. */
export async function getOrCreateInfoSection(
  ctx: AppContext,
  input: InfoSectionInput,
): Promise<WireInfoSection> {
  if (input.id) return getInfoSection(ctx, input.id);
  const name = input.uniqueName?.trim();
  if (!name) throw invalid('infoSection.uniqueName', 'is required', 'REQUIRED_FIELD');
  const find = async () =>
    (await ctx.db.select().from(infoSections).where(eq(infoSections.uniqueName, name)))[0];
  const found = await find();
  if (found) return toWire(ctx.db, found);
  try {
    return await createInfoSection(ctx, input);
  } catch (error) {
    const raced = await find();
    if (raced) return toWire(ctx.db, raced);
    throw error;
  }
}

export async function bulkCreateInfoSections(
  ctx: AppContext,
  list: InfoSectionInput[],
  returnEntity: boolean,
): Promise<BulkResult<WireInfoSection>> {
  checkBulkSize('infoSections', list);
  return runBulk(ctx, list, async (input) => {
    const wire = await createInfoSection(ctx, input);
    return { id: wire.id, item: returnEntity ? wire : undefined };
  });
}

export async function bulkUpdateInfoSections(
  ctx: AppContext,
  list: Array<{ infoSection: InfoSectionInput; fieldMask?: string | string[] | undefined }>,
  returnEntity: boolean,
  fields?: string[],
): Promise<BulkResult<WireInfoSection>> {
  checkBulkSize('infoSections', list);
  return runBulk(
    ctx,
    list,
    async ({ infoSection, fieldMask }, i) => {
      if (!infoSection.id)
        throw invalid(`infoSections[${i}].infoSection.id`, 'is required', 'REQUIRED_FIELD');
      const wire = await updateInfoSection(ctx, infoSection.id, infoSection, fieldMask, fields);
      return { id: wire.id, item: returnEntity ? wire : undefined };
    },
    ({ infoSection }) => infoSection.id,
  );
}

export async function bulkDeleteInfoSections(ctx: AppContext, ids: string[]): Promise<BulkResult<never>> {
  checkBulkSize('infoSectionIds', ids);
  return runBulk(
    ctx,
    ids,
    async (id) => {
      await deleteInfoSection(ctx, id);
      return { id };
    },
    (id) => id,
  );
}

export async function bulkGetOrCreateInfoSections(
  ctx: AppContext,
  list: InfoSectionInput[],
): Promise<BulkResult<WireInfoSection>> {
  checkBulkSize('infoSections', list);
  return runBulk(ctx, list, async (input) => {
    const wire = await getOrCreateInfoSection(ctx, input);
    return { id: wire.id, item: wire };
  });
}
