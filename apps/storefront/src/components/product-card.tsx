import type { Product } from '@aisle/sdk';
import { Link } from 'react-router';
import { formatMoney } from '../resources/products.ts';

/** Product path on this storefront: the server's `productPageUrl.path` (`/product-page/{slug}`). */
export const productPath = (product: Product) =>
  product.productPageUrl?.path ?? `/product-page/${product.slug}`;

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const image = product.media?.mainMedia?.image;
  const price = product.priceData?.formatted;
  const onSale = price?.discountedPrice && price.discountedPrice !== price.price;
  const inStock = product.stock?.inStock !== false;
  const range = product.priceRange;
  const from =
    range?.minValue !== undefined &&
    range.maxValue !== undefined &&
    range.maxValue > range.minValue &&
    !onSale;
  return (
    <article className="product-card" data-testid="product-card">
      <Link to={productPath(product)} className="product-link">
        <div className="product-image">
          {image?.url ? (
            <img
              src={image.url}
              alt={image.altText || product.name}
              width={image.width}
              height={image.height}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : (
            <div className="image-placeholder" aria-hidden="true" />
          )}
          {product.ribbon && <span className="ribbon">{product.ribbon}</span>}
        </div>
        <div className="product-body">
          {product.brand && <p className="product-brand">{product.brand}</p>}
          <h3 className="product-name">{product.name}</h3>
          <p className="product-price">
            {onSale ? (
              <>
                <s className="muted">
                  <span className="visually-hidden">Was </span>
                  {price?.price}
                </s>{' '}
                <strong className="sale">
                  <span className="visually-hidden">Now </span>
                  {price?.discountedPrice}
                </strong>
              </>
            ) : from && range?.minValue !== undefined ? (
              <strong>From {formatMoney(range.minValue, product.priceData?.currency)}</strong>
            ) : (
              <strong>{price?.price}</strong>
            )}
          </p>
          {!inStock && <p className="card-stock-out">Out of stock</p>}
        </div>
      </Link>
    </article>
  );
}
