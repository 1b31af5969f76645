import type { VariantOverride } from '@aisle/sdk';
import { type FieldViolation, ValidationFailure } from '../../../platform/errors.ts';
import { moneyFromNumber } from '../../../platform/money.ts';
import { copyDefined } from '../../../platform/patch.ts';
import type { Dimensions, OptionInput, ProductInput, ProductPatch, VariantPatch } from '../shared/model.ts';
import type { ProductWrite } from './write-schemas.ts';

/** v1 wire objects (JSON-number prices) → service inputs (decimal strings): the only place floats become money. */

const amount = (value: number | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : moneyFromNumber(value);

const dimensions = (d: Dimensions | null | undefined) => (d === null ? null : d);

function options(product: ProductWrite): OptionInput[] | undefined {
  return product.productOptions?.map((o) => ({
    ...(o.optionType ? { optionType: o.optionType } : {}),
    name: o.name,
    choices: o.choices.map((c) => ({
      value: c.value,
      ...(c.description !== undefined ? { description: c.description } : {}),
      ...(c.visible !== undefined ? { visible: c.visible } : {}),
    })),
  }));
}

function discount(product: ProductWrite): ProductInput['discount'] {
  const d = product.discount;
  if (!d) return undefined;
  return { type: d.type, value: d.type === 'NONE' ? '0' : (amount(d.value) ?? '0') };
}

/** What a create and an update set alike, when given: options, info sections, text fields, SEO data. */
function setListsAndSeo(product: ProductWrite, into: ProductInput | ProductPatch): void {
  const opts = options(product);
  if (opts) into.productOptions = opts;
  if (product.additionalInfoSections) into.additionalInfoSections = product.additionalInfoSections;
  if (product.customTextFields)
    into.customTextFields = product.customTextFields.map((f) => ({ ...f, mandatory: f.mandatory ?? false }));
  if (product.seoData) into.seoData = product.seoData;
}

/** `POST /products`: name and price are required. */
export function productInputFromWire(product: ProductWrite): ProductInput {
  const violations: FieldViolation[] = [];
  if (!product.name?.trim())
    violations.push({
      field: 'product.name',
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
      data: {},
    });
  if (product.priceData?.price === undefined)
    violations.push({
      field: 'product.priceData.price',
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
      data: {},
    });
  if (violations.length) throw new ValidationFailure(violations);
  const input: ProductInput = { name: product.name!, price: amount(product.priceData!.price)! };
  if (product.slug !== undefined) input.slug = product.slug;
  if (product.description !== undefined) input.description = product.description;
  if (product.sku) input.sku = product.sku;
  if (product.productType) input.productType = product.productType;
  if (product.visible !== undefined) input.visible = product.visible;
  const cost = amount(product.costAndProfitData?.itemCost);
  if (cost !== undefined) input.cost = cost;
  if (product.weight !== undefined && product.weight !== null) input.weight = product.weight;
  const d = discount(product);
  if (d) input.discount = d;
  if (product.pricePerUnitData)
    input.pricePerUnitData = product.pricePerUnitData as ProductInput['pricePerUnitData'];
  if (product.brand) input.brand = product.brand;
  if (product.ribbon) input.ribbon = product.ribbon;
  setListsAndSeo(product, input);
  if (product.productDimensions) input.productDimensions = product.productDimensions;
  if (product.packageDimensions) input.packageDimensions = product.packageDimensions;
  if (product.digitalFile) input.digitalFile = { fileId: product.digitalFile.fileId.toLowerCase() };
  if (product.subscriptionDetails) input.subscriptionDetails = product.subscriptionDetails;
  return input;
}

/** `PATCH /products/{id}`: only the fields present. */
export function productPatchFromWire(product: ProductWrite): ProductPatch {
  const patch: ProductPatch = {};
  copyDefined(patch, product, ['name', 'slug', 'description', 'sku', 'productType', 'visible', 'weight']);
  if (product.priceData?.price !== undefined) patch.price = amount(product.priceData.price)!;
  if (product.costAndProfitData && 'itemCost' in product.costAndProfitData)
    patch.cost =
      product.costAndProfitData.itemCost === null
        ? null
        : (amount(product.costAndProfitData.itemCost) ?? null);
  const d = discount(product);
  if (d) patch.discount = d;
  if (product.pricePerUnitData !== undefined)
    patch.pricePerUnitData = product.pricePerUnitData as ProductPatch['pricePerUnitData'];
  copyDefined(patch, product, ['brand', 'ribbon']);
  setListsAndSeo(product, patch);
  if (product.productDimensions !== undefined)
    patch.productDimensions = dimensions(product.productDimensions);
  if (product.packageDimensions !== undefined)
    patch.packageDimensions = dimensions(product.packageDimensions);
  if (product.digitalFile !== undefined)
    patch.digitalFile = product.digitalFile && { fileId: product.digitalFile.fileId.toLowerCase() };
  if (product.subscriptionDetails !== undefined) patch.subscriptionDetails = product.subscriptionDetails;
  return patch;
}

/** The wire's variant override (SDK `VariantOverride`): JSON-number money. */
export type WireVariantPatch = VariantOverride;

export function variantPatchFromWire(v: WireVariantPatch): VariantPatch {
  const { price, cost, ...rest } = v;
  return {
    ...rest,
    ...(price !== undefined ? { price: moneyFromNumber(price) } : {}),
    ...(cost !== undefined ? { cost: moneyFromNumber(cost) } : {}),
  };
}
