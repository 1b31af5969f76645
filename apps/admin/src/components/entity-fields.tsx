import { type ReactNode, useId } from 'react';
import { type FieldSpec, type FormValue, type FormValues, shown } from '../lib/fields.ts';
import { CheckBox, Field, fieldNotes } from './form.ts';
import { PlaceField } from './place-field.tsx';
import { RowsField } from './rows-field.tsx';

/**
 * The inputs of an edit form from its field specs (lib/fields.ts): labelled, with hints and the message of
 * each field (a local check or the server's violation) wired for assistive technology. Uncontrolled: the
 * form posts them and `readFields` reads them back.
 */
export function EntityFields({
  fields,
  values = {},
  errors = {},
  prefix = '',
}: {
  fields: readonly FieldSpec[];
  values?: FormValues;
  errors?: Record<string, string> | undefined;
  /** Inside a nested list: the row's input name prefix (`rates[0].`). */
  prefix?: string;
}) {
  return (
    <>
      {fields.map((spec) =>
        spec.kind === 'group' ? (
          <fieldset key={spec.name} className="stack field-group">
            <legend>{spec.label}</legend>
            {spec.hint && <p className="muted small">{spec.hint}</p>}
            <EntityFields fields={spec.fields ?? []} values={values} errors={errors} prefix={prefix} />
          </fieldset>
        ) : spec.custom ? (
          <spec.custom.component
            key={spec.name}
            spec={spec}
            name={prefix + spec.name}
            value={values[spec.name]}
            errors={errors}
          />
        ) : spec.kind === 'rows' ? (
          <RowsField
            key={spec.name}
            spec={spec}
            name={prefix + spec.name}
            rows={Array.isArray(values[spec.name]) ? (values[spec.name] as FormValues[]) : []}
            errors={errors}
          />
        ) : (
          <EntityField
            key={spec.name}
            spec={prefix ? { ...spec, name: prefix + spec.name } : spec}
            value={values[spec.name]}
            error={errors[prefix + spec.name]}
          />
        ),
      )}
    </>
  );
}

/** One field of the kit: its spec, the value shown, the message next to it. */
interface FieldProps {
  spec: FieldSpec;
  value: FormValue;
  error: string | undefined;
}

export function EntityField({ spec, value, error }: FieldProps) {
  const id = useId();
  const { describedBy, notes } = fieldNotes(id, spec.hint, error);
  const common = {
    id,
    name: spec.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required: spec.required,
  } as const;
  const extra = notes;
  /** The control under its label, with the field's notes. */
  const labelled = (className: string, control: ReactNode) => (
    <div className={className}>
      <label htmlFor={id}>{spec.label}</label>
      {control}
      {extra}
    </div>
  );
  switch (spec.kind) {
    case 'place':
      return <PlaceField spec={spec} value={shown(value)} error={error} />;
    case 'checklist':
      return <ChecklistField spec={spec} value={value} error={error} />;
    case 'rows':
    case 'group':
    case 'custom':
      return null;
    case 'toggle':
      return (
        <div className="field">
          <CheckBox {...common} defaultChecked={value === true}>
            {spec.label}
          </CheckBox>
          {extra}
        </div>
      );
    case 'textarea':
      return labelled(
        'field',
        <textarea {...common} rows={4} defaultValue={shown(value)} maxLength={spec.maxLength} />,
      );
    case 'select':
      return labelled(
        'field narrow',
        <select {...common} defaultValue={shown(value)}>
          {!spec.required && <option value="">—</option>}
          {spec.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>,
      );
    default: {
      const input = {
        text: { type: 'text' },
        number: { type: 'text', inputMode: 'decimal' },
        integer: { type: 'text', inputMode: 'numeric' },
        money: { type: 'text', inputMode: 'decimal' },
        date: { type: 'date' },
        datetime: { type: 'datetime-local' },
        color: { type: 'color' },
      } as const;
      const listId = spec.suggestions ? `${id}-list` : undefined;
      return (
        <>
          <Field
            label={spec.label}
            name={spec.name}
            className={spec.kind === 'text' ? undefined : 'narrow'}
            {...input[spec.kind]}
            required={spec.required}
            maxLength={spec.maxLength}
            defaultValue={shown(value) || (spec.kind === 'color' ? '#000000' : '')}
            hint={spec.hint}
            error={error}
            list={listId}
          />
          {spec.suggestions && (
            <datalist id={listId}>
              {spec.suggestions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </datalist>
          )}
        </>
      );
    }
  }
}

/**
 * A checklist of the entity kit (`kind: 'checklist'`): one checkbox per option, all posting the field's
 * name, read back by `readFields` as the ticked values. Options with a `group` stand under its heading, folded
 * unless one of them is ticked (a fieldset each, so a screen reader says "Orders, Created"); the message of
 * the field is tied to the whole.
 */
function ChecklistField({ spec, value, error }: FieldProps) {
  const id = useId();
  const ticked = new Set(Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  const { describedBy, notes } = fieldNotes(id, spec.hint, error);
  const options = spec.options ?? [];
  const groups = [...new Set(options.map((o) => o.group).filter((g) => g !== undefined))];
  const boxes = (list: typeof options) => (
    <ul className="checklist-options">
      {list.map((o) => (
        <li key={o.value}>
          <CheckBox name={spec.name} value={o.value} defaultChecked={ticked.has(o.value)}>
            {o.label}
          </CheckBox>
        </li>
      ))}
    </ul>
  );
  return (
    <fieldset
      className="checklist-field stack"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend>{spec.label}</legend>
      {notes}
      {boxes(options.filter((o) => o.group === undefined))}
      {groups.length > 0 && (
        <div className="checklist-groups">
          {groups.map((group) => {
            const inGroup = options.filter((o) => o.group === group);
            const count = inGroup.filter((o) => ticked.has(o.value)).length;
            return (
              <details key={group} className="checklist-group" open={count > 0}>
                <summary>
                  {group}
                  {count > 0 && <span className="muted"> ({count} ticked)</span>}
                </summary>
                <fieldset>
                  <legend className="visually-hidden">{group}</legend>
                  {boxes(inGroup)}
                </fieldset>
              </details>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
