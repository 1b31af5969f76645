import type { Coupon, CouponDiscountType, CouponScope } from '@aisle/sdk';
import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { DISCOUNT_TYPES, localInputValue } from '../lib/coupon-form.ts';
import type { ShownError } from '../lib/errors.ts';
import type { couponProductsLoader } from '../routes/coupons.tsx';
import { Field } from './form.ts';
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
      <label className="check">
        <input type="checkbox" name="active" defaultChecked={coupon?.active ?? true} />
        Active (shoppers can use it)
      </label>
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
        {discountType === 'PERCENTAGE' && (
          <Field
            label="Percentage"
            name="percentage"
            inputMode="decimal"
            className="narrow"
            defaultValue={coupon?.percentage ?? ''}
            hint="Of the items it applies to, more than 0 and up to 100."
            error={fields.percentage}
          />
        )}
        {discountType === 'FIXED_AMOUNT' && (
          <Field
            label="Amount off"
            name="fixedAmount"
            inputMode="decimal"
            className="narrow"
            defaultValue={coupon?.fixedAmount ?? ''}
            hint={inCurrency}
            error={fields.fixedAmount}
          />
        )}
        <Field
          label="Minimum subtotal"
          name="minimumSubtotal"
          inputMode="decimal"
          className="narrow"
          defaultValue={coupon?.minimumSubtotal ?? ''}
          hint={`Optional${inCurrency ? `. ${inCurrency}` : ''}.`}
          error={fields.minimumSubtotal}
        />
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
        {scope !== 'SPECIFIC_PRODUCTS' && fields.scope && (
          <p className="field-error" role="alert">
            {fields.scope}
          </p>
        )}
      </fieldset>
      <fieldset className="stack">
        <legend>When and how often</legend>
        <Field
          label="Starts"
          name="startTime"
          type="datetime-local"
          className="narrow"
          defaultValue={localInputValue(coupon?.startTime)}
          hint="Optional; your time zone."
          error={fields.startTime}
        />
        <Field
          label="Expires"
          name="expirationTime"
          type="datetime-local"
          className="narrow"
          defaultValue={localInputValue(coupon?.expirationTime)}
          hint="Optional; it no longer applies from then on."
          error={fields.expirationTime}
        />
        <Field
          label="Usage limit"
          name="usageLimit"
          inputMode="numeric"
          className="narrow"
          defaultValue={coupon?.usageLimit ?? ''}
          hint={`Optional: orders in all${coupon ? `; used ${coupon.timesUsed ?? 0} times so far` : ''}.`}
          error={fields.usageLimit}
        />
        <Field
          label="Limit per customer"
          name="limitPerCustomer"
          inputMode="numeric"
          className="narrow"
          defaultValue={coupon?.limitPerCustomer ?? ''}
          hint="Optional: orders per shopper."
          error={fields.limitPerCustomer}
        />
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
        <ul className="pick-list" aria-label="Chosen products">
          {picked.map((p) => (
            <li key={p.id}>
              <span>{p.name}</span>
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${p.name}`}
                onClick={() => setPicked(picked.filter((x) => x.id !== p.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <SearchBox label="Find products by name" value={query} onChange={setQuery} onFind={find} />
      {search.data && (
        <div role="status">
          {found.length === 0 ? (
            <p className="muted small">No other product matches “{search.data.q}”.</p>
          ) : (
            <ul className="pick-list" aria-label="Matching products">
              {found.map((p) => (
                <li key={p.id}>
                  <span>{p.name}</span>
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Add ${p.name}`}
                    onClick={() => setPicked([...picked, p])}
                  >
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
