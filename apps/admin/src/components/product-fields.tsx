import type { Product } from '@aisle/sdk';
import { useId, useState } from 'react';
import type { ShownError } from '../lib/errors.ts';
import { Field } from './form.ts';

/** Name, price, description, visibility and (for products without options) tracked stock. */
export function ProductFields({ product, error }: { product?: Product; error: ShownError | undefined }) {
  const fields = error?.fields ?? {};
  const withOptions = product?.manageVariants === true;
  const [tracked, setTracked] = useState(product?.stock?.trackInventory ?? true);
  const descriptionId = useId();
  return (
    <>
      <Field label="Name" name="name" defaultValue={product?.name ?? ''} error={fields.name} />
      <Field
        label="Price"
        name="price"
        inputMode="decimal"
        className="narrow"
        defaultValue={product?.priceData?.price ?? ''}
        hint={product?.priceData?.currency ? `In ${product.priceData.currency}` : undefined}
        error={fields.price}
      />
      <div className="field">
        <label htmlFor={descriptionId}>Description</label>
        <textarea
          id={descriptionId}
          name="description"
          rows={4}
          defaultValue={product?.description ?? ''}
          aria-invalid={fields.description ? true : undefined}
          aria-describedby={`${descriptionId}-hint${fields.description ? ` ${descriptionId}-error` : ''}`}
        />
        <p className="field-hint" id={`${descriptionId}-hint`}>
          Text or HTML (paragraphs, lists, links); the server removes anything unsafe.
        </p>
        {fields.description && (
          <p className="field-error" id={`${descriptionId}-error`}>
            {fields.description}
          </p>
        )}
      </div>
      <label className="check">
        <input type="checkbox" name="visible" defaultChecked={product?.visible ?? true} />
        Visible in the store
      </label>
      {withOptions ? (
        <p className="muted small">This product has options: its stock is kept per variant.</p>
      ) : (
        <fieldset className="stack">
          <legend>Stock</legend>
          <label className="check">
            <input
              type="checkbox"
              name="trackQuantity"
              checked={tracked}
              onChange={(event) => setTracked(event.target.checked)}
            />
            Track stock levels
          </label>
          {tracked && (
            <Field
              label="Quantity in stock"
              name="quantity"
              inputMode="numeric"
              className="narrow"
              defaultValue={product?.stock?.quantity ?? 0}
              error={fields.quantity}
            />
          )}
        </fieldset>
      )}
    </>
  );
}
