import type { Product, ProductInput } from '@aisle/sdk';
import type { AdminClient } from '../sdk.ts';

/** The writable fields of a product, to create its copy (hidden, new slug, no SKU: those are unique). */
export function copyInput(p: Product): ProductInput {
  const ppu = p.pricePerUnitData;
  return {
    name: `${p.name ?? 'Product'} (copy)`,
    description: p.description ?? '',
    productType: p.productType ?? 'physical',
    visible: false,
    priceData: { price: p.priceData?.price ?? 0 },
    ...(p.discount?.type ? { discount: { type: p.discount.type, value: p.discount.value ?? 0 } } : {}),
    ...(p.costAndProfitData?.itemCost !== undefined
      ? { costAndProfitData: { itemCost: p.costAndProfitData.itemCost } }
      : {}),
    ...(p.weight !== undefined ? { weight: p.weight } : {}),
    ...(p.brand ? { brand: p.brand } : {}),
    ...(p.ribbon ? { ribbon: p.ribbon } : {}),
    ...(ppu?.totalQuantity && ppu.totalMeasurementUnit && ppu.baseQuantity && ppu.baseMeasurementUnit
      ? {
          pricePerUnitData: {
            totalQuantity: ppu.totalQuantity,
            totalMeasurementUnit: ppu.totalMeasurementUnit,
            baseQuantity: ppu.baseQuantity,
            baseMeasurementUnit: ppu.baseMeasurementUnit,
          },
        }
      : {}),
    productOptions: (p.productOptions ?? []).map((o) => ({
      name: o.name ?? '',
      ...(o.optionType ? { optionType: o.optionType } : {}),
      choices: (o.choices ?? []).map((c) => ({
        value: c.value ?? '',
        description: c.description ?? c.value ?? '',
        visible: c.visible !== false,
      })),
    })),
    manageVariants: p.manageVariants === true,
    additionalInfoSections: (p.additionalInfoSections ?? []).map((s) => ({
      title: s.title ?? '',
      description: s.description ?? '',
    })),
    customTextFields: (p.customTextFields ?? []).map((t) => ({
      title: t.title ?? '',
      maxLength: t.maxLength ?? 100,
      mandatory: t.mandatory === true,
    })),
  };
}

/** Copies a product: fields, options, each variant's price, cost, weight and visibility, and pictures. */
export async function duplicateProduct(client: AdminClient, productId: string): Promise<Product> {
  const [source, variants] = await Promise.all([
    client.products.getProduct(productId, { includeMerchantSpecificData: true }),
    client.products.queryProductVariants(productId, { includeMerchantSpecificData: true }),
  ]);
  const copy = await client.products.createProduct(copyInput(source));
  if (source.manageVariants) {
    const overrides = variants.variants.flatMap((v) => {
      const d = v.variant ?? {};
      return v.choices
        ? [
            {
              choices: v.choices,
              ...(d.priceData?.price !== undefined ? { price: d.priceData.price } : {}),
              ...(d.costAndProfitData?.itemCost !== undefined ? { cost: d.costAndProfitData.itemCost } : {}),
              ...(d.weight !== undefined ? { weight: d.weight } : {}),
              visible: d.visible !== false,
            },
          ]
        : [];
    });
    if (overrides.length) await client.products.updateVariants(copy.id, overrides);
  }
  const media = (source.media?.items ?? []).filter((m) => m.id);
  if (media.length)
    await client.products.addProductMedia(
      copy.id,
      media.map((m) =>
        m.image?.url?.includes(`/media/${m.id}/`) ? { mediaId: m.id! } : { url: m.image?.url ?? '' },
      ),
    );
  return copy;
}
