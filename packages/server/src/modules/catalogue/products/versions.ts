import { type SQL, sql } from 'drizzle-orm';
import { inventoryItems } from '../inventory/tables.ts';
import { productVariants } from '../variants/tables.ts';

/**
 * A product's version as one text that changes whenever what a read shows of it does: the product row's `xmin`
 * (new with every committed update of the row, stock carried onto it included), and `withVariants`, each
 * variant row's and its stock row's, in position order. `product` names the `products` row of the statement
 * (the table or an alias). What the kept product texts (fragments.ts) and the cart's kept catalogue
 * (flows/cart/catalogue.ts) are keyed by. Stock is joined on the variant id as text, as the cart's product read
 * does, so it is found by product.
 */
export function productVersion(product: SQL, withVariants: boolean): SQL {
  if (!withVariants) return sql`${product}.xmin::text`;
  return sql`${product}.xmin::text || '/' || coalesce((select string_agg(v.xmin::text || '.' || coalesce(i.xmin::text, '-'), ',' order by v.position, v.id)
    from ${productVariants} v left join ${inventoryItems} i on i.product_id = v.product_id and i.variant_id::text = v.id::text
    where v.product_id = ${product}.id), '')`;
}
