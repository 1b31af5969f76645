import { Type } from '@sinclair/typebox';
import { PathMask } from '../../../platform/entity-kit/index.ts';
import { Revision } from '../shared/v3.ts';
import { Id, Opt, Str } from '../shared/schemas.ts';

/** v3 brands, ribbons, customizations and info sections (wire/merchant-settings.md). */

const ReturnEntity = Opt(Type.Boolean({ description: 'Default true' }));

const Meta = {
  id: Str(),
  revision: Str(),
  createdDate: Str({ format: 'date-time' }),
  updatedDate: Str({ format: 'date-time' }),
};

// ---- brands and ribbons

export const NamedInput = Type.Object({
  id: Opt(Id),
  name: Opt(Str({ maxLength: 200 })),
  revision: Opt(Revision),
});
export const Brand = Type.Object({ ...Meta, name: Str(), assignedProductsCount: Opt(Type.Integer()) });
export const Ribbon = Type.Object({ ...Meta, name: Str(), assignedProductCount: Opt(Type.Integer()) });

// ---- customizations

const Price = Str({ maxLength: 20, description: 'Decimal string' });
const ImageRef = Type.Object({
  id: Opt(Str({ maxLength: 100 })),
  url: Opt(Str({ maxLength: 2000 })),
  width: Opt(Type.Integer({ minimum: 0 })),
  height: Opt(Type.Integer({ minimum: 0 })),
  altText: Opt(Str({ maxLength: 200 })),
  filename: Opt(Str({ maxLength: 200 })),
});
const ChoiceType = Type.Union([
  Type.Literal('CHOICE_TEXT'),
  Type.Literal('ONE_COLOR'),
  Type.Literal('MULTIPLE_COLORS'),
  Type.Literal('IMAGE'),
]);
export const ChoiceInput = Type.Object({
  id: Opt(Id),
  name: Opt(Str({ maxLength: 100 })),
  choiceType: Opt(ChoiceType),
  colorCode: Opt(Str({ maxLength: 20 })),
  multipleColors: Opt(Type.Object({ colorCodes: Type.Array(Str({ maxLength: 20 }), { maxItems: 10 }) })),
  displayImage: Opt(ImageRef),
  defaultAddedPrice: Opt(Price),
  primaryChoiceIds: Opt(Type.Array(Id, { maxItems: 100 })),
});
const Choices = Type.Array(ChoiceInput, { maxItems: 100 });
export const CustomizationInput = Type.Object({
  id: Opt(Id),
  revision: Opt(Revision),
  name: Opt(Str({ maxLength: 100 })),
  customizationType: Opt(Type.Union([Type.Literal('PRODUCT_OPTION'), Type.Literal('MODIFIER')])),
  customizationRenderType: Opt(
    Type.Union([Type.Literal('FREE_TEXT'), Type.Literal('TEXT_CHOICES'), Type.Literal('SWATCH_CHOICES')]),
  ),
  freeTextInput: Opt(
    Type.Object({
      minCharCount: Opt(Type.Integer({ minimum: 0 })),
      maxCharCount: Opt(Type.Integer({ minimum: 1 })),
      defaultAddedPrice: Opt(Price),
      title: Opt(Str({ maxLength: 100 })),
    }),
  ),
  choicesSettings: Opt(Type.Object({ choices: Choices })),
});
const Choice = Type.Object({
  id: Str(),
  key: Str(),
  name: Str(),
  choiceType: ChoiceType,
  colorCode: Opt(Str()),
  multipleColors: Opt(Type.Object({ colorCodes: Type.Array(Str()) })),
  displayImage: Opt(ImageRef),
  defaultAddedPrice: Opt(Str()),
  primaryChoiceIds: Opt(Type.Array(Str())),
});
export const Customization = Type.Object({
  ...Meta,
  name: Str(),
  key: Str(),
  customizationType: Str(),
  customizationRenderType: Str(),
  freeTextInput: Opt(
    Type.Object({
      minCharCount: Type.Integer(),
      maxCharCount: Type.Integer(),
      defaultAddedPrice: Opt(Str()),
      title: Opt(Str()),
      key: Str(),
    }),
  ),
  choicesSettings: Opt(Type.Object({ choices: Type.Array(Choice) })),
  assignedProductsCount: Opt(Type.Integer()),
});
export const ChoicesRequest = Type.Object({ choices: Choices, revision: Opt(Revision) });
export const ChoiceIdsRequest = Type.Object({
  choiceIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
  revision: Revision,
});
export const UpdateChoicesRequest = Type.Object({
  choices: Type.Array(Type.Object({ choice: ChoiceInput, fieldMask: PathMask }), {
    minItems: 1,
    maxItems: 100,
  }),
  revision: Revision,
});
export const BulkAddChoicesRequest = Type.Object({
  customizationsChoices: Type.Array(Type.Object({ customizationId: Id, choices: Choices }), {
    minItems: 1,
    maxItems: 100,
  }),
  returnEntity: ReturnEntity,
});
export const CustomizationIdParams = Type.Object({ customizationId: Id });

// ---- info sections

export const RichContentSchema = Type.Object(
  {
    nodes: Type.Array(Type.Object({ type: Str({ maxLength: 50 }) }, { additionalProperties: true }), {
      maxItems: 1000,
    }),
    metadata: Opt(Type.Record(Str(), Type.Unknown())),
    documentStyle: Opt(Type.Record(Str(), Type.Unknown())),
  },
  { description: 'A rich-content document', additionalProperties: true },
);
export const InfoSectionInput = Type.Object({
  id: Opt(Id),
  revision: Opt(Revision),
  uniqueName: Opt(Str({ maxLength: 200 })),
  title: Opt(Str({ maxLength: 200 })),
  description: Opt(RichContentSchema),
  plainDescription: Opt(Str({ maxLength: 16_000, description: 'HTML; sanitised' })),
});
export const InfoSection = Type.Object({
  ...Meta,
  uniqueName: Str(),
  title: Str(),
  description: RichContentSchema,
  plainDescription: Str(),
  assignedProductsCount: Opt(Type.Integer()),
});
