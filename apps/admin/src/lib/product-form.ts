import {
  DEFAULT_VARIANT_ID,
  MEASUREMENT_UNITS,
  type MeasurementUnit,
  type Product,
  type ProductDiscountType,
  type ProductInput,
  type SeoTag,
} from '@aisle/sdk';
import type { AdminClient } from '../sdk.ts';
import type { ShownError } from './errors.ts';
import {
  type FieldSpec,
  type FieldValues,
  type FormValues,
  readFields,
  saveError,
  selectField,
} from './fields.ts';

/** Units of a price per unit (the wire's measurement units), as merchants write them. */
const unitOptions = MEASUREMENT_UNITS.map((u) => ({ value: u, label: u.toLowerCase() }));

/** The product form's field groups (lib/fields.ts specs), shown as fieldsets. */
export const PRODUCT_FIELDS = {
  basics: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 80 },
    {
      name: 'description',
      label: 'Description',
      kind: 'textarea',
      hint: 'Text or HTML (paragraphs, lists, links); the server removes anything unsafe.',
    },
    selectField('productType', 'Kind of product', {
      physical: 'Physical (shipped)',
      digital: 'Digital (downloaded)',
    }),
    { name: 'visible', label: 'Visible in the store', kind: 'toggle' },
  ],
  pricing: [
    { name: 'price', label: 'Price', kind: 'money', required: true, min: 0 },
    selectField(
      'discountType',
      'Discount',
      { NONE: 'No discount', AMOUNT: 'Amount off', PERCENT: 'Percent off' },
      {
        hint: 'With a discount, shoppers see the price struck through (the compare-at price) beside the sale price.',
      },
    ),
    { name: 'discountValue', label: 'Discount amount or percent', kind: 'number', min: 0 },
    {
      name: 'cost',
      label: 'Cost per item',
      kind: 'money',
      min: 0,
      hint: 'Only you see it: profit and margin.',
    },
    { name: 'sku', label: 'SKU', kind: 'text', maxLength: 40 },
    { name: 'weight', label: 'Weight', kind: 'number', min: 0 },
  ],
  perUnit: [
    { name: 'ppuTotal', label: 'Product contains', kind: 'number', min: 0 },
    { name: 'ppuTotalUnit', label: 'Unit of the contents', kind: 'select', options: unitOptions },
    { name: 'ppuBase', label: 'Show the price per', kind: 'number', min: 0 },
    { name: 'ppuBaseUnit', label: 'Unit of the shown price', kind: 'select', options: unitOptions },
  ],
  seo: [
    {
      name: 'slug',
      label: 'URL slug',
      kind: 'text',
      maxLength: 100,
      hint: 'The end of the product page’s address; made from the name when empty.',
    },
    { name: 'seoTitle', label: 'Page title for search engines', kind: 'text', maxLength: 70 },
    { name: 'seoDescription', label: 'Summary for search engines', kind: 'textarea', maxLength: 320 },
    {
      name: 'seoKeywords',
      label: 'Keywords',
      kind: 'text',
      hint: 'Separated by commas; the first is the main one.',
    },
  ],
} satisfies Record<string, FieldSpec[]>;

/** Every spec of the form (brand, ribbon and stock are added by the page: their options are read). */
export function productSpecs(brands: readonly string[], ribbons: readonly string[]): FieldSpec[] {
  const names = (list: readonly string[]) => list.map((n) => ({ value: n, label: n }));
  return [
    ...PRODUCT_FIELDS.basics,
    ...PRODUCT_FIELDS.pricing,
    { name: 'brand', label: 'Brand', kind: 'select', options: names(brands) },
    { name: 'ribbon', label: 'Ribbon', kind: 'select', options: names(ribbons) },
    ...PRODUCT_FIELDS.perUnit,
    ...PRODUCT_FIELDS.seo,
    { name: 'trackQuantity', label: 'Track stock levels', kind: 'toggle' },
    { name: 'quantity', label: 'Quantity in stock', kind: 'integer', min: 0 },
  ];
}

const tag = (tags: SeoTag[] | undefined, type: string, name?: string) =>
  tags?.find((t) => t.type === type && (name === undefined || t.props?.name === name));

