import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type {
  CustomizationRenderType,
  CustomizationType,
  RichContent,
  StoredCustomizationChoice,
  StoredFreeTextInput,
} from '../shared/model.ts';
import { jsonList, primaryId, revisioned, revisionedTable } from '../shared/columns.ts';

/** v3 brands; a product keeps the brand name beside the id because the v1 wire, filters and sorts use it. */
export const brands = pgTable('brands', {
  id: primaryId(),
  name: text('name').notNull().unique(),
  ...revisioned(),
});

/** v3 ribbons ("New", "Sale"), same shape as brands. */
export const ribbons = pgTable('ribbons', {
  id: primaryId(),
  name: text('name').notNull().unique(),
  ...revisioned(),
});

/** v3 customizations: product options (variant-making) and modifiers (free text or choices). */
export const customizations = revisionedTable(
  'customizations',
  {
    name: text('name').notNull(),
    /** Read-only identifier derived from the name. */
    key: text('key').notNull(),
    customizationType: text('customization_type').$type<CustomizationType>().notNull(),
    customizationRenderType: text('customization_render_type').$type<CustomizationRenderType>().notNull(),
    freeTextInput: jsonb('free_text_input').$type<StoredFreeTextInput>(),
    choices: jsonList<StoredCustomizationChoice>('choices'),
  },
  (t) => [
    check('customizations_type_check', sql`${t.customizationType} in ('PRODUCT_OPTION', 'MODIFIER')`),
    check(
      'customizations_render_type_check',
      sql`${t.customizationRenderType} in ('FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES')`,
    ),
    uniqueIndex('customizations_type_name_idx').on(t.customizationType, t.name),
    index('customizations_created_date_idx').on(t.createdDate, t.id),
  ],
);

/** v3 info sections: a rich-content description shared by products (v1 products copy title and HTML). */
export const infoSections = revisionedTable(
  'info_sections',
  {
    uniqueName: text('unique_name').notNull().unique(),
    title: text('title').notNull(),
    description: jsonb('description').$type<RichContent>().notNull(),
    /** Sanitised HTML of the description. */
    plainDescription: text('plain_description').notNull().default(''),
  },
  (t) => [index('info_sections_created_date_idx').on(t.createdDate, t.id)],
);
