import type { MediaItem, Product, ProductOption, ProductVariant } from '@aisle/sdk';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useSearchParams,
} from 'react-router';
import { ErrorNotice } from '../components/form.tsx';
import { NotifyMe } from '../components/notify-me.tsx';
import { Picture, ProductPicture } from '../components/picture.tsx';
import { QuantityStepper } from '../components/quantity-stepper.tsx';
import { RichText } from '../components/rich-text.tsx';
import { SalePrice } from '../components/sale-price.tsx';
import type { ShownError } from '../lib/errors.ts';
import { metaFrom, plainText, type RouteHandle } from '../lib/meta.ts';
import { breadcrumbs, productData } from '../lib/structured-data.ts';
import { addLinesWith, addToCart, cartErrorMessage, catalogLine } from '../resources/cart.ts';
import {
  choiceName,
  choiceState,
  type ChoiceState,
  galleryFor,
  loadProduct,
  lowStockText,
  pricePerUnitLabel,
  productPath,
  readSelection,
  selectedVariant,
  type Selection,
} from '../resources/products.ts';
import { formatMoney } from '../lib/money.ts';
import { storeOf } from '../sdk.ts';
import { useSettledActionData } from '../lib/action-data.ts';

/** `/product-page/:slug` (the catalogue's page URL) and `/products/:slug` (the redirect intent's). */
export async function productLoader({ params, context }: LoaderFunctionArgs) {
  return { product: await loadProduct(storeOf(context), params.slug ?? '') };
}

/** Options with choices, and the one-choice ones already chosen. */
function chosen(product: Product, selection: Selection) {
  const options = (product.productOptions ?? []).filter((o) => (o.choices ?? []).length > 0);
  const full = { ...selection };
  for (const option of options) {
    const only = option.choices?.length === 1 ? option.choices[0] : undefined;
    if (only && !full[option.name ?? '']) full[option.name ?? ''] = choiceName(only);
  }
  const missing = options.filter((o) => !full[o.name ?? '']).map((o) => o.name ?? '');
  return { options, selection: full, missing, variant: selectedVariant(product, full) };
}

/**
 * "Add to cart" posted without JavaScript (the page's form): the options come as `option-<name>` fields.
 * Added: on to the cart page. Otherwise the page again, saying why.
 */
export async function productAction({ request, params, context }: ActionFunctionArgs) {
  const store = storeOf(context);
  const product = await loadProduct(store, params.slug ?? '');
  const form = await request.formData();
  const picked = new URLSearchParams();
  for (const [key, value] of form) {
    if (key.startsWith('option-') && typeof value === 'string') picked.set(key.slice(7), value);
  }
  const { options, missing, variant } = chosen(product, readSelection(product, picked));
  if (missing.length > 0) {
    return { error: { message: `Choose a ${missing.join(' and ').toLowerCase()} first.` } };
  }
  const quantity = Number.parseInt(String(form.get('quantity') ?? '1'), 10);
  if (!Number.isInteger(quantity) || quantity < 1)
    return { error: { message: 'Enter a quantity of 1 or more.' } };
  if (options.length > 0 && !variant)
    return { error: { message: 'This combination is not made. Choose another.' } };
  const plan = String(form.get('purchase') ?? '') || undefined;
  try {
    await addLinesWith(await store.api(), [
      catalogLine(
        product.id,
        options.length > 0 ? variant?.id : product.variants?.[0]?.id,
        quantity,
        plan === 'one-time' ? undefined : plan,
      ),
    ]);
  } catch (error) {
    return { error: cartErrorMessage(error) };
  }
  return redirect('/cart');
}

/** The merchant's own meta description for the product (its SEO data), when it has one. */
function seoDescription(product: Product): string | undefined {
  const tag = product.seoData?.tags?.find(
    (t) => t.type === 'meta' && !t.disabled && t.props?.name === 'description',
  );
  const content = tag?.props?.content;
  return typeof content === 'string' && content ? content : undefined;
}