/** The form's starting values of a product. */
export function productValues(p: Product | undefined): FormValues {
  if (!p)
    return { productType: 'physical', visible: true, discountType: 'NONE', trackQuantity: true, quantity: 0 };
  const ppu = p.pricePerUnitData;
  const tags = p.seoData?.tags;
  return {
    name: p.name,
    description: p.description,
    productType: p.productType ?? 'physical',
    visible: p.visible !== false,
    price: p.priceData?.price?.toFixed(2),
    discountType: p.discount?.type ?? 'NONE',
    discountValue: p.discount?.type && p.discount.type !== 'NONE' ? p.discount.value : undefined,
    cost: p.costAndProfitData?.itemCost?.toFixed(2),
    sku: p.sku,
    weight: p.weight,
    brand: p.brand,
    ribbon: p.ribbon,
    ppuTotal: ppu?.totalQuantity,
    ppuTotalUnit: ppu?.totalMeasurementUnit,
    ppuBase: ppu?.baseQuantity,
    ppuBaseUnit: ppu?.baseMeasurementUnit,
    slug: p.slug,
    seoTitle: tag(tags, 'title')?.children,
    seoDescription: String(tag(tags, 'meta', 'description')?.props?.content ?? ''),
    seoKeywords: (p.seoData?.settings?.keywords as { term?: string }[] | undefined)
      ?.map((k) => k.term)
      .join(', '),
    trackQuantity: p.stock?.trackInventory ?? true,
    quantity: p.stock?.quantity ?? 0,
  };
}

/** Lists the form repeats: additional info sections and customer text fields. */
export interface ProductLists {
  additionalInfoSections: { title: string; description: string }[];
  customTextFields: { title: string; maxLength: number; mandatory: boolean }[];
}

/** What the product form sends, checked enough to call the server. */
export interface ProductForm {
  product: ProductInput;
  /** Stock to track, or undefined for untracked stock. */
  quantity: number | undefined;
}

const str = (v: FieldValues[string] | undefined) => (v === null || v === undefined ? '' : String(v));
const num = (v: FieldValues[string] | undefined) =>
  v === null || v === undefined || v === '' ? undefined : Number(v);

/** The repeated lists, posted as JSON by their editors. */
function readLists(form: FormData): ProductLists | { problem: string } {
  try {
    const sections = JSON.parse(
      String(form.get('infoSections') ?? '[]'),
    ) as ProductLists['additionalInfoSections'];
    const texts = JSON.parse(
      String(form.get('customTextFields') ?? '[]'),
    ) as ProductLists['customTextFields'];
    return {
      additionalInfoSections: sections.filter((s) => s.title.trim() || s.description.trim()),
      customTextFields: texts.filter((t) => t.title.trim()),
    };
  } catch {
    return { problem: 'The page could not read its lists. Reload it and try again.' };
  }
}

