import type { Product } from '@aisle/sdk';
import { useState } from 'react';
import type { ShownError } from '../lib/errors.ts';
import type { FieldSpec, FormValues } from '../lib/fields.ts';
import { PRODUCT_FIELDS, type ProductLists, productValues } from '../lib/product-form.ts';
import { EntityField, EntityFields } from './entity-fields.tsx';
import { CheckBox } from './form.ts';

/**
 * The product form: basics, pricing (discount, cost, SKU, weight, brand, ribbon), price per unit, search
 * engines (slug, title, summary, keywords), additional info sections, shoppers' text fields and, for products
 * without options, tracked stock. `specs` are the checked fields (brand and ribbon with their choices).
 */
export function ProductFields({
  product,
  specs,
  values,
  error,
}: {
  product?: Product;
  specs: readonly FieldSpec[];
  /** What the merchant typed before a refused create. */
  values?: FormValues | undefined;
  error: ShownError | undefined;
}) {
  const errors = error?.fields ?? {};
  const start = values ?? productValues(product);
  const spec = (name: string) => specs.find((s) => s.name === name)!;
  const [tracked, setTracked] = useState(start.trackQuantity === true);
  return (
    <>
      <EntityFields fields={PRODUCT_FIELDS.basics} values={start} errors={errors} />
      <fieldset className="stack">
        <legend>Pricing</legend>
        <EntityFields fields={PRODUCT_FIELDS.pricing} values={start} errors={errors} />
        <EntityField spec={spec('brand')} value={start.brand} error={errors.brand} />
        <EntityField spec={spec('ribbon')} value={start.ribbon} error={errors.ribbon} />
      </fieldset>
      <fieldset className="stack">
        <legend>Price per unit</legend>
        <p className="muted small">
          For goods sold by measure: “500 g, shown per 100 g” shows the price of 100 g.
        </p>
        <div className="field-row">
          <EntityFields fields={PRODUCT_FIELDS.perUnit} values={start} errors={errors} />
        </div>
      </fieldset>
      <fieldset className="stack">
        <legend>Search engines</legend>
        <EntityFields fields={PRODUCT_FIELDS.seo} values={start} errors={errors} />
      </fieldset>
      <ListEditor
        legend="Additional info sections"
        name="infoSections"
        error={errors.infoSections}
        start={(product?.additionalInfoSections ?? []).map((s) => ({
          title: s.title ?? '',
          description: s.description ?? '',
        }))}
        empty={{ title: '', description: '' }}
        addLabel="Add a section"
        render={(item, set, n) => (
          <>
            <Input
              label={`Section ${n} title`}
              value={item.title}
              onChange={(title) => set({ ...item, title })}
            />
            <Input
              label={`Section ${n} text`}
              value={item.description}
              multiline
              onChange={(description) => set({ ...item, description })}
            />
          </>
        )}
      />
      <ListEditor
        legend="Shoppers’ text fields (customizations)"
        name="customTextFields"
        error={errors.customTextFields}
        start={(product?.customTextFields ?? []).map((t) => ({
          title: t.title ?? '',
          maxLength: t.maxLength ?? 100,
          mandatory: t.mandatory === true,
        }))}
        empty={{ title: '', maxLength: 100, mandatory: false }}
        addLabel="Add a text field"
        render={(item, set, n) => (
          <>
            <Input
              label={`Text field ${n} question`}
              value={item.title}
              onChange={(title) => set({ ...item, title })}
            />
            <Input
              label={`Text field ${n} longest answer (characters)`}
              value={String(item.maxLength)}
              onChange={(text) => set({ ...item, maxLength: Number.parseInt(text, 10) || 0 })}
            />
            <CheckBox
              checked={item.mandatory}
              onChange={(e) => set({ ...item, mandatory: e.target.checked })}
            >
              Text field {n} must be filled in
            </CheckBox>
          </>
        )}
      />
      {product?.manageVariants ? (
        <p className="muted small">This product has options: its stock is kept per variant (see Variants).</p>
      ) : (
        <fieldset className="stack">
          <legend>Stock</legend>
          <CheckBox
            name="trackQuantity"
            checked={tracked}
            onChange={(event) => setTracked(event.target.checked)}
          >
            Track stock levels
          </CheckBox>
          {tracked && <EntityField spec={spec('quantity')} value={start.quantity} error={errors.quantity} />}
        </fieldset>
      )}
    </>
  );
}

function Input({
  label,
  value,
  onChange,
  multiline,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
}) {
  const id = `in-${label.replace(/\W+/g, '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} rows={3} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </div>
  );
}

/** A list of items edited in place (add, remove, move up), posted as JSON in a hidden field `name`. */
function ListEditor<T>({
  legend,
  name,
  start,
  empty,
  addLabel,
  render,
  error,
}: {
  legend: string;
  name: keyof ProductLists | 'infoSections';
  start: T[];
  empty: T;
  addLabel: string;
  render: (item: T, set: (item: T) => void, n: number) => React.ReactNode;
  error: string | undefined;
}) {
  const [items, setItems] = useState(start);
  const set = (i: number) => (item: T) => setItems((list) => list.map((x, j) => (j === i ? item : x)));
  return (
    <fieldset className="stack">
      <legend>{legend}</legend>
      <input type="hidden" name={name} value={JSON.stringify(items)} />
      {error && <p className="field-error">{error}</p>}
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; position is their identity here
        <div className="list-item stack" key={i}>
          {render(item, set(i), i + 1)}
          <div className="actions">
            {i > 0 && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setItems((l) => [...l.slice(0, i - 1), l[i]!, l[i - 1]!, ...l.slice(i + 1)])}
              >
                Move {i + 1} up
              </button>
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setItems((l) => l.filter((_, j) => j !== i))}
            >
              Remove {i + 1}
            </button>
          </div>
        </div>
      ))}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setItems((l) => [...l, empty])}
      >
        {addLabel}
      </button>
    </fieldset>
  );
}
