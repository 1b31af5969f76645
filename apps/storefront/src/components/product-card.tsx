import type { Product } from '@aisle/sdk';
import { useState } from 'react';
import { Link } from 'react-router';
import { addToCart, cartErrorMessage, catalogLine } from '../resources/cart.ts';
import { formatMoney } from '../lib/money.ts';
import { lowStockText, productPath } from '../resources/products.ts';
import { ProductPicture } from './picture.tsx';
import { SalePrice } from './sale-price.tsx';

export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const image = product.media?.mainMedia?.image;
  const price = product.priceData?.formatted;
  const onSale = price?.discountedPrice && price.discountedPrice !== price.price;
  const inStock = product.stock?.inStock !== false;
  const low = inStock && product.stock?.trackInventory ? lowStockText(product.stock.quantity) : undefined;
  const range = product.priceRange;
  const from =
    range?.minValue !== undefined &&
    range.maxValue !== undefined &&
    range.maxValue > range.minValue &&
    !onSale;
  // Products with options are chosen on their page; the others go straight into the cart.
  const hasOptions = (product.productOptions ?? []).some((o) => (o.choices ?? []).length > 0);
  return (
    <article className="product-card" data-testid="product-card">
      <Link to={productPath(product)} className="product-link">
        <div className="product-image">
          <ProductPicture
            product={product}
            image={image}
            sizes="(min-width: 1100px) 260px, (min-width: 700px) 30vw, 46vw"
            priority={priority}
          />
        </div>
        <div className="product-body">
          {product.brand && <p className="product-brand">{product.brand}</p>}
          <h3 className="product-name">{product.name}</h3>
          <p className="product-price">
            {onSale ? (
              <SalePrice was={price?.price} now={price?.discountedPrice} strong />
            ) : from && range?.minValue !== undefined ? (
              <strong>From {formatMoney(range.minValue, product.priceData?.currency)}</strong>
            ) : (
              <strong>{price?.price}</strong>
            )}
          </p>
          {!inStock && <p className="card-stock-out">Out of stock</p>}
          {low && <p className="card-stock-low">{low}</p>}
        </div>
        {hasOptions && (
          <span className="card-actions">
            <span className="button button-secondary small wide card-choose">Choose options</span>
          </span>
        )}
      </Link>
      {!hasOptions && <CardAddButton product={product} inStock={inStock} />}
    </article>
  );
}

/** "Add to cart" on a card: one of the product (its only variant); the drawer opens on it. */
function CardAddButton({ product, inStock }: { product: Product; inStock: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const add = async () => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await addToCart([catalogLine(product.id, product.variants?.[0]?.id, 1)]);
    } catch (err) {
      setError(cartErrorMessage(err).message);
    } finally {
      setBusy(false);
    }
  };
  const label = busy ? 'Adding…' : inStock ? 'Add to cart' : 'Sold out';
  return (
    <div className="card-actions">
      <button
        type="button"
        className="button button-primary small wide"
        disabled={!inStock}
        aria-disabled={busy || undefined}
        aria-label={`${label}: ${product.name}`}
        onClick={() => void add()}
      >
        {label}
      </button>
      {error && (
        <p className="field-error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