export const productHandle: RouteHandle = {
  meta: metaFrom<Awaited<ReturnType<typeof productLoader>>>(({ product }, { origin }) => {
    const path = productPath(product);
    const image = product.media?.mainMedia?.image;
    const price = product.priceData;
    const name = product.name ?? 'Product';
    return {
      title: name,
      description:
        seoDescription(product) ??
        plainText(product.description) ??
        `${name}${price?.formatted?.discountedPrice ? ` for ${price.formatted.discountedPrice}` : ''}.`,
      canonical: path,
      type: 'product',
      image: image?.url
        ? { url: image.url, width: image.width, height: image.height, alt: image.altText || name }
        : undefined,
      price:
        price?.discountedPrice !== undefined
          ? { amount: price.discountedPrice.toFixed(2), currency: price.currency ?? 'USD' }
          : undefined,
      // Only the server writes JSON-LD (crawlers read the first page's HTML): the browser's build leaves it out.
      structuredData: import.meta.env.SSR
        ? [
            productData(origin, product, path),
            breadcrumbs(origin, [
              { name: 'Home', path: '/' },
              { name: 'Shop', path: '/shop' },
              { name, path },
            ]),
          ]
        : undefined,
    };
  }),
};

/** The chosen options live in the URL (`?Size=M&Color=Navy`); choosing one must not refetch the product. */
export const productShouldRevalidate = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname || formMethod !== undefined ? defaultShouldRevalidate : false;

/**
 * Options a shopper picked while the page was still the server's HTML (a phone on a slow line taps before the
 * scripts have run) are checked in the page but missing from the URL the page renders from: React keeps a
 * checked radio through hydration and would uncheck it at the next render, so the size chosen first was lost
 * when the colour was chosen. Once hydrated, take those picks over into the URL.
 */
function useChoicesBeforeHydration(
  page: { current: HTMLElement | null },
  selection: Selection,
  choose: (picks: Record<string, string>) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the page held when it hydrated
  useEffect(() => {
    const picks: Record<string, string> = {};
    const checked = page.current?.querySelectorAll<HTMLInputElement>(
      'input[type="radio"][name^="option-"]:checked',
    );
    for (const input of checked ?? []) {
      const name = input.name.slice('option-'.length);
      if (selection[name] !== input.value) picks[name] = input.value;
    }
    if (Object.keys(picks).length > 0) choose(picks);
  }, []);
}