/** The form read into a product input; local problems keyed by field name. */
export function readProductForm(
  form: FormData,
  specs: readonly FieldSpec[],
): { value: ProductForm } | { error: ShownError } {
  const read = readFields(form, specs);
  if ('error' in read) return read;
  const v = read.values;
  const fields: Record<string, string> = {};
  const discountType = str(v.discountType) as ProductDiscountType;
  if (discountType !== 'NONE' && num(v.discountValue) === undefined)
    fields.discountValue = 'Enter the discount, or choose “No discount”.';
  if (discountType === 'PERCENT' && (num(v.discountValue) ?? 0) > 100)
    fields.discountValue = 'A percent discount is at most 100.';
  const ppu = [v.ppuTotal, v.ppuTotalUnit, v.ppuBase, v.ppuBaseUnit];
  const ppuSet = ppu.filter((x) => x !== null).length;
  if (ppuSet > 0 && ppuSet < 4) fields.ppuTotal = 'Fill in all four price-per-unit fields, or none.';
  if (v.trackQuantity === true && num(v.quantity) === undefined)
    fields.quantity = 'Enter a whole number of units.';
  const lists = readLists(form);
  if ('problem' in lists) return { error: { message: lists.problem } };
  if (lists.customTextFields.some((t) => !(t.maxLength >= 1 && t.maxLength <= 500)))
    fields.customTextFields = 'Each text field allows 1 to 500 characters.';
  if (Object.keys(fields).length > 0)
    return { error: { message: 'Please correct the fields marked below.', fields } };

  const keywords = str(v.seoKeywords)
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const tags: SeoTag[] = [];
  if (v.seoTitle) tags.push({ type: 'title', children: str(v.seoTitle), custom: true, disabled: false });
  if (v.seoDescription)
    tags.push({
      type: 'meta',
      props: { name: 'description', content: str(v.seoDescription) },
      custom: true,
      disabled: false,
    });
  const product: ProductInput = {
    name: str(v.name),
    description: str(v.description),
    productType: str(v.productType) === 'digital' ? 'digital' : 'physical',
    visible: v.visible === true,
    priceData: { price: Number(v.price) },
    discount:
      discountType === 'NONE'
        ? { type: 'NONE', value: 0 }
        : { type: discountType, value: num(v.discountValue) ?? 0 },
    costAndProfitData: { itemCost: num(v.cost) ?? null },
    sku: v.sku === null ? null : str(v.sku),
    weight: num(v.weight) ?? null,
    brand: v.brand === null ? null : str(v.brand),
    ribbon: v.ribbon === null ? null : str(v.ribbon),
    pricePerUnitData:
      ppuSet === 4
        ? {
            totalQuantity: Number(v.ppuTotal),
            totalMeasurementUnit: str(v.ppuTotalUnit) as MeasurementUnit,
            baseQuantity: Number(v.ppuBase),
            baseMeasurementUnit: str(v.ppuBaseUnit) as MeasurementUnit,
          }
        : null,
    seoData: {
      tags,
      settings: { keywords: keywords.map((term, i) => ({ term, isMain: i === 0 })) },
    },
    additionalInfoSections: lists.additionalInfoSections,
    customTextFields: lists.customTextFields,
  };
  if (v.slug) product.slug = str(v.slug);
  return { value: { product, quantity: v.trackQuantity === true ? num(v.quantity) : undefined } };
}

/** The form field a server violation names: `product.priceData.price` → `price`, `…quantity` → `quantity`. */
export function productFieldOf(path: string): string {
  const p = path.replace(/^(product|inventoryItem)\./, '');
  if (/quantity$/i.test(p) && !p.startsWith('pricePerUnit')) return 'quantity';
  if (p.startsWith('pricePerUnitData')) return 'ppuTotal';
  if (p.startsWith('discount')) return 'discountValue';
  if (p.startsWith('costAndProfitData')) return 'cost';
  if (p.startsWith('priceData')) return 'price';
  if (p.startsWith('seoData')) return 'seoTitle';
  if (p.startsWith('additionalInfoSections')) return 'infoSections';
  if (p.startsWith('customTextFields')) return 'customTextFields';
  return p.split(/[.[]/)[0] ?? p;
}

/** A failed save, the server's violations next to the form's fields. */
export const productFormError = (error: unknown, specs: readonly FieldSpec[]): ShownError =>
  saveError(error, [...specs, LIST_SPECS.infoSections, LIST_SPECS.customTextFields], productFieldOf);

/** The repeated lists as specs, for labels of their server messages. */
export const LIST_SPECS = {
  infoSections: { name: 'infoSections', label: 'Additional info', kind: 'text' },
  customTextFields: { name: 'customTextFields', label: 'Text field', kind: 'text' },
} satisfies Record<string, FieldSpec>;

/** Tracks the stock of a product without options at `quantity`, or stops tracking it (in stock). */
export async function saveStock(client: AdminClient, productId: string, quantity: number | undefined) {
  await client.inventory.updateInventoryVariants(productId, {
    trackQuantity: quantity !== undefined,
    variants: [
      quantity === undefined
        ? { variantId: DEFAULT_VARIANT_ID, inStock: true }
        : { variantId: DEFAULT_VARIANT_ID, quantity },
    ],
  });
}
