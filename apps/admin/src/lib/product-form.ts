import type { AdminClient } from '../sdk.ts';
import { DEFAULT_VARIANT_ID, type ProductInput } from '@aisle/sdk';
import { formError, type ShownError } from './errors.ts';

/** What the product form sends, read and checked enough to call the server. */
export interface ProductForm {
  product: ProductInput;
  /** Stock to track, or undefined for untracked stock. */
  quantity: number | undefined;
}

/** The form's fields; `fields` holds local problems (a price that is not a number, …). */
export function readProductForm(form: FormData): { value: ProductForm } | { error: ShownError } {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const fields: Record<string, string> = {};
  const price = Number(text('price').replace(',', '.'));
  if (text('price') === '' || !Number.isFinite(price)) fields.price = 'Enter a price, such as 19.99.';
  const tracked = form.get('trackQuantity') === 'on';
  const quantity = Number(text('quantity'));
  if (tracked && (text('quantity') === '' || !Number.isInteger(quantity)))
    fields.quantity = 'Enter a whole number of units.';
  if (Object.keys(fields).length > 0) {
    return { error: { message: 'Please check the form and try again.', fields } };
  }
  return {
    value: {
      product: {
        name: text('name'),
        priceData: { price },
        description: text('description'),
        visible: form.get('visible') === 'on',
      },
      quantity: tracked ? quantity : undefined,
    },
  };
}

/** The form field a server violation names: `product.priceData.price` → `price`, `…quantity` → `quantity`. */
function formField(path: string): string {
  if (/quantity$/i.test(path)) return 'quantity';
  if (/price$/i.test(path)) return 'price';
  return path.replace(/^product\./, '').split('.')[0] ?? path;
}

/** A failed save, with the server's field violations keyed by the form's field names. */
export const productFormError = (error: unknown): ShownError => formError(error, formField);

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
