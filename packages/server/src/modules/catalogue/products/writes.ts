import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { type FieldViolation, notFound, ValidationFailure } from '../../../platform/errors.ts';
import type { EventInput } from '../../../platform/events.ts';
import { normalizeMoney } from '../../../platform/money.ts';
import { computeAggregates, discountedPrice } from './aggregates.ts';
import { subscriptionDetailsFrom } from './subscriptions.ts';
import type { ResolvedMedia } from '../media/resolve.ts';
import { checkSecureFile } from '../media/files.ts';
import type { ProductData, ProductInput, ProductPatch, StoredMedia, StoredOption } from '../shared/model.ts';
import { brands, ribbons } from '../merchandising/tables.ts';
import { collections, productCollections } from '../collections/tables.ts';
import { type ProductRow, products } from './tables.ts';
import { productVariants } from '../variants/tables.ts';
import {
  buildOptions,
  checkChoiceMedia,
  insertVariants,
  planVariants,
  refreshProduct,
  replaceOptions,
  variantsOf,
} from '../variants/writes.ts';
import {
  changedOwnColumns,
  checkIds,
  ensureNamed,
  lockCollections,
  lockProduct,
  money,
  namedColumns,
  newOwnColumns,
  required,
  sanitizeDescription,
  uniqueSlug,
  UUID,
} from '../shared/write-support.ts';

/** Product writes: create, update, delete, brand and ribbon removal, media and choice media. */

export interface CreatedProduct {
  id: string;
  slug: string;
  numericId: string;
}

const sanitizeSections = (list: Array<{ title: string; description: string }>) =>
  list.map((s) => ({ title: s.title, description: sanitizeDescription(s.description) }));

function checkDiscount(
  violations: FieldViolation[],
  discount: ProductInput['discount'],
  field = 'product.discount.value',
): string {
  const value = money(violations, field, discount?.value) ?? '0.00';
  if (discount?.type === 'PERCENT' && Number(value) > 100)
    violations.push({ field, description: 'must be at most 100 percent', violatedRule: 'MAX', data: {} });
  return value;
}

const DIGITAL_FILE = 'product.digitalFile';

/** Only a digital product delivers a file. */
function checkDigitalType(violations: FieldViolation[], type: ProductInput['productType']): void {
  if (type !== 'digital')
    violations.push({
      field: DIGITAL_FILE,
      description: 'is for digital products only: set productType "digital"',
      violatedRule: 'VALIDATION',
      data: {},
    });
}

