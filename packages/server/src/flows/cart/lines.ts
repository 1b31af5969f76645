import { randomUUID } from 'node:crypto';
import type { StoredMedia } from '../../modules/catalogue/shared/model.ts';
import { type MediaLinks, unsignedLinks } from '../../modules/catalogue/media/signing.ts';
import { mediaLink } from '../../modules/catalogue/media/wire.ts';
import type {
  CarriedFields,
  CatalogOverrides,
  StoredCatalogLine,
  StoredCustomLine,
  StoredDescriptionLine,
  StoredImage,
  StoredLine,
  TranslatableText,
} from '../../modules/cart/model.ts';
import type { CustomLineItemInput, LineItemInput } from '../../modules/cart/schemas.ts';
import type { Currency } from '../../modules/pricing/currency.ts';
import type { AvailabilityStatus, LineItemSnapshot } from '../../modules/pricing/index.ts';
import type { Mcp } from '../../modules/pricing/totals.ts';
import {
  findSubscriptionOption,
  subscriptionOptionInfoOf,
  subscriptionPrice,
} from '../../modules/catalogue/products/subscriptions.ts';
import { AppError, type FieldViolation, ValidationFailure } from '../../platform/errors.ts';
import {
  type Catalog,
  type CatalogProduct,
  type CatalogVariant,
  STORE_APP_ID,
  unitsAvailable,
  UUID,
} from './catalogue.ts';

/** Cart lines: from request inputs to stored lines, and from stored lines + live catalogue to wire and engine. */

// ---- Inputs → stored lines

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with sorted keys: equal values give equal text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

const v = (
  field: string,
  description: string,
  rule: FieldViolation['violatedRule'] = 'VALIDATION',
): FieldViolation => ({
  field,
  description,
  violatedRule: rule,
  data: {},
});

/** The catalogue item ids of line inputs that reference the store catalogue (for one catalogue read). */
export function referencedProductIds(inputs: LineItemInput[] | undefined): string[] {
  return (inputs ?? [])
    .filter((i) => i.catalogReference.appId === STORE_APP_ID)
    .map((i) => i.catalogReference.catalogItemId);
}

function choiceOf(product: CatalogProduct, optionName: string, given: string) {
  const option = (product.data.productOptions ?? []).find((o) => o.name === optionName);
  return option?.choices.find((c) => c.description === given || c.value === given);
}

/** The variant a reference's options name: `variantId`, or `options {name: choice}`, or the only variant. */
function resolveVariant(
  product: CatalogProduct,
  options: Record<string, unknown>,
  field: string,
  violations: FieldViolation[],
): CatalogVariant | undefined {
  const variantId = options.variantId;
  if (variantId !== undefined && variantId !== null && variantId !== '') {
    const found =
      typeof variantId === 'string' ? product.variants.find((x) => x.id === variantId) : undefined;
    if (!found) violations.push(v(`${field}.variantId`, 'is not a variant of this product'));
    return found;
  }
  const productOptions = product.data.productOptions ?? [];
  const chosen = options.options;
  if (productOptions.length === 0) {
    if (isRecord(chosen) && Object.keys(chosen).length > 0) {
      violations.push(v(`${field}.options`, 'this product has no options', 'FIELD_NOT_ALLOWED'));
      return undefined;
    }
    return product.variants[0];
  }
  if (!isRecord(chosen)) {
    violations.push(v(field, 'must choose the product options (options or variantId)', 'REQUIRED_FIELD'));
    return undefined;
  }
  const wanted: Record<string, string> = {};
  let ok = true;
  for (const option of productOptions) {
    const given = chosen[option.name];
    if (typeof given !== 'string' || given === '') {
      violations.push(v(`${field}.options.${option.name}`, 'is required', 'REQUIRED_FIELD'));
      ok = false;
      continue;
    }
    const choice = choiceOf(product, option.name, given);
    if (!choice) {
      violations.push(
        v(
          `${field}.options.${option.name}`,
          `"${given}" is not a choice of this option`,
          'INVALID_ENUM_VALUE',
        ),
      );
      ok = false;
      continue;
    }
    wanted[option.name] = choice.description;
  }
  const unknown = Object.keys(chosen).filter((name) => !productOptions.some((o) => o.name === name));
  for (const name of unknown) {
    violations.push(v(`${field}.options.${name}`, 'is not an option of this product', 'FIELD_NOT_ALLOWED'));
    ok = false;
  }
  if (!ok) return undefined;
  const found = product.variants.find((x) =>
    productOptions.every((o) => x.choices[o.name] === wanted[o.name]),
  );
  if (!found) violations.push(v(`${field}.options`, 'no variant has this combination of choices'));
  return found;
}

