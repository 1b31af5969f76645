import type { AdminClient } from '../sdk.ts';
import type { FieldSpec } from './fields.ts';
import { productSpecs } from './product-form.ts';

/** The brand and ribbon names the product form offers (the first 100 of each, by name). */
export async function productRefs(client: AdminClient): Promise<{ brands: string[]; ribbons: string[] }> {
  const [brands, ribbons] = await Promise.all([
    client.brands.queryBrands().ascending('name').limit(100).find(),
    client.ribbons.queryRibbons().ascending('name').limit(100).find(),
  ]);
  const names = (list: { name?: string }[]) => list.map((x) => x.name ?? '').filter(Boolean);
  return { brands: names(brands.items), ribbons: names(ribbons.items) };
}

/** The product form's specs, with the product's own brand and ribbon offered even past the first 100. */
export function specsFor(
  refs: { brands: string[]; ribbons: string[] },
  own?: { brand?: string; ribbon?: string },
): FieldSpec[] {
  const withOwn = (list: string[], name: string | undefined) =>
    name && !list.includes(name) ? [...list, name] : list;
  return productSpecs(withOwn(refs.brands, own?.brand), withOwn(refs.ribbons, own?.ribbon));
}