export async function createProduct(ctx: AppContext, input: ProductInput): Promise<CreatedProduct> {
  const violations: FieldViolation[] = [];
  if (!input.name?.trim()) violations.push(required('product.name'));
  const options = buildOptions(input.productOptions ?? [], violations);
  const variants = planVariants(input, options, violations);
  const discountValue = checkDiscount(violations, input.discount);
  checkChoiceMedia(options, new Set((input.media ?? []).map((m) => m.id)), violations);
  if (input.digitalFile) checkDigitalType(violations, input.productType);
  const subscriptionDetails = input.subscriptionDetails
    ? subscriptionDetailsFrom(input.subscriptionDetails, violations)
    : undefined;
  if (violations.length) throw new ValidationFailure(violations);
  const price = normalizeMoney(input.price);
  const aggregates = computeAggregates(variants, options);
  const collectionIds = checkIds('product.collectionIds', input.collectionIds ?? []);

  return uniqueSlug('PRODUCT_SLUG_ALREADY_EXISTS', () =>
    ctx.events.transaction(async (tx) => {
      const events: EventInput[] = [];
      const own = await newOwnColumns(tx, products, input, 'PRODUCT_SLUG_ALREADY_EXISTS');
      if (input.digitalFile) await checkSecureFile(tx, input.digitalFile.fileId, `${DIGITAL_FILE}.fileId`);
      const brandId = input.brand ? await ensureNamed(tx, brands, 'brand', input.brand, events) : null;
      const ribbonId = input.ribbon ? await ensureNamed(tx, ribbons, 'ribbon', input.ribbon, events) : null;
      // Locked, so that none is deleted before the membership rows are in.
      const found = await lockCollections(tx, collectionIds);
      if (found.length !== collectionIds.length)
        throw notFound('COLLECTION_NOT_FOUND', 'A collection of the product does not exist', {
          collectionIds: collectionIds.filter((id) => !found.includes(id)),
        });
      const data: ProductData = {
        productOptions: aggregates.productOptions,
        media: input.media ?? [],
        additionalInfoSections: sanitizeSections(input.additionalInfoSections ?? []),
        customTextFields: input.customTextFields ?? [],
        ...(input.seoData ? { seoData: input.seoData } : {}),
        ...(input.productDimensions ? { productDimensions: input.productDimensions } : {}),
        ...(input.packageDimensions ? { packageDimensions: input.packageDimensions } : {}),
        ...(input.digitalFile ? { digitalFile: { fileId: input.digitalFile.fileId } } : {}),
        ...(subscriptionDetails ? { subscriptionDetails } : {}),
      };
      const ppu = input.pricePerUnitData;
      const [row] = await tx
        .insert(products)
        .values({
          ...own,
          sku: input.sku ?? null,
          productType: input.productType ?? 'physical',
          manageVariants: options.length > 0,
          price,
          discountedPrice: discountedPrice(price, input.discount),
          cost: input.cost === undefined ? null : normalizeMoney(input.cost),
          weight: input.weight ?? null,
          discountType: input.discount?.type ?? 'NONE',
          discountValue,
          ppuTotalQuantity: ppu?.totalQuantity ?? null,
          ppuTotalUnit: ppu?.totalMeasurementUnit ?? null,
          ppuBaseQuantity: ppu?.baseQuantity ?? null,
          ppuBaseUnit: ppu?.baseMeasurementUnit ?? null,
          brandId,
          brand: input.brand ?? null,
          ribbonId,
          ribbon: input.ribbon ?? null,
          trackInventory: aggregates.trackInventory,
          quantity: aggregates.quantity,
          inStock: aggregates.inStock,
          inventoryStatus: aggregates.inventoryStatus,
          priceMin: aggregates.priceMin,
          priceMax: aggregates.priceMax,
          costMin: aggregates.costMin,
          costMax: aggregates.costMax,
          weightMin: aggregates.weightMin,
          weightMax: aggregates.weightMax,
          collectionIds,
          data,
        })
        .returning({ id: products.id, numericId: products.numericId });
      const productId = row!.id;
      await insertVariants(
        tx,
        productId,
        variants.map((v, position) => ({ ...v, position })),
      );
      if (collectionIds.length) {
        await tx
          .insert(productCollections)
          .values(collectionIds.map((collectionId) => ({ collectionId, productId })));
        await tx
          .update(collections)
          .set({ productCount: sql`${collections.productCount} + 1`, lastUpdated: sql`now()` })
          .where(inArray(collections.id, collectionIds));
      }
      const numericId = row!.numericId.toString();
      events.push({
        entity: 'product',
        entityId: productId,
        type: 'created',
        payload: {
          product: {
            id: productId,
            numericId,
            name: input.name,
            slug: own.slug,
            visible: own.visible,
            price,
          },
        },
      });
      await ctx.events.record(tx, events);
      return { id: productId, slug: own.slug, numericId };
    }),
  );
}

/**
 * Partial update: only the given fields change. Price, cost, weight and SKU of a product without managed
 * variants move its default variant too; a new discount re-prices every variant; new options re-plan the
 * variants (see `replaceOptions`).
 */