function customTextFieldsOf(
  product: CatalogProduct,
  given: unknown,
  field: string,
  violations: FieldViolation[],
): Record<string, string> | undefined {
  const defined = product.data.customTextFields ?? [];
  const values = isRecord(given) ? given : {};
  const out: Record<string, string> = {};
  for (const f of defined) {
    const raw = values[f.title];
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (!text) {
      if (f.mandatory) violations.push(v(`${field}.${f.title}`, 'is required', 'REQUIRED_FIELD'));
      continue;
    }
    if (text.length > f.maxLength)
      violations.push({
        ...v(`${field}.${f.title}`, `must be at most ${f.maxLength} characters`, 'MAX_LENGTH'),
        data: { max: f.maxLength },
      });
    out[f.title] = text;
  }
  return Object.keys(out).length ? out : undefined;
}

function imageOf(input: string | StoredImage | undefined): StoredImage | undefined {
  if (input === undefined) return undefined;
  return typeof input === 'string' ? { url: input } : input;
}

function carriedOf(input: LineItemInput | CustomLineItemInput): CarriedFields {
  return {
    ...(input.selectedMembership ? { selectedMembership: input.selectedMembership } : {}),
    ...(input.taxableAddress ? { taxableAddress: input.taxableAddress } : {}),
    ...(input.extendedFields?.namespaces ? { extendedFields: input.extendedFields.namespaces } : {}),
    ...(input.subscriptionOptionInfo ? { subscriptionOptionInfo: input.subscriptionOptionInfo } : {}),
    ...(input.serviceProperties ? { serviceProperties: input.serviceProperties } : {}),
  };
}

function overridesOf(input: LineItemInput['catalogOverrideFields']): CatalogOverrides | undefined {
  if (!input) return undefined;
  const { image, ...rest } = input;
  const img = imageOf(image);
  return { ...rest, ...(img ? { image: img } : {}) };
}

/**
 * Catalogue line inputs → stored lines (not yet merged). Every problem is reported at once, each naming its
 * field (`lineItems[0].catalogReference.options.Size`). Only the store catalogue can be referenced.
 */
export function catalogLinesFrom(
  inputs: LineItemInput[],
  catalog: Catalog,
  isAdmin: boolean,
  now: Date,
  field = 'lineItems',
): StoredCatalogLine[] {
  const violations: FieldViolation[] = [];
  const lines: StoredCatalogLine[] = [];
  inputs.forEach((input, index) => {
    const at = `${field}[${index}]`;
    if (input.catalogOverrideFields && !isAdmin)
      throw new AppError(403, 'FORBIDDEN', 'catalogOverrideFields may only be set with admin credentials', {
        field: `${at}.catalogOverrideFields`,
      });
    const ref = input.catalogReference;
    if (ref.appId !== STORE_APP_ID) {
      violations.push(
        v(`${at}.catalogReference.appId`, `is not a catalogue of this store (use ${STORE_APP_ID})`),
      );
      return;
    }
    if (!UUID.test(ref.catalogItemId)) {
      violations.push(v(`${at}.catalogReference.catalogItemId`, 'must be a product id (GUID)', 'FORMAT'));
      return;
    }
    const product = catalog.get(ref.catalogItemId);
    if (!product || (!product.visible && !isAdmin)) {
      throw new AppError(404, 'CATALOG_ITEM_NOT_FOUND', `Product ${ref.catalogItemId} was not found`, {
        field: `${at}.catalogReference.catalogItemId`,
        catalogItemId: ref.catalogItemId,
      });
    }
    const options = ref.options ?? {};
    const count = violations.length;
    const variant = resolveVariant(product, options, `${at}.catalogReference.options`, violations);
    const customTextFields = customTextFieldsOf(
      product,
      options.customTextFields,
      `${at}.catalogReference.options.customTextFields`,
      violations,
    );
    if (!variant || violations.length > count) return;
    const overrides = overridesOf(input.catalogOverrideFields);
    const carried = carriedOf(input);
    // A subscription option of the product: the line carries its settings (the buyer's start date kept).
    const details = product.data.subscriptionDetails;
    if (options.subscriptionOptionId !== undefined) {
      const option = findSubscriptionOption(details, options.subscriptionOptionId);
      if (!option || !details) {
        violations.push(
          v(
            `${at}.catalogReference.options.subscriptionOptionId`,
            'is not a subscription option of this product',
          ),
        );
        return;
      }
      const given = input.subscriptionOptionInfo?.subscriptionSettings as { startDate?: unknown } | undefined;
      const startDate =
        typeof given?.startDate === 'string' && !Number.isNaN(Date.parse(given.startDate))
          ? new Date(given.startDate).toISOString()
          : undefined;
      carried.subscriptionOptionInfo = subscriptionOptionInfoOf(details, option, startDate);
    } else if (details && !details.allowOneTimePurchases) {
      violations.push(
        v(
          `${at}.catalogReference.options.subscriptionOptionId`,
          'is required: this product is sold by subscription only, choose one of its subscription options',
          'REQUIRED_FIELD',
        ),
      );
      return;
    }
    const media = product.data.media?.[0];
    lines.push({
      kind: 'catalog',
      id: randomUUID(),
      quantity: input.quantity ?? 1,
      catalogReference: {
        catalogItemId: ref.catalogItemId,
        appId: ref.appId,
        ...(ref.options ? { options: ref.options } : {}),
      },
      productId: product.id,
      variantId: variant.id,
      ...(customTextFields ? { customTextFields } : {}),
      mergeKey: stableJson([
        product.id,
        variant.id,
        customTextFields ?? null,
        options.subscriptionOptionId ?? null,
        overrides ?? null,
        carried,
      ]),
      lastKnown: { name: product.name, ...(media ? { image: storedImage(media) } : {}) },
      ...(overrides ? { catalogOverrideFields: overrides } : {}),
      ...carried,
      addedDate: now.toISOString(),
    });
  });
  if (violations.length) throw new ValidationFailure(violations);
  return lines;
}

