import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import {
  defineEntity,
  entityService,
  failIf,
  revisionAndDates,
  sentPath,
  violation,
} from '../../../platform/entity-kit/index.ts';
import { conflict, type FieldViolation, invalid } from '../../../platform/errors.ts';
import { products } from '../products/tables.ts';
import type { RichContent } from '../shared/model.ts';
import { plannedEntity, v3Entity } from '../shared/v3.ts';
import { sanitizeDescription } from '../shared/write-support.ts';
import { htmlToRichContent, richContentToHtml } from './rich-content.ts';
import { InfoSection, InfoSectionInput as InfoSectionInputSchema } from './schemas.ts';
import { infoSections } from './tables.ts';

/**
 * v3 info sections on the entity kit: a titled rich-content description (`description`) with its HTML
 * (`plainDescription`). Either may be sent; the other is derived from it. `uniqueName` identifies a section
 * for get-or-create.
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

const MAX_DOCUMENT = 200_000;

type Planned = Pick<Row, 'uniqueName' | 'title' | 'description' | 'plainDescription'>;

/** `paths`: those an update sends (every one when not said). */
function plan(input: InfoSectionInput, existing?: Row, paths?: readonly string[]): Planned {
  const violations: FieldViolation[] = [];
  const sent = (path: string) => !paths || sentPath(paths, path);
  const text = (field: 'uniqueName' | 'title', max: number) => {
    const value = (sent(field) ? input[field]?.trim() : undefined) ?? existing?.[field] ?? '';
    if (!value) violations.push(violation(`infoSection.${field}`, 'is required', 'REQUIRED_FIELD'));
    else if (value.length > max)
      violations.push(
        violation(`infoSection.${field}`, `must be at most ${max} characters`, 'MAX_LENGTH', { max }),
      );
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
      violations.push(violation('infoSection.description.nodes', 'must be an array'));
    else if (JSON.stringify(input.description).length > MAX_DOCUMENT)
      violations.push(
        violation('infoSection.description', 'is too large', 'MAX_SIZE', { max: MAX_DOCUMENT }),
      );
    else {
      description = input.description!;
      if (!htmlSent) plainDescription = sanitizeDescription(richContentToHtml(description));
    }
  }
  if (htmlSent) {
    plainDescription = sanitizeDescription(input.plainDescription!);
    if (!richSent) description = htmlToRichContent(plainDescription);
  }
  failIf(violations);
  return { uniqueName, title, description, plainDescription };
}

/** Products showing the section: v1 products keep a copy (title and HTML) in `additionalInfoSections`. */
async function productsShowing(db: Db, row: Row): Promise<number> {
  const probe = JSON.stringify({ additionalInfoSections: [{ title: row.title }] });
  const [found] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(sql`${products.data} @> ${probe}::jsonb`);
  return Number(found?.n ?? 0);
}

const toWire = (row: Row): WireInfoSection => ({
  id: row.id,
  ...revisionAndDates(row),
  uniqueName: row.uniqueName,
  title: row.title,
  description: row.description,
  plainDescription: row.plainDescription,
});

const v3 = v3Entity(
  {
    label: 'info section',
    key: 'infoSection',
    plural: 'infoSections',
    segment: 'info-sections',
    tag: 'info sections (v3)',
  },
  {
    fields: {
      uniqueName: { sql: infoSections.uniqueName, type: 'string', sortable: true, unique: true },
      title: { sql: infoSections.title, type: 'string', sortable: true },
    },
    get: true,
  },
  'infoSectionIds',
);

export const infoSection = defineEntity({
  ...v3,
  summaries: {
    ...v3.summaries,
    getOrCreate: 'An info section by id or unique name, created when missing',
    bulkGetOrCreate: 'Info sections by unique name, created when missing',
  },
  table: infoSections,
  ...plannedEntity({ input: InfoSectionInputSchema, wire: InfoSection }, productsShowing, plan),
  toWire,
  unique: (input) => {
    const name = input.uniqueName?.trim() ?? '';
    return conflict('INFO_SECTION_ALREADY_EXISTS', `An info section named "${name}" exists`, {
      uniqueName: name,
    });
  },
  deletedPayload: (row) => ({ infoSection: { id: row.id, uniqueName: row.uniqueName } }),
  getOrCreate: {
    field: 'infoSection',
    many: 'infoSections',
    schema: InfoSectionInputSchema,
    /** By id when given, else by `uniqueName`, created from the input when there is none. */
    find(given: unknown) {
      const input = given as InfoSectionInput;
      if (input.id) return { id: input.id };
      const name = input.uniqueName?.trim();
      if (!name) throw invalid('infoSection.uniqueName', 'is required', 'REQUIRED_FIELD');
      return { where: eq(infoSections.uniqueName, name), create: input };
    },
  },
});

export const infoSectionService = entityService(infoSection);