export async function updateProduct(ctx: AppContext, productId: string, patch: ProductPatch): Promise<void> {
  const violations: FieldViolation[] = [];
  if (patch.name !== undefined && !patch.name.trim()) violations.push(required('product.name'));
  const price = money(violations, 'product.priceData.price', patch.price);
  const cost =
    patch.cost === null
      ? null
      : money(violations, 'product.costAndProfitData.itemCost', patch.cost ?? undefined);
  const discountValue = patch.discount ? checkDiscount(violations, patch.discount) : undefined;
  if (violations.length) throw new ValidationFailure(violations);

  await uniqueSlug('PRODUCT_SLUG_ALREADY_EXISTS', () =>
    ctx.events.transaction(async (tx) => {
      const events: EventInput[] = [];
      // Brands and ribbons before the product: the lock order of deleting or renaming them.
      const named = await namedColumns(tx, { brand: patch.brand, ribbon: patch.ribbon }, events);
      const product = await lockProduct(tx, productId);
      const changed = Object.keys(patch).filter((k) => patch[k as keyof ProductPatch] !== undefined);
      const set: Partial<typeof products.$inferInsert> = {
        ...named,
        ...(await changedOwnColumns(tx, products, product, patch, 'PRODUCT_SLUG_ALREADY_EXISTS')),
      };
      if (patch.sku !== undefined) set.sku = patch.sku;
      if (patch.productType !== undefined) set.productType = patch.productType;
      if (patch.weight !== undefined) set.weight = patch.weight;
      if (cost !== undefined) set.cost = cost;
      const newPrice = price ?? product.price;
      const discount = patch.discount
        ? { type: patch.discount.type, value: discountValue! }
        : { type: product.discountType, value: product.discountValue };
      if (price !== undefined || patch.discount) {
        set.price = newPrice;
        set.discountedPrice = discountedPrice(newPrice, discount);
        set.discountType = discount.type;
        set.discountValue = discount.value;
      }
      if (patch.pricePerUnitData !== undefined) {
        const ppu = patch.pricePerUnitData;
        set.ppuTotalQuantity = ppu?.totalQuantity ?? null;
        set.ppuTotalUnit = ppu?.totalMeasurementUnit ?? null;
        set.ppuBaseQuantity = ppu?.baseQuantity ?? null;
        set.ppuBaseUnit = ppu?.baseMeasurementUnit ?? null;
      }

      const data: ProductData = { ...product.data };
      if (patch.additionalInfoSections)
        data.additionalInfoSections = sanitizeSections(patch.additionalInfoSections);
      if (patch.customTextFields) data.customTextFields = patch.customTextFields;
      if (patch.seoData) data.seoData = patch.seoData;
      for (const key of ['productDimensions', 'packageDimensions'] as const) {
        const value = patch[key];
        if (value === null) delete data[key];
        else if (value) data[key] = value;
      }
      if (patch.subscriptionDetails === null) delete data.subscriptionDetails;
      else if (patch.subscriptionDetails) {
        const problems: FieldViolation[] = [];
        data.subscriptionDetails = subscriptionDetailsFrom(patch.subscriptionDetails, problems);
        if (problems.length) throw new ValidationFailure(problems);
      }
      if (patch.digitalFile === null) delete data.digitalFile;
      else if (patch.digitalFile) {
        const problems: FieldViolation[] = [];
        checkDigitalType(problems, patch.productType ?? product.productType);
        if (problems.length) throw new ValidationFailure(problems);
        await checkSecureFile(tx, patch.digitalFile.fileId, `${DIGITAL_FILE}.fileId`);
        data.digitalFile = { fileId: patch.digitalFile.fileId };
      }
      let options: StoredOption[] | undefined;
      if (patch.productOptions) {
        const problems: FieldViolation[] = [];
        options = buildOptions(
          patch.productOptions,
          problems,
          'product.productOptions',
          product.data.productOptions,
        );
        checkChoiceMedia(options, new Set((data.media ?? []).map((m) => m.id)), problems);
        if (problems.length) throw new ValidationFailure(problems);
      }
      await tx
        .update(products)
        .set({ ...set, data, lastUpdated: sql`now()` })
        .where(eq(products.id, productId));

      let variantsChanged = false;
      const updated: ProductRow = { ...product, ...set, data };
      if (options) variantsChanged = await replaceOptions(tx, updated, options);
      // Prices of the variants follow a new discount; the default variant follows the product.
      if (patch.discount)
        for (const { variant } of await variantsOf(tx, productId))
          await tx
            .update(productVariants)
            .set({ discountedPrice: discountedPrice(variant.price, discount) })
            .where(and(eq(productVariants.productId, productId), eq(productVariants.id, variant.id)));
      if (!(options?.length ?? product.manageVariants)) {
        const mirror = {
          ...(set.price !== undefined ? { price: set.price, discountedPrice: set.discountedPrice! } : {}),
          ...(set.cost !== undefined ? { cost: set.cost } : {}),
          ...(set.weight !== undefined ? { weight: set.weight } : {}),
          ...(set.sku !== undefined ? { sku: set.sku } : {}),
        };
        if (Object.keys(mirror).length) {
          await tx.update(productVariants).set(mirror).where(eq(productVariants.productId, productId));
          variantsChanged = true;
        }
      }
      await refreshProduct(tx, productId);
      events.push(...productUpdated(productId, changed, variantsChanged));
      await ctx.events.record(tx, events);
    }),
  );
}