/** Custom (caller-priced) line inputs → stored lines; only admins get here. */
export function customLinesFrom(inputs: CustomLineItemInput[], now: Date): StoredCustomLine[] {
  return inputs.map((input) => {
    const media = imageOf(input.media);
    const url = typeof input.url === 'string' ? { url: input.url } : input.url;
    return {
      kind: 'custom',
      id: randomUUID(),
      quantity: input.quantity,
      productName: input.productName,
      price: input.price,
      ...(input.fullPrice ? { fullPrice: input.fullPrice } : {}),
      ...(input.depositAmount ? { depositAmount: input.depositAmount } : {}),
      ...(input.priceDescription ? { priceDescription: input.priceDescription } : {}),
      ...(input.descriptionLines ? { descriptionLines: input.descriptionLines } : {}),
      ...(media ? { media } : {}),
      ...(url ? { url } : {}),
      itemType: input.itemType ?? { preset: 'PHYSICAL' },
      ...(input.quantityAvailable !== undefined ? { quantityAvailable: input.quantityAvailable } : {}),
      ...(input.physicalProperties ? { physicalProperties: input.physicalProperties } : {}),
      ...(input.paymentOption ? { paymentOption: input.paymentOption } : {}),
      ...(input.catalogReference ? { catalogReference: input.catalogReference } : {}),
      ...(input.taxGroupId ? { taxGroupId: input.taxGroupId } : {}),
      ...(input.policies ? { policies: input.policies } : {}),
      ...(input.membersOnly !== undefined ? { membersOnly: input.membersOnly } : {}),
      ...(input.fixedQuantity !== undefined ? { fixedQuantity: input.fixedQuantity } : {}),
      ...(input.priceUndetermined !== undefined ? { priceUndetermined: input.priceUndetermined } : {}),
      ...(input.savePaymentMethod !== undefined ? { savePaymentMethod: input.savePaymentMethod } : {}),
      ...(input.rootCatalogItemId ? { rootCatalogItemId: input.rootCatalogItemId } : {}),
      ...carriedOf(input),
      addedDate: now.toISOString(),
    };
  });
}

// ---- Stored lines + catalogue → wire and engine

function storedImage(media: StoredMedia): StoredImage {
  const image: StoredImage = { id: media.id };
  if (media.url) image.url = media.url;
  image.width = media.width;
  image.height = media.height;
  image.filename = media.filename;
  if (media.altText) image.altText = media.altText;
  return image;
}

export interface ViewContext {
  currency: Currency;
  /** The server's public URL: base of media and product page URLs. */
  baseUrl: string;
  /** Signs media URLs (unsigned when absent). */
  media?: MediaLinks;
  /** Tax group of catalogue lines. */
  defaultTaxGroupId: string | undefined;
}

