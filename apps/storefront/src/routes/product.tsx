import type { MediaItem, Product, ProductOption, ProductVariant } from '@aisle/sdk';
import { type FormEvent, useEffect, useState } from 'react';
import {
  Link,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useSearchParams,
} from 'react-router';
import { ErrorNotice } from '../components/form.tsx';
import { QuantityStepper } from '../components/quantity-stepper.tsx';
import { RichText } from '../components/rich-text.tsx';
import type { ShownError } from '../lib/errors.ts';
import { addToCart, cartErrorMessage, catalogLine } from '../resources/cart.ts';
import {
  type ChoiceState,
  choiceName,
  choiceState,
  formatMoney,
  galleryFor,
  loadProduct,
  pricePerUnitLabel,
  readSelection,
  type Selection,
  selectedVariant,
} from '../resources/products.ts';
import { usePageTitle } from '../lib/title.ts';

/** `/product-page/:slug` (the catalogue's page URL) and `/products/:slug` (the redirect intent's). */
export async function productLoader({ params }: LoaderFunctionArgs) {
  return { product: await loadProduct(params.slug ?? '') };
}

/** The chosen options live in the URL (`?Size=M&Color=Navy`); choosing one must not refetch the product. */
export const productShouldRevalidate = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname || formMethod !== undefined ? defaultShouldRevalidate : false;

export function ProductPage() {
  const { product } = useLoaderData<typeof productLoader>();
  const [search, setSearch] = useSearchParams();
  usePageTitle(product.name);
  const options = (product.productOptions ?? []).filter((o) => (o.choices ?? []).length > 0);
  const selection = readSelection(product, search);
  // An option with a single choice is chosen already.
  for (const option of options) {
    const only = option.choices?.length === 1 ? option.choices[0] : undefined;
    if (only && !selection[option.name ?? '']) selection[option.name ?? ''] = choiceName(only);
  }
  const variant = selectedVariant(product, selection);
  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  const missing = options.filter((o) => !selection[o.name ?? '']).map((o) => o.name ?? '');

  return (
    <article className="product-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/shop">Shop</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product-layout">
        <Gallery key={product.id} product={product} selection={selection} />
        <div className="product-info">
          {product.brand && (
            <p className="product-brand">
              <Link to={`/shop?brand=${encodeURIComponent(product.brand)}`}>{product.brand}</Link>
            </p>
          )}
          <h1>{product.name}</h1>
          <PriceBlock product={product} variant={variant} />
          <StockStatus product={product} variant={variant} missing={missing} />
          {options.map((option) => (
            <OptionPicker
              key={option.name}
              product={product}
              option={option}
              selection={selection}
              onChoose={(value) => choose(option.name ?? '', value)}
            />
          ))}
          <dl className="product-facts">
            <div>
              <dt>SKU</dt>
              <dd data-testid="product-sku">{variant?.variant?.sku ?? product.sku ?? '—'}</dd>
            </div>
            {product.productType === 'digital' && (
              <div>
                <dt>Delivery</dt>
                <dd>Digital download</dd>
              </div>
            )}
          </dl>
          <BuyBox key={product.id} product={product} variant={variant} missing={missing} />
          <RichText html={product.description} className="rich-text product-description" />
          <InfoSections product={product} />
        </div>
      </div>
    </article>
  );
}

/**
 * Quantity and "Add to cart" for the chosen variant (or the product's only one). Sold out: disabled. Options
 * not chosen yet: the button says which, and takes the shopper to the first of them.
 */