/** A product's `updated` event naming the changed fields, and `variants_changed` when its variants changed. */
export function productUpdated(
  productId: string,
  changedFields: string[],
  variantsChanged: boolean,
): EventInput[] {
  const events: EventInput[] = [
    { entity: 'product', entityId: productId, type: 'updated', payload: { productId, changedFields } },
  ];
  if (variantsChanged)
    events.push({ entity: 'product', entityId: productId, type: 'variants_changed', payload: { productId } });
  return events;
}

export async function deleteProduct(ctx: AppContext, productId: string): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    // Its collections before the product (the lock order of membership writes); one it joins meanwhile is
    // locked after it, below.
    const [current] = UUID.test(productId)
      ? await tx
          .select({ collectionIds: products.collectionIds })
          .from(products)
          .where(eq(products.id, productId))
      : [];
    await lockCollections(tx, current?.collectionIds ?? []);
    const product = await lockProduct(tx, productId);
    if (product.collectionIds.length)
      await tx
        .update(collections)
        .set({ productCount: sql`greatest(${collections.productCount} - 1, 0)`, lastUpdated: sql`now()` })
        .where(inArray(collections.id, product.collectionIds));
    await tx.delete(products).where(eq(products.id, productId));
    await ctx.events.record(tx, {
      entity: 'product',
      entityId: productId,
      type: 'deleted',
      payload: { productId, product: { id: productId, name: product.name, slug: product.slug } },
    });
  });
}

export async function removeProductBrandOrRibbon(
  ctx: AppContext,
  productId: string,
  kind: 'brand' | 'ribbon',
): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if ((kind === 'brand' ? product.brandId : product.ribbonId) === null && product[kind] === null) return;
    const set = kind === 'brand' ? { brandId: null, brand: null } : { ribbonId: null, ribbon: null };
    await tx
      .update(products)
      .set({ ...set, lastUpdated: sql`now()` })
      .where(eq(products.id, productId));
    await ctx.events.record(tx, {
      entity: 'product',
      entityId: productId,
      type: 'updated',
      payload: { productId, changedFields: [kind] },
    });
  });
}

// ---- media

export interface ChoiceRef {
  option: string;
  choice: string;
}

function findChoice(options: StoredOption[], ref: ChoiceRef, field: string, violations: FieldViolation[]) {
  const option = options.find((o) => o.name === ref.option);
  const choice = option?.choices.find((c) => c.description === ref.choice || c.value === ref.choice);
  if (!option)
    violations.push({
      field: `${field}.option`,
      description: 'is not an option of the product',
      violatedRule: 'VALIDATION',
      data: { option: ref.option },
    });
  else if (!choice)
    violations.push({
      field: `${field}.choice`,
      description: 'is not a choice of this option',
      violatedRule: 'VALIDATION',
      data: { choice: ref.choice },
    });
  return choice;
}

/** Read-modify-write of a product's media and options under its row lock, with a `product.updated` event. */
async function editMedia(
  ctx: AppContext,
  productId: string,
  edit: (media: StoredMedia[], options: StoredOption[], violations: FieldViolation[]) => boolean,
): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const media = [...(product.data.media ?? [])];
    const options: StoredOption[] = structuredClone(product.data.productOptions ?? []);
    const violations: FieldViolation[] = [];
    const changed = edit(media, options, violations);
    if (violations.length) throw new ValidationFailure(violations);
    if (!changed) return;
    await tx
      .update(products)
      .set({ data: { ...product.data, media, productOptions: options }, lastUpdated: sql`now()` })
      .where(eq(products.id, productId));
    await ctx.events.record(tx, {
      entity: 'product',
      entityId: productId,
      type: 'updated',
      payload: { productId, changedFields: ['media'] },
    });
  });
}

/** Appends media (already present ids are kept once), optionally also to a choice's media. */
export async function addProductMedia(
  ctx: AppContext,
  productId: string,
  items: Array<{ media: ResolvedMedia; choice?: ChoiceRef | undefined }>,
): Promise<void> {
  await editMedia(ctx, productId, (media, options, violations) => {
    let changed = false;
    items.forEach(({ media: item, choice: ref }, i) => {
      if (!media.some((m) => m.id === item.id)) {
        media.push(item);
        changed = true;
      }
      if (!ref) return;
      const choice = findChoice(options, ref, `media[${i}].choice`, violations);
      if (choice && !choice.mediaIds.includes(item.id)) {
        choice.mediaIds.push(item.id);
        changed = true;
      }
    });
    return changed;
  });
}