type WireImage = StoredImage & { urlExpirationDate?: string };

// Views build their objects field by field, in wire order: conditional spreads (`...(x ? {x} : {})`) cost more
// than the rest of a line's view.
function wireImage(image: StoredImage | undefined, ctx: ViewContext): WireImage | undefined {
  if (!image) return undefined;
  const link = image.url
    ? { url: image.url }
    : image.id && image.filename
      ? mediaLink(ctx.media ?? unsignedLinks(ctx.baseUrl), { id: image.id, filename: image.filename })
      : undefined;
  const out: WireImage = {};
  if (image.id) out.id = image.id;
  if (link) out.url = link.url;
  if (link?.urlExpirationDate) out.urlExpirationDate = link.urlExpirationDate;
  if (image.height !== undefined) out.height = image.height;
  if (image.width !== undefined) out.width = image.width;
  if (image.altText) out.altText = image.altText;
  if (image.filename) out.filename = image.filename;
  return out;
}

const text = (original: string): TranslatableText => ({ original, translated: original });

export interface LineView {
  /** The line item as returned in `cart.lineItems`. */
  wire: WireLineItem;
  /** The line as the pricing engine takes it. */
  snapshot: LineItemSnapshot;
}

export interface WireLineItem {
  id: string;
  quantity: number;
  catalogReference?: { catalogItemId: string; appId: string; options?: Record<string, unknown> };
  productName: TranslatableText;
  url?: { relativePath?: string; url?: string };
  price: Mcp;
  fullPrice: Mcp;
  priceBeforeDiscounts: Mcp;
  lineItemPrice: Mcp;
  depositAmount?: Mcp;
  descriptionLines: StoredDescriptionLine[];
  image?: WireImage;
  availability: { status: AvailabilityStatus; quantityAvailable?: number };
  physicalProperties: { weight?: number; sku?: string; shippable: boolean };
  itemType: { preset?: string; custom?: string };
  paymentOption: string;
  rootCatalogItemId?: string;
  priceDescription?: TranslatableText;
  taxGroupId?: string;
  customLineItem: boolean;
  priceUndetermined: boolean;
  fixedQuantity: boolean;
  savePaymentMethod: boolean;
  membersOnly: boolean;
  policies: { title?: string; content?: string }[];
  [carried: string]: unknown;
}

function availabilityOf(
  available: number | undefined,
  quantity: number,
): { status: AvailabilityStatus; quantityAvailable?: number } {
  if (available === undefined) return { status: 'AVAILABLE' };
  if (available <= 0) return { status: 'NOT_AVAILABLE', quantityAvailable: 0 };
  if (available < quantity) return { status: 'PARTIALLY_AVAILABLE', quantityAvailable: available };
  return { status: 'AVAILABLE', quantityAvailable: available };
}

/** The carried fields of a stored line, added to its wire line in wire order. */
function addCarried(wire: Record<string, unknown>, line: CarriedFields): void {
  if (line.selectedMembership) wire.selectedMembership = line.selectedMembership;
  if (line.taxableAddress) wire.taxableAddress = line.taxableAddress;
  if (line.extendedFields) wire.extendedFields = { namespaces: line.extendedFields };
  if (line.subscriptionOptionInfo) wire.subscriptionOptionInfo = line.subscriptionOptionInfo;
  if (line.serviceProperties) wire.serviceProperties = line.serviceProperties;
}

/** "Size: M", a colour swatch for colour options, then the custom text fields. */
function descriptionLinesOf(
  product: CatalogProduct,
  variant: CatalogVariant,
  line: StoredCatalogLine,
): StoredDescriptionLine[] {
  const out: StoredDescriptionLine[] = [];
  for (const option of product.data.productOptions ?? []) {
    const chosen = variant.choices[option.name];
    if (chosen === undefined) continue;
    if (option.optionType === 'color') {
      const choice = option.choices.find((c) => c.description === chosen);
      out.push({
        name: text(option.name),
        colorInfo: { original: chosen, translated: chosen, ...(choice ? { code: choice.value } : {}) },
        lineType: 'COLOR',
      });
    } else {
      out.push({ name: text(option.name), plainText: text(chosen), lineType: 'PLAIN_TEXT' });
    }
  }
  for (const [title, value] of Object.entries(line.customTextFields ?? {}))
    out.push({ name: text(title), plainText: text(value), lineType: 'PLAIN_TEXT' });
  return out;
}

