import { index, jsonb, text } from 'drizzle-orm/pg-core';
import type { CustomLineItemInput, LineItemInput } from '../cart/schemas.ts';
import type { TemplateCustomization } from './model.ts';
import { entityTable, jsonList, jsonObject } from '../../platform/columns.ts';

/**
 * Checkout templates: lines, a coupon and page customization from which any number of independent checkouts are
 * started (`create-checkout-from-template`, or a shareable link). Lines are kept as the merchant wrote them and
 * priced from the live catalogue when a checkout is made.
 */
export const checkoutTemplates = entityTable(
  'checkout_templates',
  {
    status: text('status').$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
    customization: jsonObject<TemplateCustomization>('customization'),
    lineItems: jsonList<LineItemInput>('line_items'),
    customLineItems: jsonList<CustomLineItemInput>('custom_line_items'),
    couponCode: text('coupon_code'),
    customContentReference: jsonb('custom_content_reference').$type<{
      appId?: string;
      componentId?: string;
    }>(),
    externalReference: jsonb('external_reference').$type<{ appId?: string; resourceId?: string }>(),
  },
  (t) => [index('checkout_templates_status_idx').on(t.status, t.createdDate, t.id)],
);
