import type { Product } from '@aisle/sdk';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { Picture } from '../components/picture.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { type RouteHandle, storeDescription } from '../lib/meta.ts';
import { organization } from '../lib/structured-data.ts';
import { listCollections } from '../resources/collections.ts';
import { storeOf } from '../sdk.ts';

export async function homeLoader({ context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  const [page, collections] = await Promise.all([
    store.api().then(({ products }) => products.queryProducts().descending('numericId').limit(12).find()),
    listCollections(store),
  ]);
  return { products: page.items, total: page.totalCount, collections };
}

export const homeHandle: RouteHandle = {
  meta: ({ origin, site }) => ({
    description: storeDescription(site.name),
    canonical: '/',
    // Only the server writes JSON-LD (crawlers read the first page's HTML): the browser's build leaves it out.
    structuredData: import.meta.env.SSR
      ? [
          organization(origin, site),
          { '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url: `${origin}/` },
        ]
      : undefined,
  }),
};

export function Home() {
  const { products, total, collections } = useLoaderData<typeof homeLoader>();
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
            {collections.map((collection, i) => {
              const image = collection.media?.mainMedia?.image;
              return (
                <li key={collection.id}>
                  <Link to={`/collections/${collection.slug}`} className="collection-tile">
                    {image?.url ? (
                      // The first row on a phone (two tiles) is what the page opens on: eager, asked for first.
                      <Picture image={image} alt="" sizes="(min-width: 900px) 16vw, 45vw" priority={i < 2} />
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
                <ProductCard product={product} priority={i === 0 && collections.length === 0} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
