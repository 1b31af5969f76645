import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { patchSchema } from '../../platform/entity-kit/index.ts';
import { literals } from '../../platform/schema.ts';
import { ImageInput } from '../catalogue/media/image-ref.ts';

/**
 * Request schemas of checkout settings, orders settings and tips (wire/merchant-settings.md; Aisle's choices
 * where the wire names a section without its fields are documented in docs/CHECKOUT.md).
 */

const Opt = Type.Optional;
const Bool = Type.Boolean;
const Str = (max: number, extra: Record<string, unknown> = {}) => Type.String({ maxLength: max, ...extra });
const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Id = Type.String({ format: 'uuid' });
const Revision = Type.Union([Type.String({ pattern: '^\\d{1,19}$' }), Type.Integer({ minimum: 0 })]);
const FieldMask = Opt(
  Str(2000, { description: 'Comma-joined dotted paths to update; all given fields when absent' }),
);
/** The PATCH body of a settings singleton: `{<key>: input, fieldMask}`. */
const settingsPatch = <K extends string, S extends TSchema>(key: K, input: S) =>
  Type.Object({ [key]: input, fieldMask: FieldMask } as { [P in K]: S } & { fieldMask: typeof FieldMask });

// ---- Checkout settings

export const POLICY_TEXT_MAX = 20_000;

/** A CSS hex colour: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. */
export const Color = Type.String({
  pattern: '^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$',
  description: 'A hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa',
});

const Policy = Type.Object({
  visible: Opt(Bool()),
  content: Opt(Str(POLICY_TEXT_MAX, { description: 'Plain text shown at checkout' })),
});
const CustomPolicy = Type.Object({
  visible: Opt(Bool()),
  title: Opt(Str(100)),
  content: Opt(Str(POLICY_TEXT_MAX, { description: 'Plain text shown at checkout' })),
});
const Checkbox = Type.Object({ visible: Opt(Bool()), checkedByDefault: Opt(Bool()) });
const BillingField = Type.Object({ visible: Opt(Bool()), required: Opt(Bool()) });

export const LOGO_SIZES = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export const ALIGNMENTS = ['SIDE', 'CENTER'] as const;

export const CheckoutSettingsInput = Type.Object({
  checkoutPolicies: Opt(
    Type.Object({
      termsAndConditions: Opt(Policy),
      privacyPolicy: Opt(Policy),
      returnPolicy: Opt(Policy),
      digitalItemPolicy: Opt(Policy),
      contactUs: Opt(Policy),
      customPolicy: Opt(CustomPolicy),
    }),
  ),
  checkoutFields: Opt(
    Type.Object({ subscriptionCheckbox: Opt(Checkbox), policyAgreementCheckbox: Opt(Checkbox) }),
  ),
  giftCardRedeemEnabled: Opt(Bool()),
  mitEnabled: Opt(Bool({ description: 'Merchant-initiated transactions on saved payment methods' })),
  delayCaptureEnabled: Opt(Bool({ description: 'Authorize at checkout, capture later' })),
  captureBeforeExpiryEnabled: Opt(
    Bool({ description: 'With delayed capture: capture automatically before the authorization expires' }),
  ),
  checkoutBrand: Opt(
    Type.Object({
      header: Opt(
        Type.Object({
          text: Opt(Str(100, { description: 'Shown beside or instead of the logo' })),
          textColor: Opt(Color),
          backgroundColor: Opt(Color),
          logo: Opt(
            Type.Object(
              { image: Opt(ImageInput), size: Opt(literals(LOGO_SIZES)) },
              {
                description: 'Remove the image with fieldMask "checkoutBrand.header.logo.image" and no image',
              },
            ),
          ),
          alignment: Opt(literals(ALIGNMENTS)),
        }),
      ),
      mainSection: Opt(
        Type.Object({
          backgroundColor: Opt(Color),
          textColor: Opt(Color),
          buttonColor: Opt(Color),
          buttonTextColor: Opt(Color),
        }),
      ),
      footer: Opt(Type.Object({ backgroundColor: Opt(Color), textColor: Opt(Color), text: Opt(Str(200)) })),
      global: Opt(
        Type.Object({
          backgroundColor: Opt(Color),
          textColor: Opt(Color),
          accentColor: Opt(Color),
          fontFamily: Opt(
            Type.String({
              maxLength: 100,
              pattern: '^[A-Za-z0-9 ,\'"-]+$',
              description: 'A CSS font-family list, e.g. "Inter, sans-serif"',
            }),
          ),
        }),
      ),
    }),
  ),
  checkoutBillingFields: Opt(
    Type.Object({
      phone: Opt(BillingField),
      company: Opt(BillingField),
      addressLine2: Opt(BillingField),
      vatId: Opt(BillingField),
    }),
  ),
  revision: Opt(Revision),
});
export type CheckoutSettingsInput = Static<typeof CheckoutSettingsInput>;
export const UpdateCheckoutSettingsRequest = settingsPatch('checkoutSettings', CheckoutSettingsInput);

