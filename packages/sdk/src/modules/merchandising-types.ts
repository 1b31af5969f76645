// Catalogue v3 reference data as the SDK returns it (wire/merchant-settings.md "Catalogue v3 reference data"):
// dates as Date, customization choice images as `aisle:image://` URIs, revisions as int64 strings.

/** `ASSIGNED_PRODUCTS_COUNT` adds the count of products using the entity. */
export type MerchandisingField = 'ASSIGNED_PRODUCTS_COUNT';

interface V3Entity {
  id: string;
  /** int64 as a string: send it back on update. */
  revision?: string;
  createdDate?: Date;
  updatedDate?: Date;
}

export interface Brand extends V3Entity {
  name?: string;
  /** With `fields: ['ASSIGNED_PRODUCTS_COUNT']`. */
  assignedProductsCount?: number;
}

export interface Ribbon extends V3Entity {
  name?: string;
  /** With `fields: ['ASSIGNED_PRODUCTS_COUNT']` (the wire spells it without the plural s). */
  assignedProductCount?: number;
}

/** Create: `name`; update: `name` and the `revision` read. */
export interface NamedInput {
  name?: string;
  revision?: string;
}

export type CustomizationType = 'PRODUCT_OPTION' | 'MODIFIER';
export type CustomizationRenderType = 'FREE_TEXT' | 'TEXT_CHOICES' | 'SWATCH_CHOICES';
export type ChoiceType = 'CHOICE_TEXT' | 'ONE_COLOR' | 'MULTIPLE_COLORS' | 'IMAGE';

export interface CustomizationChoice {
  id?: string;
  key?: string;
  name?: string;
  choiceType?: ChoiceType;
  colorCode?: string;
  multipleColors?: { colorCodes?: string[] };
  /** An `aisle:image://` URI or an image URL. */
  displayImage?: string;
  /** Decimal string. */
  defaultAddedPrice?: string;
  primaryChoiceIds?: string[];
}

export interface FreeTextSettings {
  minCharCount?: number;
  maxCharCount?: number;
  defaultAddedPrice?: string;
  title?: string;
  key?: string;
}

export interface Customization extends V3Entity {
  name?: string;
  key?: string;
  customizationType?: CustomizationType;
  customizationRenderType?: CustomizationRenderType;
  freeTextInput?: FreeTextSettings;
  choicesSettings?: { choices?: CustomizationChoice[] };
  assignedProductsCount?: number;
}

export interface CustomizationInput {
  name?: string;
  customizationType?: CustomizationType;
  customizationRenderType?: CustomizationRenderType;
  freeTextInput?: Omit<FreeTextSettings, 'key'>;
  choicesSettings?: { choices: CustomizationChoiceInput[] };
  revision?: string;
}

export type CustomizationChoiceInput = Omit<CustomizationChoice, 'key'>;

/** A rich-content document (`{nodes, metadata, documentStyle}`). */
export interface RichContent {
  nodes: ({ type: string } & Record<string, unknown>)[];
  metadata?: Record<string, unknown>;
  documentStyle?: Record<string, unknown>;
}

export interface InfoSection extends V3Entity {
  uniqueName?: string;
  title?: string;
  description?: RichContent;
  /** HTML. */
  plainDescription?: string;
  assignedProductsCount?: number;
}

export interface InfoSectionInput {
  uniqueName?: string;
  title?: string;
  description?: RichContent;
  /** HTML; sanitised by the server. */
  plainDescription?: string;
  revision?: string;
}

/** `{fields}` of get and query calls. */
export interface FieldsOptions {
  fields?: MerchandisingField[];
}

/** Update options: the fields to write and the extra fields to return. */
export interface MerchandisingUpdateOptions extends FieldsOptions {
  fieldMask?: string | readonly string[];
}
