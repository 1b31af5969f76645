import { useId, useState } from 'react';
import {
  type BundleDraft,
  type DiscountDraft,
  type DiscountKind,
  type DiscountsDraft,
  discountText,
  isDiscountsDraft,
  messageUnder,
  namedDiscounts,
  namedIds,
  newDiscount,
  noItems,
  readDiscounts,
  type TargetType,
} from '../lib/discount-rules.ts';
import { type CustomField, type CustomFieldProps, optionsOf } from '../lib/fields.ts';
import { DraftFieldset, draftField, useDraftRows } from './draft-field.tsx';
import { Field } from './form.ts';
import { SelectField } from './select-field.tsx';
import { ItemsPicker, useNames, useStoreCurrency } from './rule-pickers.tsx';

/**
 * What a discount rule gives (`kind: 'custom'`): one or more discounts, each a percentage off, an amount off
 * each item, a set price for each item or bundle prices (“3 for 10.00”), on every item, chosen products and
 * collections, or the cheapest item; with a sentence saying it. The draft posts as JSON under the field's
 * name; messages sit under the wire paths (`discounts.values[0].percentage`).
 */
export const discountsField: CustomField = draftField(
  'discount',
  isDiscountsDraft,
  readDiscounts,
  DiscountsField,
);

/** A rule holds at most this many discounts (the server's limit). */
const MAX_DISCOUNTS = 10;
const MAX_BUNDLES = 10;

const KINDS = optionsOf<DiscountKind>({
  PERCENTAGE: 'A percentage off',
  FIXED_AMOUNT: 'An amount off each item',
  FIXED_PRICE: 'A set price for each item',
  QUANTITY_BASED: 'A bundle price (such as 3 for 10.00)',
});

/** The one figure of the kinds of discount that take one: the draft's key, the wire field, label and hint. */
const AMOUNTS: Partial<
  Record<
    DiscountKind,
    { key: 'percentage' | 'amount' | 'price'; wire: string; label: (unit: string) => string; hint: string }
  >
> = {
  PERCENTAGE: {
    key: 'percentage',
    wire: 'percentage',
    label: () => 'Percentage off',
    hint: 'Above 0 and up to 100, such as 10 or 12.5.',
  },
  FIXED_AMOUNT: {
    key: 'amount',
    wire: 'fixedAmount',
    label: (unit) => `Amount off each item${unit}`,
    hint: 'Never more than the item costs.',
  },
  FIXED_PRICE: {
    key: 'price',
    wire: 'fixedPrice',
    label: (unit) => `Price of each item${unit}`,
    hint: 'Items already cheaper keep their price.',
  },
};

const TARGETS = optionsOf<TargetType>({
  ALL_ITEMS: 'Every item in the cart',
  SPECIFIC_ITEMS: 'Chosen products and collections',
  LOWEST_PRICED_ITEM: 'The cheapest item (one unit)',
});

function DiscountsField({ spec, name, value, errors }: CustomFieldProps) {
  const [draft, setDraft] = useState<DiscountsDraft>(() =>
    isDiscountsDraft(value) ? value : { values: [newDiscount()] },
  );
  const names = useNames(namedIds(undefined, draft));
  const currency = useStoreCurrency();
  const shown = namedDiscounts(draft, names);
  const rows = useDraftRows(shown.values, (values) => setDraft({ values }));
  const many = shown.values.length > 1;
  return (
    <DraftFieldset spec={spec} name={name} draft={draft} errors={errors} testId="rule-discounts">
      <ol className="rows-list" ref={rows.list}>
        {shown.values.map((d, i) => (
          <li key={rows.keys[i]}>
            <DiscountEditor
              draft={d}
              title={many ? `Discount ${i + 1}` : 'Discount'}
              path={`${name}.values[${i}]`}
              errors={errors}
              currency={currency}
              onChange={(next) => rows.replace(i, next)}
              onRemove={many ? () => rows.remove(i) : undefined}
            />
          </li>
        ))}
      </ol>
      {errors[`${name}.values`] && <p className="field-error">{errors[`${name}.values`]}</p>}
      {shown.values.length < MAX_DISCOUNTS && (
        <div>
          <button
            ref={rows.adder}
            type="button"
            className="button button-secondary"
            onClick={() => rows.add(newDiscount())}
          >
            Add another discount
          </button>
        </div>
      )}
      <p className="rule-sentence" data-testid="discount-sentence">
        Gives {shown.values.map((d) => discountText(d, currency)).join(', and ')}.
      </p>
    </DraftFieldset>
  );
}

