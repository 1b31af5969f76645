import type { InventoryItemUpdate, ProductVariant, VariantOverride } from '@aisle/sdk';
import { cellName } from '../components/product-variants.tsx';
import { type FieldSpec, readField } from './fields.ts';

const CELLS: Record<'price' | 'cost' | 'weight' | 'quantity', FieldSpec> = {
  price: { name: 'price', label: 'Price', kind: 'money', required: true, min: 0 },
  cost: { name: 'cost', label: 'Cost', kind: 'money', min: 0 },
  weight: { name: 'weight', label: 'Weight', kind: 'number', min: 0 },
  quantity: { name: 'quantity', label: 'Stock', kind: 'integer', required: true, min: 0 },
};

/** What the variants table changes: overrides of the changed variants and their stock. */
export interface VariantChanges {
  overrides: VariantOverride[];
  inventory: InventoryItemUpdate | undefined;
}

/**
 * The posted variants table compared with the variants read: one override per changed variant (price,
 * cost, SKU, weight, visibility) and the stock edits; or each bad cell's message by its field name.
 */
export function readVariantsForm(
  form: FormData,
  variants: readonly ProductVariant[],
  wasTracked: boolean,
): { value: VariantChanges } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const overrides: VariantOverride[] = [];
  const stock: NonNullable<InventoryItemUpdate['variants']> = [];
  const tracked = form.get('trackQuantity') === 'on';
  for (const v of variants) {
    const id = v.id ?? '';
    const data = v.variant ?? {};
    const value = (column: keyof typeof CELLS) => {
      const name = cellName(id, column);
      const read = readField(CELLS[column], form.get(name));
      if ('problem' in read) {
        fields[name] = read.problem;
        return undefined;
      }
      return read.value === null ? undefined : Number(read.value);
    };
    const change: VariantOverride = {};
    if (form.has(cellName(id, 'price'))) {
      const price = value('price');
      if (price !== undefined && price !== data.priceData?.price) change.price = price;
      const cost = value('cost');
      if (cost !== undefined && cost !== data.costAndProfitData?.itemCost) change.cost = cost;
      const weight = value('weight');
      if (weight !== undefined && weight !== data.weight) change.weight = weight;
      const sku = String(form.get(cellName(id, 'sku')) ?? '').trim();
      if (sku !== (data.sku ?? '')) change.sku = sku;
      const visible = form.get(cellName(id, 'visible')) === 'on';
      if (visible !== (data.visible !== false)) change.visible = visible;
    }
    if (Object.keys(change).length > 0) overrides.push({ variantIds: [id], ...change });
    if (tracked) {
      const quantity = form.has(cellName(id, 'quantity')) ? value('quantity') : (v.stock?.quantity ?? 0);
      if (quantity !== undefined && (!wasTracked || quantity !== v.stock?.quantity))
        stock.push({ variantId: id, quantity });
    } else {
      const inStock = wasTracked ? true : form.get(cellName(id, 'inStock')) === 'on';
      if (wasTracked || inStock !== (v.stock?.inStock !== false)) stock.push({ variantId: id, inStock });
    }
  }
  if (Object.keys(fields).length > 0) return { fields };
  const inventory =
    stock.length > 0 || tracked !== wasTracked ? { trackQuantity: tracked, variants: stock } : undefined;
  return { value: { overrides, inventory } };
}
