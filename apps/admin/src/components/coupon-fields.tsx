import type { Coupon, CouponDiscountType, CouponScope } from '@aisle/sdk';
import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { DISCOUNT_TYPES, localInputValue } from '../lib/coupon-form.ts';
import type { ShownError } from '../lib/errors.ts';
import type { couponProductsLoader } from '../routes/coupons.tsx';
import { FieldAlert } from './field-parts.tsx';
import { CheckBox, Field } from './form.ts';
import { SearchBox } from './search-box.tsx';

export interface PickedProduct {
  id: string;
  name: string;
}

const DISCOUNT_LABELS: Record<CouponDiscountType, string> = {
  PERCENTAGE: 'Percentage off',
  FIXED_AMOUNT: 'Fixed amount off',
  FREE_SHIPPING: 'Free shipping',
};

/**
 * Every field of a coupon: code, name, active, the discount (its value shown for the chosen kind), minimum
 * subtotal, what it applies to (all items or products picked by searching), validity window and limits.
 */
export function CouponFields({
  coupon,
  products = [],
  currency,
  error,
}: {
  coupon?: Coupon;
  /** The products of a SPECIFIC_PRODUCTS coupon, with their names. */
  products?: PickedProduct[];
  currency: string | undefined;
  error: ShownError | undefined;
}) {
  const fields = error?.fields ?? {};
  const [discountType, setDiscountType] = useState<CouponDiscountType>(coupon?.discountType ?? 'PERCENTAGE');
  const [scope, setScope] = useState<CouponScope['type']>(coupon?.scope?.type ?? 'ALL_ITEMS');
  const typeId = useId();
  const inCurrency = currency ? `In ${currency}` : undefined;
  // Collections are offered only to keep those of a coupon limited to them through the API.
  const scopeOptions: Array<[CouponScope['type'], string]> = [
    ['ALL_ITEMS', 'All items'],
    ['SPECIFIC_PRODUCTS', 'Specific products'],
    ...(coupon?.scope?.type === 'SPECIFIC_COLLECTIONS'
      ? [
          [
            'SPECIFIC_COLLECTIONS',
            `Its ${coupon.scope.collectionIds?.length ?? 0} collections (set through the API)`,
          ] as [CouponScope['type'], string],
        ]
      : []),
  ];
  /** A short number field of the coupon's, with the server's message for it. */
  const numberField = (
    label: string,
    name: 'percentage' | 'fixedAmount' | 'minimumSubtotal' | 'usageLimit' | 'limitPerCustomer',
    hint: string | undefined,
    inputMode: 'decimal' | 'numeric' = 'decimal',
  ) => (
    <Field
      label={label}
      name={name}
      inputMode={inputMode}
      className="narrow"
      defaultValue={coupon?.[name] ?? ''}
      hint={hint}
      error={fields[name]}
    />
  );
  /** A date and time in the merchant's time zone. */
  const timeField = (label: string, name: 'startTime' | 'expirationTime', hint: string) => (
    <Field
      label={label}
      name={name}
      type="datetime-local"
      className="narrow"
      defaultValue={localInputValue(coupon?.[name])}
      hint={hint}
      error={fields[name]}
    />
  );
  return (
    <>
      <Field
        label="Code"
        name="code"
        autoCapitalize="characters"
        spellCheck={false}
        defaultValue={coupon?.code ?? ''}
        hint="What shoppers type: letters, digits, - and _. Capitals do not matter."
        error={fields.code}
      />
      <Field
        label="Name"
        name="name"
        defaultValue={coupon?.name ?? ''}
        hint="For you; the code when left empty."
        error={fields.name}
      />
      <CheckBox name="active" defaultChecked={coupon?.active ?? true}>
        Active (shoppers can use it)
      </CheckBox>
      <fieldset className="stack">
        <legend>Discount</legend>
        <div className="field narrow">
          <label htmlFor={typeId}>Kind of discount</label>
          <select
            id={typeId}
            name="discountType"
            value={discountType}
            onChange={(event) => setDiscountType(event.target.value as CouponDiscountType)}
          >
            {DISCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {DISCOUNT_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        {discountType === 'PERCENTAGE' &&
          numberField('Percentage', 'percentage', 'Of the items it applies to, more than 0 and up to 100.')}
        {discountType === 'FIXED_AMOUNT' && numberField('Amount off', 'fixedAmount', inCurrency)}
        {numberField(
          'Minimum subtotal',
          'minimumSubtotal',
          `Optional${inCurrency ? `. ${inCurrency}` : ''}.`,
        )}
      </fieldset>
      <fieldset className="stack">
        <legend>Applies to</legend>
        {scopeOptions.map(([value, label]) => (
          <label key={value} className="check">
            <input
              type="radio"
              name="scope"
              value={value}
              checked={scope === value}
              onChange={() => setScope(value)}
            />
            {label}
          </label>
        ))}
        {scope === 'SPECIFIC_COLLECTIONS' &&
          coupon?.scope?.collectionIds?.map((id) => (
            <input key={id} type="hidden" name="collectionId" value={id} />
          ))}
        {scope === 'SPECIFIC_PRODUCTS' && <ProductPicker initial={products} error={fields.scope} />}
        {scope !== 'SPECIFIC_PRODUCTS' && <FieldAlert error={fields.scope} />}
      </fieldset>
      <fieldset className="stack">
        <legend>When and how often</legend>
        {timeField('Starts', 'startTime', 'Optional; your time zone.')}
        {timeField('Expires', 'expirationTime', 'Optional; it no longer applies from then on.')}
        {numberField(
          'Usage limit',
          'usageLimit',
          `Optional: orders in all${coupon ? `; used ${coupon.timesUsed ?? 0} times so far` : ''}.`,
          'numeric',
        )}
        {numberField('Limit per customer', 'limitPerCustomer', 'Optional: orders per shopper.', 'numeric')}
      </fieldset>
    </>
  );
}

/**
 * The products a coupon applies to: found by name (the products search, through `/coupons/products`) and
 * picked into a list that the form sends as `productId` fields.
 */
function ProductPicker({ initial, error }: { initial: PickedProduct[]; error: string | undefined }) {
  const [picked, setPicked] = useState(initial);
  const [query, setQuery] = useState('');
  const search = useFetcher<typeof couponProductsLoader>();
  const find = () => {
    if (query.trim()) void search.load(`/coupons/products?${new URLSearchParams({ q: query.trim() })}`);
  };
  const found = (search.data?.products ?? []).filter((p) => !picked.some((x) => x.id === p.id));
  return (
    <div className="stack product-picker">
      {picked.map((p) => (
        <input key={p.id} type="hidden" name="productId" value={p.id} />
      ))}
      {picked.length === 0 ? (
        <p className="muted small">None yet: find products by name below.</p>
      ) : (
        <PickList
          label="Chosen products"
          products={picked}
          action="Remove"
          onPick={(p) => setPicked(picked.filter((x) => x.id !== p.id))}
        />
      )}
      <FieldAlert error={error} />
      <SearchBox label="Find products by name" value={query} onChange={setQuery} onFind={find} />
      {search.data && (
        <div role="status">
          {found.length === 0 ? (
            <p className="muted small">No other product matches “{search.data.q}”.</p>
          ) : (
            <PickList
              label="Matching products"
              products={found}
              action="Add"
              onPick={(p) => setPicked([...picked, p])}
            />
          )}
        </div>
      )}
    </div>
  );
}

/** A list of products named `label`, each with a button (`Add ${name}`, `Remove ${name}`) handing it to `onPick`. */
function PickList({
  label,
  products,
  action,
  onPick,
}: {
  label: string;
  products: PickedProduct[];
  action: 'Add' | 'Remove';
  onPick: (product: PickedProduct) => void;
}) {
  return (
    <ul className="pick-list" aria-label={label}>
      {products.map((p) => (
        <li key={p.id}>
          <span>{p.name}</span>
          <button
            type="button"
            className="link-button"
            aria-label={`${action} ${p.name}`}
            onClick={() => onPick(p)}
          >
            {action}
          </button>
        </li>
      ))}
    </ul>
  );
}