// ---- Orders settings

export const INVENTORY_TRIGGERS = ['ON_ORDER_PAID', 'ON_ORDER_PLACED'] as const;
export const APPROVAL_STRATEGIES = ['DEFAULT', 'PAYMENT_RECEIVED', 'PAYMENT_METHOD_SAVED'] as const;

export const OrdersSettingsInput = Type.Object({
  inventoryUpdateTrigger: Opt(literals(INVENTORY_TRIGGERS)),
  createInvoice: Opt(Bool()),
  orderApprovalStrategy: Opt(literals(APPROVAL_STRATEGIES)),
});
export type OrdersSettingsInput = Static<typeof OrdersSettingsInput>;
export const UpdateOrdersSettingsRequest = settingsPatch('ordersSettings', OrdersSettingsInput);

// ---- Tips

export const TIP_SETTINGS_TYPES = ['PERCENTAGE', 'AMOUNT'] as const;
export const TIP_CHOICE_TYPES = ['PERCENTAGE', 'AMOUNT', 'CUSTOM'] as const;
export const MAX_TIP_PRESETS = 6;

/** A decimal value: a string (`"12.5"`) or a JSON number. */
const DecimalValue = Type.Union([
  Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,4})?$', description: 'A non-negative decimal string' }),
  Type.Number({ minimum: 0 }),
]);

const TipSettingsFields = {
  title: orNull(Str(100)),
  enabled: Bool(),
  isDefault: Bool({ description: 'Used when a preview or a checkout names no tip settings' }),
  tipType: literals(TIP_SETTINGS_TYPES),
  choices: Type.Array(DecimalValue, {
    minItems: 1,
    maxItems: MAX_TIP_PRESETS,
    description: 'Preset percentages (PERCENTAGE) or amounts (AMOUNT)',
  }),
  defaultChoice: orNull(DecimalValue),
  allowCustomAmount: Bool(),
};
export const TipSettingsCreate = Type.Object({
  title: Opt(TipSettingsFields.title),
  enabled: Opt(TipSettingsFields.enabled),
  isDefault: Opt(TipSettingsFields.isDefault),
  tipType: TipSettingsFields.tipType,
  choices: TipSettingsFields.choices,
  defaultChoice: Opt(TipSettingsFields.defaultChoice),
  allowCustomAmount: Opt(TipSettingsFields.allowCustomAmount),
});
export const TipSettingsPatch = patchSchema(TipSettingsFields);
export type TipSettingsCreate = Static<typeof TipSettingsCreate>;
export type TipSettingsPatch = Static<typeof TipSettingsPatch>;

export const TipChoiceInput = Type.Object({
  tipType: literals(TIP_CHOICE_TYPES),
  value: DecimalValue,
});
export type TipChoiceInput = Static<typeof TipChoiceInput>;

const LineItemInfo = Type.Object({
  lineItemId: Opt(Str(100)),
  catalogReference: Opt(Type.Record(Type.String(), Type.Unknown())),
  name: Opt(Str(500)),
  price: Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,4})?$', description: 'Unit price, a decimal string' }),
  quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
});

export const PreviewTipRequest = Type.Object({
  lineItemInfo: Type.Array(LineItemInfo, { maxItems: 300 }),
  tipChoice: Opt(TipChoiceInput),
  tipSettingsId: Opt(Id),
  draftOrderId: Opt(Str(100, { description: 'Not used: Aisle has no draft orders' })),
});
export type PreviewTipRequest = Static<typeof PreviewTipRequest>;

export const UpdateTipChoiceRequest = Type.Object({
  purchaseFlowId: Id,
  tipChoice: TipChoiceInput,
  tipSettingsId: Opt(Id),
});
export const PurchaseFlowParams = Type.Object({ purchaseFlowId: Id });
export const IdParams = Type.Object({ id: Id });