function BuyBox({
  product,
  variant,
  missing,
}: {
  product: Product;
  variant: ProductVariant | undefined;
  missing: string[];
}) {
  const hasOptions = (product.productOptions ?? []).some((o) => (o.choices ?? []).length > 0);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | undefined>();
  const variantId = variant?.id;
  // Another variant starts again at one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the variant is the trigger
  useEffect(() => {
    setQuantity(1);
    setError(undefined);
  }, [variantId]);

  const soldOut = hasOptions
    ? variant?.stock?.inStock === false || product.stock?.inStock === false
    : product.stock?.inStock === false;
  const tracked = hasOptions
    ? variant?.stock?.trackQuantity
      ? variant.stock.quantity
      : undefined
    : product.stock?.trackInventory
      ? product.stock.quantity
      : undefined;
  const max = tracked !== undefined && tracked > 0 ? tracked : undefined;
  const noSuchVariant = hasOptions && missing.length === 0 && !variant;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (missing.length > 0) {
      setError({ message: `Choose a ${missing.join(' and ').toLowerCase()} first.` });
      document
        .querySelector<HTMLInputElement>(`input[name="${CSS.escape(`option-${missing[0]}`)}"]:not(:disabled)`)
        ?.focus();
      return;
    }
    if (busy || (hasOptions && !variantId)) return;
    setBusy(true);
    setError(undefined);
    try {
      await addToCart([
        catalogLine(product.id, hasOptions ? variantId : product.variants?.[0]?.id, quantity),
      ]);
    } catch (err) {
      setError(cartErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="buy" onSubmit={(event) => void submit(event)}>
      <div className="buy-row">
        {!soldOut && !noSuchVariant && (
          <QuantityStepper
            value={quantity}
            max={max}
            label={`Quantity of ${product.name ?? 'this product'}`}
            onChange={setQuantity}
            disabled={busy}
          />
        )}
        <button
          type="submit"
          className="button button-primary buy-button"
          disabled={soldOut || noSuchVariant}
          aria-disabled={busy || undefined}
          aria-describedby={soldOut ? 'stock-status' : undefined}
          data-testid="add-to-cart"
        >
          {busy ? 'Adding…' : soldOut ? 'Sold out' : 'Add to cart'}
        </button>
      </div>
      {noSuchVariant && <p className="muted small">This combination is not made. Choose another.</p>}
      <ErrorNotice error={error} />
    </form>
  );
}

function Gallery({ product, selection }: { product: Product; selection: Selection }) {
  const images = galleryFor(product, selection);
  const first = images[0]?.id;
  const [shown, setShown] = useState<string | undefined>(first);
  // A new colour brings its picture to the front.
  useEffect(() => setShown(first), [first]);
  const current: MediaItem | undefined = images.find((i) => i.id === shown) ?? images[0];
  const image = current?.image;
  return (
    <div className="gallery">
      <div className="gallery-main">
        {image?.url ? (
          <img
            src={image.url}
            alt={image.altText || product.name || ''}
            width={image.width}
            height={image.height}
            fetchPriority="high"
          />
        ) : (
          <div className="image-placeholder" aria-hidden="true" />
        )}
        {product.ribbon && <span className="ribbon">{product.ribbon}</span>}
      </div>
      {images.length > 1 && (
        <ul className="thumbs" aria-label="Product images">
          {images.map((item, i) => (
            <li key={item.id}>
              <button
                type="button"
                className="thumb"
                aria-current={item.id === current?.id ? 'true' : undefined}
                aria-label={`Show image ${i + 1} of ${images.length}${item.image?.altText ? `: ${item.image.altText}` : ''}`}
                onClick={() => setShown(item.id)}
              >
                <img src={item.image?.url} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PriceBlock({ product, variant }: { product: Product; variant: ProductVariant | undefined }) {
  const data = variant?.variant?.priceData ?? product.priceData;
  const formatted = data?.formatted;
  const onSale =
    data?.discountedPrice !== undefined && data.price !== undefined && data.discountedPrice < data.price;
  const prices = (product.variants ?? [])
    .filter((v) => v.variant?.visible !== false)
    .map((v) => v.variant?.priceData?.discountedPrice)
    .filter((p): p is number => p !== undefined);
  const low = prices.length ? Math.min(...prices) : undefined;
  const varies = !variant && low !== undefined && Math.max(...prices) > low;
  const perUnit = pricePerUnitLabel(product, formatted?.pricePerUnit);
  return (
    <div className="price-block" aria-live="polite">
      <p className="price" data-testid="product-price">
        {varies ? (
          <span>From {formatMoney(low, data?.currency)}</span>
        ) : onSale ? (
          <>
            <s className="muted">
              <span className="visually-hidden">Was </span>
              {formatted?.price}
            </s>{' '}
            <span className="sale">
              <span className="visually-hidden">Now </span>
              {formatted?.discountedPrice}
            </span>
          </>
        ) : (
          <span>{formatted?.discountedPrice ?? formatted?.price}</span>
        )}
      </p>
      {onSale && product.discount?.type === 'PERCENT' && product.discount.value ? (
        <p className="discount">Save {product.discount.value}%</p>
      ) : null}
      {perUnit && (
        <p className="muted small" data-testid="price-per-unit">
          {perUnit}
        </p>
      )}
    </div>
  );
}

function StockStatus({
  product,
  variant,
  missing,
}: {
  product: Product;
  variant: ProductVariant | undefined;
  missing: string[];
}) {
  let text: string;
  let tone: 'ok' | 'low' | 'out' | 'choose';
  if (variant) {
    const quantity = variant.stock?.trackQuantity ? variant.stock.quantity : undefined;
    if (variant.stock?.inStock === false) [text, tone] = ['Out of stock', 'out'];
    else if (quantity !== undefined && quantity <= 5) [text, tone] = [`Only ${quantity} left`, 'low'];
    else [text, tone] = ['In stock', 'ok'];
  } else if (product.stock?.inStock === false) {
    [text, tone] = ['Out of stock', 'out'];
  } else if (missing.length > 0) {
    const partly = product.stock?.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK';
    [text, tone] = [
      `Choose a ${missing.join(' and ').toLowerCase()}${partly ? ' · some options are sold out' : ''}`,
      'choose',
    ];
  } else {
    const quantity = product.stock?.trackInventory ? product.stock.quantity : undefined;
    [text, tone] =
      quantity !== undefined && quantity <= 5 ? [`Only ${quantity} left`, 'low'] : ['In stock', 'ok'];
  }
  return (
    <p className={`stock stock-${tone}`} id="stock-status" data-testid="stock-status" role="status">
      {text}
    </p>
  );
}

const STATE_TEXT: Record<ChoiceState, string> = {
  available: '',
  'out-of-stock': ' (out of stock)',
  unavailable: ' (not available)',
};

function OptionPicker({
  product,
  option,
  selection,
  onChoose,
}: {
  product: Product;
  option: ProductOption;
  selection: Selection;
  onChoose: (value: string) => void;
}) {
  const name = option.name ?? '';
  const picked = selection[name];
  const colour = option.optionType === 'color';
  return (
    <fieldset className="option">
      <legend>
        {name}
        {picked ? <span className="option-picked">: {picked}</span> : null}
      </legend>
      <div className={colour ? 'swatches' : 'pills'}>
        {(option.choices ?? []).map((choice) => {
          const value = choiceName(choice);
          const state = choiceState(product, option, choice, selection);
          return (
            <label
              key={value}
              className={`${colour ? 'swatch' : 'pill'} ${state}`}
              title={colour ? `${value}${STATE_TEXT[state]}` : undefined}
              data-state={state}
            >
              <input
                type="radio"
                name={`option-${name}`}
                value={value}
                checked={picked === value}
                disabled={state === 'unavailable'}
                onChange={() => onChoose(value)}
              />
              {colour ? (
                <>
                  <span className="swatch-colour" style={{ background: choice.value }} aria-hidden="true" />
                  <span className="visually-hidden">
                    {value}
                    {STATE_TEXT[state]}
                  </span>
                </>
              ) : (
                <span>
                  {choice.value}
                  {state !== 'available' && <span className="visually-hidden">{STATE_TEXT[state]}</span>}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function InfoSections({ product }: { product: Product }) {
  const sections = (product.additionalInfoSections ?? []).filter((s) => s.title);
  const dims = product.productDimensions;
  if (sections.length === 0 && !dims) return null;
  return (
    <div className="info-sections">
      {sections.map((section, i) => (
        <details key={section.title} open={i === 0}>
          <summary>{section.title}</summary>
          <RichText html={section.description} />
        </details>
      ))}
      {dims && (dims.length || dims.width || dims.height) && (
        <details>
          <summary>Dimensions</summary>
          <p>
            {[dims.length, dims.width, dims.height].filter(Boolean).join(' × ')} {dims.unit?.toLowerCase()} (L
            × W × H)
          </p>
        </details>
      )}
    </div>
  );
}
