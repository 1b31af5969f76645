import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldSpec, FormValues } from '../lib/fields.ts';
import { EntityFields } from './entity-fields.tsx';
import { fieldNotes } from './form.ts';

let nextKey = 0;
const keyed = (values: FormValues) => ({ key: nextKey++, values });

/**
 * A nested list of the entity kit (`kind: 'rows'`): rows of the spec's `fields` (rates, their conditions,
 * destinations, jurisdictions), added and removed in the page before the form is saved. Inputs are named
 * `<name>[<i>].<field>` in order, and each row posts the marker `<name>[<i>]`, so `readFields` reads them
 * back as an array and the server's `rates[1].amount` violation stands next to that row's input. Focus
 * moves to a new row's first input, and to the add button after a removal.
 */
export function RowsField({
  spec,
  name,
  rows: initial,
  errors,
}: {
  spec: FieldSpec;
  name: string;
  rows: FormValues[];
  errors: Record<string, string>;
}) {
  const [rows, setRows] = useState(() => initial.map(keyed));
  const list = useRef<HTMLOListElement>(null);
  const adder = useRef<HTMLButtonElement>(null);
  const item = spec.item ?? 'Row';
  const lower = item.toLowerCase();
  const id = useId();
  const { describedBy, notes } = fieldNotes(id, spec.hint, errors[name]);
  return (
    <fieldset className="rows-field stack" aria-describedby={describedBy}>
      <legend>{spec.label}</legend>
      {notes}
      {rows.length > 0 && (
        <ol className="rows-list" ref={list}>
          {rows.map((row, i) => (
            <li key={row.key}>
              <fieldset className="rows-row">
                <legend>
                  {item} {i + 1}
                </legend>
                <input type="hidden" name={`${name}[${i}]`} value="" />
                <div className="rows-fields">
                  <EntityFields
                    fields={spec.fields ?? []}
                    values={row.values}
                    errors={errors}
                    prefix={`${name}[${i}].`}
                  />
                </div>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    flushSync(() => setRows(rows.filter((r) => r.key !== row.key)));
                    adder.current?.focus();
                  }}
                >
                  Remove {lower} {i + 1}
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <div>
        <button
          ref={adder}
          type="button"
          className="button button-secondary"
          onClick={() => {
            flushSync(() => setRows([...rows, keyed({})]));
            list.current?.lastElementChild
              ?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
              ?.focus();
          }}
        >
          Add {lower}
        </button>
      </div>
    </fieldset>
  );
}