function DiscountEditor({
  draft,
  title,
  path,
  errors,
  currency,
  onChange,
  onRemove,
}: {
  draft: DiscountDraft;
  title: string;
  path: string;
  errors: Record<string, string>;
  currency: string | undefined;
  onChange: (draft: DiscountDraft) => void;
  onRemove: (() => void) | undefined;
}) {
  const id = useId();
  const unit = currency ? ` (${currency})` : '';
  const lower = title.toLowerCase();
  const amount = AMOUNTS[draft.type];
  return (
    <fieldset className="rows-row stack">
      <legend>{title}</legend>
      <SelectField
        label="Kind of discount"
        className="field"
        options={KINDS.map((k) => [k.value, k.label] as const)}
        value={draft.type}
        onChange={(type) => onChange({ ...draft, type: type as DiscountKind })}
        error={errors[path]}
      />
      {amount && (
        <Field
          key={draft.type}
          label={amount.label(unit)}
          name={`${path}.${amount.wire}`}
          className="narrow"
          inputMode="decimal"
          value={draft[amount.key]}
          onChange={(event) => onChange({ ...draft, [amount.key]: event.target.value })}
          hint={amount.hint}
          error={errors[`${path}.${amount.wire}`]}
        />
      )}
      {draft.type === 'QUANTITY_BASED' && (
        <Bundles
          draft={draft}
          onChange={onChange}
          at={`${path}.quantityBased.configurations`}
          errors={errors}
          unit={unit}
        />
      )}
      <fieldset className="choice-group">
        <legend>On</legend>
        {TARGETS.map((t) => (
          <label key={t.value} className="check">
            <input
              type="radio"
              name={`${id}-target`}
              checked={draft.target === t.value}
              onChange={() =>
                onChange({
                  ...draft,
                  target: t.value,
                  items: t.value === 'ALL_ITEMS' ? noItems() : draft.items,
                })
              }
            />
            {t.label}
          </label>
        ))}
      </fieldset>
      {draft.target !== 'ALL_ITEMS' && (
        <>
          {draft.target === 'LOWEST_PRICED_ITEM' && (
            <p className="muted small">
              Among the chosen products and collections; none chosen: among every item.
            </p>
          )}
          <ItemsPicker
            items={draft.items}
            onChange={(items) => onChange({ ...draft, items })}
            context={`for ${lower}`}
            error={messageUnder(errors, `${path}.specificItemsInfo`)}
          />
        </>
      )}
      {onRemove && (
        <div>
          <button type="button" className="button button-secondary" onClick={onRemove}>
            Remove {lower}
          </button>
        </div>
      )}
    </fieldset>
  );
}

function Bundles({
  draft,
  onChange,
  at,
  errors,
  unit,
}: {
  draft: DiscountDraft;
  onChange: (draft: DiscountDraft) => void;
  at: string;
  errors: Record<string, string>;
  unit: string;
}) {
  const bundles = draft.bundles;
  const put = (i: number, change: Partial<BundleDraft>) =>
    onChange({ ...draft, bundles: bundles.map((b, j) => (j === i ? { ...b, ...change } : b)) });
  /** One figure of bundle `i`, named by its wire path. */
  const figure = (
    b: BundleDraft,
    i: number,
    key: keyof BundleDraft,
    label: string,
    inputMode: 'numeric' | 'decimal',
  ) => (
    <Field
      label={label}
      name={`${at}[${i}].${key}`}
      className="narrow"
      inputMode={inputMode}
      value={b[key]}
      onChange={(event) => put(i, { [key]: event.target.value })}
      error={errors[`${at}[${i}].${key}`]}
    />
  );
  return (
    <div className="stack">
      <p className="muted small">
        The cart's units are grouped, dearest first, into the largest bundles that fit; a bundle costs its
        price when that is less.
      </p>
      {bundles.map((b, i) => (
        // Bundles are only added at the end and removed from it: their index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="field-row" key={i}>
          {figure(b, i, 'quantity', `Items in bundle ${i + 1}`, 'numeric')}
          {figure(b, i, 'price', `Price of bundle ${i + 1}${unit}`, 'decimal')}
        </div>
      ))}
      {(errors[at] ?? '') && <p className="field-error">{errors[at]}</p>}
      <div className="actions">
        {bundles.length < MAX_BUNDLES && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onChange({ ...draft, bundles: [...bundles, { quantity: '', price: '' }] })}
          >
            Add a bundle size
          </button>
        )}
        {bundles.length > 1 && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onChange({ ...draft, bundles: bundles.slice(0, -1) })}
          >
            Remove bundle {bundles.length}
          </button>
        )}
      </div>
    </div>
  );
}