/** The image of the chosen choices (the first with media), else the product's main image. */
function imageFor(product: CatalogProduct, variant: CatalogVariant): StoredImage | undefined {
  const media = product.data.media ?? [];
  for (const option of product.data.productOptions ?? []) {
    const choice = option.choices.find((c) => c.description === variant.choices[option.name]);
    const id = choice?.mediaIds[0];
    const found = id ? media.find((m) => m.id === id) : undefined;
    if (found) return storedImage(found);
  }
  return media[0] ? storedImage(media[0]) : undefined;
}

function catalogLineView(
  line: StoredCatalogLine,
  product: CatalogProduct | undefined,
  ctx: ViewContext,
): LineView {
  const { currency } = ctx;
  const overrides = line.catalogOverrideFields ?? {};
  const variant = product?.visible ? product.variants.find((x) => x.id === line.variantId) : undefined;
  const found = product?.visible === true && variant !== undefined;
  const availability: { status: AvailabilityStatus; quantityAvailable?: number } = !found
    ? { status: 'NOT_FOUND' }
    : !variant.visible
      ? { status: 'NOT_AVAILABLE', quantityAvailable: 0 }
      : availabilityOf(unitsAvailable(variant.stock), line.quantity);
  const optionId = line.catalogReference.options?.subscriptionOptionId;
  const option =
    optionId !== undefined ? findSubscriptionOption(product?.data.subscriptionDetails, optionId) : undefined;
  const oneTime = variant?.discountedPrice ?? '0';
  // A plan with a free trial is not paid at checkout: its first cycle is charged when the trial ends.
  const price =
    overrides.price ??
    (option ? (option.freeTrialPeriod ? '0' : subscriptionPrice(oneTime, option)) : oneTime);
  const fullPrice = overrides.fullPrice ?? variant?.price ?? price;
  const unit = currency.parse(price);
  const name = overrides.productName ?? text(product?.name ?? line.lastKnown.name);
  const image = overrides.image ?? (found ? imageFor(product, variant) : line.lastKnown.image);
  const physical = product ? product.productType === 'physical' : true;
  const weight = overrides.physicalProperties?.weight ?? variant?.weight ?? product?.weight ?? undefined;
  const sku = overrides.physicalProperties?.sku ?? variant?.sku ?? product?.sku ?? undefined;
  const shippable = overrides.physicalProperties?.shippable ?? physical;
  const paymentOption = overrides.paymentOption?.value ?? line.paymentOption ?? 'FULL_PAYMENT_ONLINE';
  const itemType = physical ? 'PHYSICAL' : 'DIGITAL';
  const wireImg = wireImage(image, ctx);
  const wire = {
    id: line.id,
    quantity: line.quantity,
    catalogReference: line.catalogReference,
    productName: name,
  } as WireLineItem;
  if (product) {
    const relativePath = `/product-page/${product.slug}`;
    wire.url = { relativePath, url: `${ctx.baseUrl}${relativePath}` };
  }
  wire.price = currency.mcp(unit);
  wire.fullPrice = currency.mcp(currency.parse(fullPrice));
  wire.priceBeforeDiscounts = wire.price;
  wire.lineItemPrice = currency.mcp(unit * BigInt(line.quantity));
  if (overrides.depositAmount) wire.depositAmount = currency.mcp(currency.parse(overrides.depositAmount));
  wire.descriptionLines =
    overrides.descriptionLines ?? (found ? descriptionLinesOf(product, variant, line) : []);
  if (wireImg) wire.image = wireImg;
  wire.availability = availability;
  const physicalProperties: WireLineItem['physicalProperties'] = {} as WireLineItem['physicalProperties'];
  if (weight !== undefined && weight !== null) physicalProperties.weight = weight;
  if (sku) physicalProperties.sku = sku;
  physicalProperties.shippable = shippable;
  wire.physicalProperties = physicalProperties;
  wire.itemType = { preset: itemType };
  wire.paymentOption = paymentOption;
  wire.rootCatalogItemId = line.productId;
  if (ctx.defaultTaxGroupId) wire.taxGroupId = ctx.defaultTaxGroupId;
  wire.customLineItem = false;
  wire.priceUndetermined = false;
  wire.fixedQuantity = false;
  wire.savePaymentMethod = overrides.savePaymentMethod ?? false;
  wire.membersOnly = false;
  wire.policies = [];
  if (line.catalogOverrideFields) wire.catalogOverrideFields = line.catalogOverrideFields;
  addCarried(wire, line);
  const snapshot = {
    id: line.id,
    name: name.translated ?? name.original,
    quantity: line.quantity,
    catalogReference: line.catalogReference,
    price,
    fullPrice,
  } as LineItemSnapshot;
  if (overrides.depositAmount) snapshot.depositAmount = overrides.depositAmount;
  snapshot.itemType = itemType;
  snapshot.productId = line.productId;
  snapshot.collectionIds = product?.collectionIds ?? [];
  if (ctx.defaultTaxGroupId) snapshot.taxGroupId = ctx.defaultTaxGroupId;
  if (typeof weight === 'number') snapshot.weight = weight;
  snapshot.shippable = shippable;
  snapshot.availability = availability;
  snapshot.paymentOption = paymentOption;
  if (line.taxableAddress) snapshot.taxableAddressType = line.taxableAddress.addressType;
  if (line.subscriptionOptionInfo) snapshot.subscriptionOptionInfo = line.subscriptionOptionInfo;
  return { wire, snapshot };
}

