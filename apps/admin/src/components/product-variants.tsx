import type { ProductVariant } from '@aisle/sdk';
import { Form } from 'react-router';
import { CheckBox, fieldNotes, SubmitButton } from './form.ts';

/** `Size: M · Colour: Black`. */
export const variantName = (v: ProductVariant): string =>
  Object.entries(v.choices ?? {})
    .map(([option, choice]) => `${option}: ${choice}`)
    .join(' · ');

/** The field name of one variant's cell: `v.<variantId>.<column>`. */
export const cellName = (variantId: string, column: string) => `v.${variantId}.${column}`;

/**
 * The variants of a product with options, one row each (a card on a phone): price, cost, SKU, weight,
 * visibility and stock (a count when the product tracks stock, else in or out of stock). One save sends
 * what changed (`intent=variants`); a cell's problem stands under it.
 */
export function VariantsTable({
  variants,
  tracked,
  errors,
}: {
  variants: ProductVariant[];
  tracked: boolean;
  errors: Record<string, string>;
}) {
  const cell = (
    v: ProductVariant,
    column: string,
    label: string,
    value: string | number | undefined,
    mode: 'decimal' | 'numeric' | 'text',
  ) => {
    const name = cellName(v.id ?? '', column);
    const id = name.replaceAll('.', '-');
    const error = errors[name];
    const { describedBy, notes } = fieldNotes(id, undefined, error);
    return (
      <td data-label={label}>
        <input
          id={id}
          name={name}
          className="cell-input"
          inputMode={mode === 'text' ? undefined : mode}
          defaultValue={value ?? ''}
          aria-label={`${label} of ${variantName(v)}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {notes}
      </td>
    );
  };
  return (
    <Form method="post" className="stack" noValidate>
      <CheckBox name="trackQuantity" defaultChecked={tracked}>
        Track stock per variant
      </CheckBox>
      <div className="table-wrap">
        <table className="data-table card-table variants-table" data-testid="variants-table">
          <caption className="visually-hidden">Variants</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Price</th>
              <th scope="col">Cost</th>
              <th scope="col">SKU</th>
              <th scope="col">Weight</th>
              <th scope="col">{tracked ? 'Stock' : 'In stock'}</th>
              <th scope="col">Visible</th>
            </tr>
          </thead>
          <tbody>
            {variants.map((v) => {
              const data = v.variant ?? {};
              return (
                <tr key={v.id} data-testid="variant-row">
                  <th scope="row" className="card-title wrap">
                    {variantName(v)}
                  </th>
                  {cell(v, 'price', 'Price', data.priceData?.price?.toFixed(2), 'decimal')}
                  {cell(v, 'cost', 'Cost', data.costAndProfitData?.itemCost?.toFixed(2), 'decimal')}
                  {cell(v, 'sku', 'SKU', data.sku, 'text')}
                  {cell(v, 'weight', 'Weight', data.weight, 'decimal')}
                  {tracked ? (
                    cell(v, 'quantity', 'Stock', v.stock?.quantity ?? 0, 'numeric')
                  ) : (
                    <td data-label="In stock">
                      <input
                        type="checkbox"
                        name={cellName(v.id ?? '', 'inStock')}
                        defaultChecked={v.stock?.inStock !== false}
                        aria-label={`${variantName(v)} in stock`}
                      />
                    </td>
                  )}
                  <td data-label="Visible">
                    <input
                      type="checkbox"
                      name={cellName(v.id ?? '', 'visible')}
                      defaultChecked={data.visible !== false}
                      aria-label={`${variantName(v)} visible`}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <SubmitButton name="intent" value="variants" pendingText="Saving variants…">
        Save variants
      </SubmitButton>
    </Form>
  );
}
