import type { Product } from '@aisle/sdk';
import { useLoaderData } from 'react-router';
import { ProductCard } from '../components/product-card.tsx';
import { client } from '../sdk.ts';

export async function homeLoader() {
  const page = await client.products.queryProducts().ascending('name').limit(24).find();
  return { products: page.items, total: page.totalCount };
}

export function Home() {
  const { products, total } = useLoaderData<typeof homeLoader>();
  return (
    <>
      <section className="hero">
        <h1>New season, fresh finds</h1>
        <p>Everyday essentials for wardrobe, home and the outdoors.</p>
      </section>
      <section aria-labelledby="featured">
        <div className="section-head">
          <h2 id="featured">Featured products</h2>
          {total !== undefined && <span className="muted">{total} products in the store</span>}
        </div>
        {products.length === 0 ? (
          <p className="empty">No products yet.</p>
        ) : (
          <ul className="product-grid">
            {products.map((product: Product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
