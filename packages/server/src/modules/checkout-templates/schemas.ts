import { type Static, Type } from '@sinclair/typebox';
import { optionalFields, patchSchema } from '../../platform/entity-kit/index.ts';
import { literals } from '../../platform/schema.ts';
import { CustomLineItemInput, LineItemInput } from '../cart/schemas.ts';
import { TEMPLATE_STATUSES } from './model.ts';

/** Wire schemas of checkout templates (wire/merchant-settings.md "Checkout templates"). */

const Opt = Type.Optional;
const Str = (max: number) => Type.String({ maxLength: max });

const fields = {
  status: literals(TEMPLATE_STATUSES),
  customization: Type.Object({
    webClient: Opt(
      Type.Object({
        disabledContinueShoppingButton: Opt(Type.Boolean()),
        disabledPolicyAgreementCheckbox: Opt(Type.Boolean()),
      }),
    ),
    lockedGiftCard: Opt(Type.Boolean()),
    lockedCoupon: Opt(Type.Boolean()),
    disabledManualPayment: Opt(Type.Boolean()),
  }),
  lineItems: Type.Array(LineItemInput, { maxItems: 100 }),
  customLineItems: Type.Array(CustomLineItemInput, { maxItems: 100 }),
  couponCode: Type.Union([Str(50), Type.Null()]),
  customContentReference: Type.Object({ appId: Opt(Str(100)), componentId: Opt(Str(100)) }),
  externalReference: Type.Object({ appId: Opt(Str(100)), resourceId: Opt(Str(200)) }),
};

export const CheckoutTemplateCreate = Type.Object(optionalFields(fields));
export type CheckoutTemplateCreate = Static<typeof CheckoutTemplateCreate>;

export const CheckoutTemplatePatch = patchSchema(fields);
export type CheckoutTemplatePatch = Static<typeof CheckoutTemplatePatch>;

export const BulkCreateTemplatesRequest = Type.Object({
  checkoutTemplates: Type.Array(CheckoutTemplateCreate, { minItems: 1, maxItems: 100 }),
  returnEntity: Opt(Type.Boolean()),
});

export const TemplateIdParams = Type.Object({ checkoutTemplateId: Type.String({ format: 'uuid' }) });
export const FromTemplateRequest = Type.Object({ siteId: Opt(Str(100)) });
