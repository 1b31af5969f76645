import { defineEntity, entityAt, entityService, presentFields } from '../../platform/entity-kit/index.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import type { TemplateCustomization } from './model.ts';
import { CheckoutTemplateCreate, CheckoutTemplatePatch } from './schemas.ts';
import { checkoutTemplates } from './tables.ts';

/**
 * Checkout templates (wire/merchant-settings.md "Checkout templates") on the entity kit. Starting checkouts
 * from them spans the checkout and redirect domains: flows/checkout-templates.
 */

export type CheckoutTemplateRow = typeof checkoutTemplates.$inferSelect;

const KEY = 'checkoutTemplate';

/** The wire has no dates for templates; the revision goes back on updates as elsewhere. */
export function checkoutTemplateToWire(row: CheckoutTemplateRow) {
  return {
    id: row.id,
    status: row.status,
    customization: row.customization,
    lineItems: row.lineItems,
    customLineItems: row.customLineItems,
    ...presentFields(row, ['couponCode', 'customContentReference', 'externalReference']),
    revision: row.revision.toString(),
  };
}

export type WireCheckoutTemplate = ReturnType<typeof checkoutTemplateToWire>;

/** Only the flags that are on are kept (the wire shows the same object back). */
function customizationOf(input: TemplateCustomization | undefined): TemplateCustomization {
  const web = input?.webClient;
  const webClient = {
    ...(web?.disabledContinueShoppingButton ? { disabledContinueShoppingButton: true } : {}),
    ...(web?.disabledPolicyAgreementCheckbox ? { disabledPolicyAgreementCheckbox: true } : {}),
  };
  return {
    ...(Object.keys(webClient).length ? { webClient } : {}),
    ...(input?.lockedGiftCard ? { lockedGiftCard: true } : {}),
    ...(input?.lockedCoupon ? { lockedCoupon: true } : {}),
    ...(input?.disabledManualPayment ? { disabledManualPayment: true } : {}),
  };
}

/** An active template needs a line to check out (an inactive one is a draft and may have none yet). */
function checkLines(lines: {
  status?: string | undefined;
  lineItems?: unknown[] | undefined;
  customLineItems?: unknown[] | undefined;
}): void {
  if ((lines.status ?? 'ACTIVE') === 'ACTIVE' && !lines.lineItems?.length && !lines.customLineItems?.length)
    throw invalid(
      `${KEY}.lineItems`,
      'an active template needs at least one line item (lineItems or customLineItems)',
      'REQUIRED_ONE_OF_FIELD',
    );
}

const couponOf = (code: string | null | undefined) => code?.trim() || null;

export const checkoutTemplate = defineEntity({
  ...entityAt('checkout template', '/ecom/v1', { query: 'Query checkout templates (cursor paging)' }),
  table: checkoutTemplates,
  schemas: { create: CheckoutTemplateCreate, patch: CheckoutTemplatePatch },
  writable: [
    'status',
    'customization',
    'lineItems',
    'customLineItems',
    'couponCode',
    'customContentReference',
    'externalReference',
  ] as const,
  query: {
    fields: {
      status: { sql: checkoutTemplates.status, type: 'string', sortable: true },
      couponCode: { sql: checkoutTemplates.couponCode, type: 'string', nullable: true },
    },
  },
  toWire: checkoutTemplateToWire,
  checkCreate: (input: CheckoutTemplateCreate) => checkLines(input),
  insert: (input) => ({
    status: input.status ?? 'ACTIVE',
    customization: customizationOf(input.customization),
    lineItems: input.lineItems ?? [],
    customLineItems: input.customLineItems ?? [],
    couponCode: couponOf(input.couponCode),
    customContentReference: input.customContentReference ?? null,
    externalReference: input.externalReference ?? null,
  }),
  update(patch: CheckoutTemplatePatch, fields, current) {
    const has = (f: (typeof fields)[number]) => fields.includes(f);
    const lineItems = has('lineItems') ? (patch.lineItems ?? []) : current.lineItems;
    const customLineItems = has('customLineItems') ? (patch.customLineItems ?? []) : current.customLineItems;
    const status = has('status') ? (patch.status ?? 'ACTIVE') : current.status;
    checkLines({ status, lineItems, customLineItems });
    return {
      ...(has('status') ? { status } : {}),
      ...(has('customization') ? { customization: customizationOf(patch.customization) } : {}),
      ...(has('lineItems') ? { lineItems } : {}),
      ...(has('customLineItems') ? { customLineItems } : {}),
      ...(has('couponCode') ? { couponCode: couponOf(patch.couponCode) } : {}),
      ...(has('customContentReference')
        ? { customContentReference: patch.customContentReference ?? null }
        : {}),
      ...(has('externalReference') ? { externalReference: patch.externalReference ?? null } : {}),
    };
  },
});

export const checkoutTemplateService = entityService(checkoutTemplate);

/** An inactive template starts no checkouts. */
export function templateInactive(id: string): AppError {
  return new AppError(
    400,
    'CHECKOUT_TEMPLATE_INACTIVE',
    'This checkout template is inactive: activate it to start checkouts from it',
    { checkoutTemplateId: id },
  );
}