/**
 * Removes media from the product and from every choice showing it; unknown ids are ignored. No ids
 * removes all of the product's media.
 */
export async function removeProductMedia(
  ctx: AppContext,
  productId: string,
  mediaIds: string[],
): Promise<void> {
  await editMedia(ctx, productId, (media, options) => {
    const drop = new Set(mediaIds.length > 0 ? mediaIds : media.map((m) => m.id));
    const before = media.length;
    const kept = media.filter((m) => !drop.has(m.id));
    media.splice(0, media.length, ...kept);
    let changed = kept.length !== before;
    for (const option of options)
      for (const choice of option.choices) {
        const left = choice.mediaIds.filter((id) => !drop.has(id));
        if (left.length !== choice.mediaIds.length) changed = true;
        choice.mediaIds = left;
      }
    return changed;
  });
}

/** Violations for ids that are not media of the product (`<field>[i]`). */
function unknownMedia(media: StoredMedia[], ids: string[], field: (i: number) => string): FieldViolation[] {
  const known = new Set(media.map((m) => m.id));
  return ids.flatMap((id, i) =>
    known.has(id)
      ? []
      : [
          {
            field: field(i),
            description: 'is not media of the product',
            violatedRule: 'VALIDATION',
            data: { mediaId: id },
          },
        ],
  );
}

/**
 * Puts the product's media in the order given (ids and choices kept); media not listed follow in their
 * current order. The first is the product's main picture.
 */
export async function reorderProductMedia(
  ctx: AppContext,
  productId: string,
  mediaIds: string[],
): Promise<void> {
  await editMedia(ctx, productId, (media, _options, violations) => {
    violations.push(...unknownMedia(media, mediaIds, (i) => `mediaIds[${i}]`));
    const seen = new Set<string>();
    mediaIds.forEach((id, i) => {
      if (seen.has(id))
        violations.push({
          field: `mediaIds[${i}]`,
          description: 'is listed twice',
          violatedRule: 'VALIDATION',
          data: { mediaId: id },
        });
      seen.add(id);
    });
    if (violations.length) return false;
    const rank = new Map(mediaIds.map((id, i) => [id, i]));
    const next = [...media].sort(
      (a, b) => (rank.get(a.id) ?? mediaIds.length) - (rank.get(b.id) ?? mediaIds.length),
    );
    const changed = next.some((m, i) => m.id !== media[i]!.id);
    media.splice(0, media.length, ...next);
    return changed;
  });
}

/** Sets the alt text of the product's media items ('' removes it). */
export async function updateProductMedia(
  ctx: AppContext,
  productId: string,
  entries: Array<{ mediaId: string; altText: string }>,
): Promise<void> {
  await editMedia(ctx, productId, (media, _options, violations) => {
    violations.push(
      ...unknownMedia(
        media,
        entries.map((e) => e.mediaId),
        (i) => `media[${i}].mediaId`,
      ),
    );
    if (violations.length) return false;
    let changed = false;
    for (const entry of entries) {
      const i = media.findIndex((m) => m.id === entry.mediaId);
      const { altText: old, ...rest } = media[i]!;
      const altText = entry.altText.trim();
      if ((old ?? '') === altText) continue;
      media[i] = altText ? { ...rest, altText } : rest;
      changed = true;
    }
    return changed;
  });
}

/** Adds (`remove`: removes) media of the product to (from) choices. */
export async function editChoiceMedia(
  ctx: AppContext,
  productId: string,
  entries: Array<ChoiceRef & { mediaIds: string[] }>,
  remove: boolean,
): Promise<void> {
  await editMedia(ctx, productId, (media, options, violations) => {
    let changed = false;
    const known = new Set(media.map((m) => m.id));
    entries.forEach((entry, i) => {
      const choice = findChoice(options, entry, `media[${i}]`, violations);
      if (!choice) return;
      entry.mediaIds.forEach((id, j) => {
        if (remove) {
          if (choice.mediaIds.includes(id)) {
            choice.mediaIds = choice.mediaIds.filter((m) => m !== id);
            changed = true;
          }
        } else if (!known.has(id)) {
          violations.push({
            field: `media[${i}].mediaIds[${j}]`,
            description: 'is not media of the product',
            violatedRule: 'VALIDATION',
            data: { mediaId: id },
          });
        } else if (!choice.mediaIds.includes(id)) {
          choice.mediaIds.push(id);
          changed = true;
        }
      });
    });
    return changed;
  });
}
