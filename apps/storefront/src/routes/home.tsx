import type { Product } from '@aisle/sdk';
import { Link, useLoaderData } from 'react-router';
import { ProductCard } from '../components/product-card.tsx';
import { listCollections } from '../resources/collections.ts';
import { client } from '../sdk.ts';
import { usePageTitle } from '../lib/title.ts';

export async function homeLoader() {
  const [page, collections] = await Promise.all([
    client.products.queryProducts().descending('numericId').limit(12).find(),
    listCollections(),
  ]);
  return { products: page.items, total: page.totalCount, collections };
}

export function Home() {
  const { products, total, collections } = useLoaderData<typeof homeLoader>();
  usePageTitle();
  return (
    <>
      <section className="hero">
        <div>
          <h1>New season, fresh finds</h1>
          <p>Everyday essentials for wardrobe, home and the outdoors.</p>
          <p className="hero-actions">
            <Link className="button button-primary" to="/shop">
              Shop all products
            </Link>
            <Link className="button button-light" to="/shop?inStock=1&sort=price-asc">
              In stock, lowest price first
            </Link>
          </p>
        </div>
      </section>
      {collections.length > 0 && (
        <section aria-labelledby="collections-title" className="home-section">
          <div className="section-head">
            <h2 id="collections-title">Shop by collection</h2>
          </div>
          <ul className="collection-grid">
            {collections.map((collection) => {
              const image = collection.media?.mainMedia?.image;
              return (
                <li key={collection.id}>
                  <Link to={`/collections/${collection.slug}`} className="collection-tile">
                    {image?.url ? (
                      <img
                        src={image.url}
                        alt=""
                        width={image.width}
                        height={image.height}
                        loading="lazy"
                        decoding="async"
                      />
                    ) : (
                      <span className="image-placeholder" aria-hidden="true" />
                    )}
                    <span className="collection-name">{collection.name}</span>
                    {collection.numberOfProducts !== undefined && (
                      <span className="collection-count">{collection.numberOfProducts} products</span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section aria-labelledby="featured" className="home-section">
        <div className="section-head">
          <h2 id="featured">Featured products</h2>
          {total !== undefined && (
            <Link to="/shop" className="muted">
              All {total} products →
            </Link>
          )}
        </div>
        {products.length === 0 ? (
          <p className="empty">No products yet.</p>
        ) : (
          <ul className="product-grid">
            {products.map((product: Product, i: number) => (
              <li key={product.id}>
                <ProductCard product={product} eager={i < 4} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