function customLineView(line: StoredCustomLine, ctx: ViewContext): LineView {
  const { currency } = ctx;
  const unit = currency.parse(line.price);
  const fullPrice = line.fullPrice ?? line.price;
  const availability = availabilityOf(line.quantityAvailable, line.quantity);
  const preset = line.itemType.preset;
  const shippable = line.physicalProperties?.shippable ?? preset === 'PHYSICAL';
  const paymentOption = line.paymentOption ?? 'FULL_PAYMENT_ONLINE';
  const image = wireImage(line.media, ctx);
  const wire: WireLineItem = {
    id: line.id,
    quantity: line.quantity,
    ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
    productName: {
      original: line.productName.original,
      translated: line.productName.translated ?? line.productName.original,
    },
    ...(line.url ? { url: line.url } : {}),
    price: currency.mcp(unit),
    fullPrice: currency.mcp(currency.parse(fullPrice)),
    priceBeforeDiscounts: currency.mcp(unit),
    lineItemPrice: currency.mcp(unit * BigInt(line.quantity)),
    ...(line.depositAmount ? { depositAmount: currency.mcp(currency.parse(line.depositAmount)) } : {}),
    descriptionLines: line.descriptionLines ?? [],
    ...(image ? { image, media: image } : {}),
    availability,
    physicalProperties: { ...(line.physicalProperties ?? {}), shippable },
    itemType: line.itemType,
    paymentOption,
    ...(line.rootCatalogItemId ? { rootCatalogItemId: line.rootCatalogItemId } : {}),
    ...(line.priceDescription ? { priceDescription: line.priceDescription } : {}),
    ...(line.taxGroupId ? { taxGroupId: line.taxGroupId } : {}),
    customLineItem: true,
    priceUndetermined: line.priceUndetermined ?? false,
    fixedQuantity: line.fixedQuantity ?? false,
    savePaymentMethod: line.savePaymentMethod ?? false,
    membersOnly: line.membersOnly ?? false,
    policies: line.policies ?? [],
  };
  addCarried(wire, line);
  const snapshot: LineItemSnapshot = {
    id: line.id,
    name: line.productName.translated ?? line.productName.original,
    quantity: line.quantity,
    ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
    customLineItem: true,
    price: line.price,
    fullPrice,
    ...(line.depositAmount ? { depositAmount: line.depositAmount } : {}),
    itemType: preset ?? 'PHYSICAL',
    ...(line.catalogReference?.appId === STORE_APP_ID
      ? { productId: line.catalogReference.catalogItemId }
      : {}),
    ...(line.taxGroupId ? { taxGroupId: line.taxGroupId } : {}),
    ...(line.physicalProperties?.weight !== undefined ? { weight: line.physicalProperties.weight } : {}),
    shippable,
    availability,
    paymentOption,
    ...(line.taxableAddress ? { taxableAddressType: line.taxableAddress.addressType } : {}),
    ...(line.subscriptionOptionInfo ? { subscriptionOptionInfo: line.subscriptionOptionInfo } : {}),
  };
  return { wire, snapshot };
}

export function lineView(line: StoredLine, catalog: Catalog, ctx: ViewContext): LineView {
  return line.kind === 'catalog'
    ? catalogLineView(line, catalog.get(line.productId), ctx)
    : customLineView(line, ctx);
}

export function productIdsOf(lines: StoredLine[]): string[] {
  return lines.filter((l): l is StoredCatalogLine => l.kind === 'catalog').map((l) => l.productId);
}