export function ProductPage() {
  const { product } = useLoaderData<typeof productLoader>();
  const [search, setSearch] = useSearchParams();
  // The choices tapped at this location, shown checked at once while the URL catches up (React Router's
  // navigation waits for the layout's data): a later location (the URL caught up, another product) drops them.
  const { key } = useLocation();
  const [pending, setPending] = useState<{ at: string; picks: Selection }>();
  const picks = pending?.at === key ? pending.picks : {};
  // An option with a single choice is chosen already.
  const { options, selection, missing, variant } = chosen(product, {
    ...readSelection(product, search),
    ...picks,
  });
  const choose = (more: Record<string, string>) => {
    const all = { ...picks, ...more };
    setPending({ at: key, picks: all });
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(all)) next.set(name, value);
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  const page = useRef<HTMLElement>(null);
  useChoicesBeforeHydration(page, selection, choose);

  return (
    <article className="product-page" ref={page}>
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
          <BuyBox key={product.id} product={product} variant={variant} missing={missing}>
            {options.map((option) => (
              <OptionPicker
                key={option.name}
                product={product}
                option={option}
                selection={selection}
                onChoose={(value) => choose({ [option.name ?? '']: value })}
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
          </BuyBox>
          <RichText html={product.description} className="rich-text product-description" />
          <InfoSections product={product} />
        </div>
      </div>
    </article>
  );
}

interface PlanView {
  id: string;
  title: string;
  saving?: string;
}

/** The product's visible subscription options (Aisle's `subscriptionDetails`) and whether one-time is sold. */
function subscriptionPlans(product: Product): { oneTime: boolean; options: PlanView[] } {
  const details = product.subscriptionDetails;
  const options = (details?.subscriptions ?? [])
    .filter((s): s is typeof s & { id: string } => s.visible !== false && s.id !== undefined)
    .map((s) => ({
      id: s.id,
      title: s.title,
      ...(s.discount?.value
        ? {
            saving:
              s.discount.type === 'PERCENT'
                ? `${s.discount.value}%`
                : formatMoney(s.discount.value, product.priceData?.currency),
          }
        : {}),
    }));
  return { oneTime: details?.allowOneTimePurchases !== false, options };
}

/**
 * The options, quantity and "Add to cart" for the chosen variant (or the product's only one). Sold out:
 * disabled. Options not chosen yet: the button says which, and takes the shopper to the first of them.
 * One form that also posts without JavaScript (`productAction`); with it, the cart drawer opens instead.
 */
function BuyBox({
  product,
  variant,
  missing,
  children,
}: {
  product: Product;
  variant: ProductVariant | undefined;
  missing: string[];
  children: ReactNode;
}) {
  const hasOptions = (product.productOptions ?? []).some((o) => (o.choices ?? []).length > 0);
  const [quantity, setQuantity] = useState(1);
  const plans = subscriptionPlans(product);
  const [purchase, setPurchase] = useState(plans.oneTime ? 'one-time' : (plans.options[0]?.id ?? 'one-time'));
  const [busy, setBusy] = useState(false);
  const posted = useSettledActionData<typeof productAction>();
  const [error, setError] = useState<ShownError | undefined>(posted?.error);
  const { pathname, search } = useLocation();
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
        catalogLine(
          product.id,
          hasOptions ? variantId : product.variants?.[0]?.id,
          quantity,
          purchase === 'one-time' ? undefined : purchase,
        ),
      ]);
    } catch (err) {
      setError(cartErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const form = (
    <form method="post" action={pathname + search} onSubmit={(event) => void submit(event)}>
      {children}
      {plans.options.length > 0 && (
        <fieldset className="purchase-options">
          <legend>How would you like it?</legend>
          {plans.oneTime && (
            <label>
              <input
                type="radio"
                name="purchase"
                value="one-time"
                checked={purchase === 'one-time'}
                onChange={() => setPurchase('one-time')}
              />{' '}
              One-time purchase
            </label>
          )}
          {plans.options.map((o) => (
            <label key={o.id}>
              <input
                type="radio"
                name="purchase"
                value={o.id}
                checked={purchase === o.id}
                onChange={() => setPurchase(o.id)}
              />{' '}
              Subscribe: {o.title}
              {o.saving ? ` (save ${o.saving})` : ''}
            </label>
          ))}
          <p className="muted small">
            Subscriptions are for members: <Link to="/login">sign in</Link> to subscribe. You can pause or
            cancel in your account.
          </p>
        </fieldset>
      )}
      <div className="buy">
        <div className="buy-row">
          {!soldOut && !noSuchVariant && (
            <QuantityStepper
              value={quantity}
              max={max}
              label={`Quantity of ${product.name ?? 'this product'}`}
              onChange={setQuantity}
              disabled={busy}
              name="quantity"
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
      </div>
    </form>
  );
  // A sold-out item offers the back-in-stock request below the (disabled) buy form.
  if (!soldOut || noSuchVariant) return form;
  return (
    <>
      {form}
      <NotifyMe
        productId={product.id}
        variantId={hasOptions ? variantId : undefined}
        productName={product.name}
      />
    </>
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
        <ProductPicture product={product} image={image} sizes="(min-width: 900px) 50vw, 100vw" priority />
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
                {item.image && <Picture image={item.image} alt="" sizes="72px" width={72} height={72} />}
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
          <SalePrice was={formatted?.price} now={formatted?.discountedPrice} />
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
    else if (lowStockText(quantity)) [text, tone] = [lowStockText(quantity)!, 'low'];
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
    const low = lowStockText(product.stock?.trackInventory ? product.stock.quantity : undefined);
    [text, tone] = low ? [low, 'low'] : ['In stock', 'ok'];
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
