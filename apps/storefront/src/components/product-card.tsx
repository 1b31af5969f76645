import type { Product } from '@aisle/sdk';

export function ProductCard({ product }: { product: Product }) {
  const image = product.media?.mainMedia?.image;
  const price = product.priceData?.formatted;
  const onSale = price?.discountedPrice && price.discountedPrice !== price.price;
  const inStock = product.stock?.inStock !== false;
  return (
    <article className="product-card" data-testid="product-card">
      <div className="product-image">
        {image?.url ? (
          <img
            src={image.url}
            alt={image.altText || product.name}
            width={image.width}
            height={image.height}
            loading="lazy"
          />
        ) : (
          <div className="image-placeholder" aria-hidden="true" />
        )}
        {product.ribbon && <span className="ribbon">{product.ribbon}</span>}
      </div>
      <h3 className="product-name">{product.name}</h3>
      <p className="product-price">
        {onSale ? (
          <>
            <s className="muted">{price?.price}</s> <strong>{price?.discountedPrice}</strong>
          </>
        ) : (
          <strong>{price?.price}</strong>
        )}
      </p>
      {!inStock && <p className="stock-out">Out of stock</p>}
    </article>
  );
}
