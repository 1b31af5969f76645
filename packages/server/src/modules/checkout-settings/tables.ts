import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  flag,
  jsonList,
  jsonObject,
  revisioned,
  revisionedTable,
  singletonTable,
  updatedDate,
} from '../../platform/columns.ts';

/** Checkout settings (singleton): the wire `checkoutSettings` object (policies, fields, brand) as set. */
export const checkoutSettings = singletonTable('checkout_settings', {
  data: jsonObject('data'),
  ...revisioned(),
});

/**
 * Tip settings: the choices offered at checkout. `tipType` PERCENTAGE | AMOUNT, `choices` the preset values
 * (percentages or decimal-string amounts), `allowCustomAmount` adds CUSTOM; one `isDefault` row is used
 * when a preview names no settings.
 */
export const tipSettings = revisionedTable(
  'tip_settings',
  {
    enabled: flag('enabled', true),
    isDefault: flag('is_default', false),
    tipType: text('tip_type').notNull().default('PERCENTAGE'),
    choices: jsonList<string>('choices'),
    defaultChoice: text('default_choice'),
    allowCustomAmount: flag('allow_custom_amount', true),
    title: text('title'),
  },
  // At most one default: a second concurrent "make default" fails instead of leaving two.
  (t) => [uniqueIndex('tip_settings_default_idx').on(t.isDefault).where(sql`${t.isDefault}`)],
);

/** The buyer's tip choice per purchase flow (a checkout's `purchaseFlowId`): `{tipType, value}`. */
export const tipChoices = pgTable('tip_choices', {
  purchaseFlowId: uuid('purchase_flow_id').primaryKey(),
  tipType: text('tip_type').notNull(),
  value: text('value').notNull(),
  tipSettingsId: uuid('tip_settings_id'),
  updatedDate: updatedDate(),
});
