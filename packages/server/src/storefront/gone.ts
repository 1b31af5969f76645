import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../platform/context.ts';
import { storefrontGoneProducts } from './tables.ts';

/** Remembers the slug of every deleted product (idempotent: events come at least once). */
export function recordDeletedProducts(ctx: AppContext): void {
  ctx.events.subscribe('product.deleted', async (event) => {
    const product = event.payload.product;
    const slug =
      typeof product === 'object' && product !== null && 'slug' in product ? product.slug : undefined;
    if (typeof slug !== 'string' || !slug) return;
    await ctx.db
      .insert(storefrontGoneProducts)
      .values({ slug })
      .onConflictDoUpdate({ target: storefrontGoneProducts.slug, set: { deletedDate: sql`now()` } });
  });
}

/** Was a product at this slug deleted (and none is there now — the caller found none)? */
export async function productGone(ctx: AppContext, slug: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ slug: storefrontGoneProducts.slug })
    .from(storefrontGoneProducts)
    .where(eq(storefrontGoneProducts.slug, slug))
    .limit(1);
  return row !== undefined;
}
