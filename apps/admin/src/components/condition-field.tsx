import { useId, useState } from 'react';
import {
  type ConditionDraft,
  type ConditionType,
  conditionText,
  hasItems,
  isConditionDraft,
  messageUnder,
  namedCondition,
  namedIds,
  newCondition,
  noItems,
  readCondition,
} from '../lib/discount-rules.ts';
import { type CustomField, type CustomFieldProps, optionsOf } from '../lib/fields.ts';
import { DraftFieldset, draftField, useDraftRows } from './draft-field.tsx';
import { Field } from './form.ts';
import { SelectField } from './select-field.tsx';
import { ItemsPicker, MembersPicker, useNames, useStoreCurrency } from './rule-pickers.tsx';

/**
 * The condition builder of a discount rule (`kind: 'custom'`): when the rule applies — every cart, a subtotal
 * or an item count in a range (of all items or chosen products and collections), signed-in shoppers or chosen
 * customers, all or any of several conditions (nested) — and a sentence saying it. An app's CUSTOM condition
 * is shown and kept, not made here: no app registers one by default. The draft posts as JSON under the field's
 * name; inputs and their messages sit under the wire paths (`trigger.or.triggers[1].subtotalRange.to`).
 */
export const conditionField: CustomField = draftField(
  'condition',
  isConditionDraft,
  readCondition,
  ConditionField,
);

/** How deep all/any groups nest in the builder. */
const MAX_DEPTH = 3;

const TYPES = optionsOf<ConditionType>({
  ALWAYS: 'Every cart',
  SUBTOTAL_RANGE: 'Carts whose subtotal is in a range',
  ITEM_QUANTITY_RANGE: 'Carts holding a number of items in a range',
  MEMBERS: 'Signed-in shoppers',
  SPECIFIC_MEMBERS: 'Chosen customers',
  AND: 'Carts meeting all of several conditions',
  OR: 'Carts meeting any of several conditions',
  CUSTOM: 'An app’s condition (kept as it is)',
});

/** A range's two ends: the draft's key, the label for a subtotal and for a number of items, the hint. */
const RANGE_ENDS = [
  ['from', 'Subtotal from', 'Items from', 'Included. Empty: no lowest.'],
  ['to', 'Subtotal up to', 'Items up to', 'Included. Empty: no highest.'],
] as const;

/** The wire field holding a condition's body, under which its inputs' messages are. */
const WIRE_FIELD: Partial<Record<ConditionType, string>> = {
  AND: 'and',
  OR: 'or',
  SUBTOTAL_RANGE: 'subtotalRange',
  ITEM_QUANTITY_RANGE: 'itemQuantityRange',
  MEMBERS: 'customerEligibility',
  SPECIFIC_MEMBERS: 'customerEligibility',
  CUSTOM: 'customTrigger',
};

function ConditionField({ spec, name, value, errors }: CustomFieldProps) {
  const [draft, setDraft] = useState<ConditionDraft>(() =>
    isConditionDraft(value) ? value : { type: 'ALWAYS' },
  );
  const names = useNames(namedIds(draft, undefined));
  const currency = useStoreCurrency();
  const shown = namedCondition(draft, names);
  return (
    <DraftFieldset spec={spec} name={name} draft={draft} errors={errors} testId="rule-condition">
      <ConditionNode
        draft={shown}
        onChange={setDraft}
        path={name}
        number=""
        depth={0}
        errors={errors}
        currency={currency}
      />
      <p className="rule-sentence" data-testid="condition-sentence">
        Applies to {shown.type === 'ALWAYS' ? 'every cart' : `carts when ${conditionText(shown, currency)}`}.
      </p>
    </DraftFieldset>
  );
}

interface NodeProps {
  draft: ConditionDraft;
  onChange: (draft: ConditionDraft) => void;
  /** The wire path of this condition (`trigger`, `trigger.and.triggers[1]`). */
  path: string;
  /** `''` for the top, `2`, `2.1` for those inside groups. */
  number: string;
  depth: number;
  errors: Record<string, string>;
  currency: string | undefined;
}

function ConditionNode({ draft, onChange, path, number, depth, errors, currency }: NodeProps) {
  const field = WIRE_FIELD[draft.type];
  const own = errors[path] ?? (field ? errors[`${path}.${field}`] : undefined);
  const types = TYPES.filter(
    (t) =>
      t.value === draft.type ||
      (t.value !== 'CUSTOM' &&
        (t.value !== 'ALWAYS' || depth === 0) &&
        ((t.value !== 'AND' && t.value !== 'OR') || depth < MAX_DEPTH)),
  );
  const context = number ? `for condition ${number}` : 'for the condition';
  return (
    <div className="condition stack">
      <SelectField
        label="Applies to"
        className="field"
        options={types.map((t) => [t.value, t.label] as const)}
        value={draft.type}
        onChange={(type) => onChange(newCondition(type as ConditionType))}
        error={own}
      />
      {(draft.type === 'SUBTOTAL_RANGE' || draft.type === 'ITEM_QUANTITY_RANGE') && (
        <RangeCondition
          draft={draft}
          onChange={onChange}
          at={`${path}.${field}`}
          errors={errors}
          currency={currency}
          context={context}
        />
      )}
      {draft.type === 'MEMBERS' && (
        <p className="muted small">Shoppers signed in to their account; guests do not get it.</p>
      )}
      {draft.type === 'SPECIFIC_MEMBERS' && (
        <MembersPicker
          members={draft.members}
          onChange={(members) => onChange({ ...draft, members })}
          context={context}
          error={messageUnder(errors, `${path}.customerEligibility.memberIds`)}
        />
      )}
      {(draft.type === 'AND' || draft.type === 'OR') && (
        <ConditionGroup
          draft={draft}
          onChange={onChange}
          path={`${path}.${field}.triggers`}
          number={number}
          depth={depth}
          errors={errors}
          currency={currency}
        />
      )}
      {draft.type === 'CUSTOM' && (
        <p className="muted small" data-testid="custom-condition">
          Decided by the app “{draft.appId}”: its condition “{draft.id}”. It is kept as it is; choose another
          kind to replace it.
        </p>
      )}
    </div>
  );
}

function RangeCondition({
  draft,
  onChange,
  at,
  errors,
  currency,
  context,
}: {
  draft: Extract<ConditionDraft, { from: string }>;
  onChange: (draft: ConditionDraft) => void;
  at: string;
  errors: Record<string, string>;
  currency: string | undefined;
  context: string;
}) {
  const id = useId();
  const [limited, setLimited] = useState(hasItems(draft.items));
  const money = draft.type === 'SUBTOTAL_RANGE';
  const unit = money ? (currency ? ` (${currency})` : '') : '';
  return (
    <>
      <div className="field-row">
        {RANGE_ENDS.map(([end, subtotal, items, hint]) => (
          <Field
            key={end}
            label={money ? `${subtotal}${unit}` : items}
            name={`${at}.${end}`}
            className="narrow"
            inputMode={money ? 'decimal' : 'numeric'}
            value={draft[end]}
            onChange={(event) => onChange({ ...draft, [end]: event.target.value })}
            hint={hint}
            error={errors[`${at}.${end}`]}
          />
        ))}
      </div>
      <fieldset className="choice-group">
        <legend>{money ? 'Subtotal of' : 'Counting'}</legend>
        <label className="check">
          <input
            type="radio"
            name={`${id}-scope`}
            checked={!limited}
            onChange={() => {
              setLimited(false);
              onChange({ ...draft, items: noItems() });
            }}
          />
          All items
        </label>
        <label className="check">
          <input type="radio" name={`${id}-scope`} checked={limited} onChange={() => setLimited(true)} />
          Only chosen products and collections
        </label>
      </fieldset>
      {limited && (
        <ItemsPicker
          items={draft.items}
          onChange={(items) => onChange({ ...draft, items })}
          context={context}
          error={messageUnder(errors, `${at}.scopes`)}
        />
      )}
    </>
  );
}

function ConditionGroup({
  draft,
  onChange,
  path,
  number,
  depth,
  errors,
  currency,
}: Omit<NodeProps, 'draft'> & { draft: Extract<ConditionDraft, { conditions: ConditionDraft[] }> }) {
  const { conditions } = draft;
  const rows = useDraftRows(conditions, (next) => onChange({ ...draft, conditions: next }));
  const word = draft.type === 'AND' ? 'All of these' : 'Any of these';
  const listError = errors[path];
  const label = (i: number) => (number ? `${number}.${i + 1}` : `${i + 1}`);
  return (
    <div className="stack condition-group">
      <p className="small">
        <strong>{word}:</strong>
      </p>
      <ol className="rows-list" ref={rows.list}>
        {conditions.map((c, i) => (
          <li key={rows.keys[i]}>
            <fieldset className="rows-row">
              <legend>Condition {label(i)}</legend>
              <ConditionNode
                draft={c}
                onChange={(next) => rows.replace(i, next)}
                path={`${path}[${i}]`}
                number={label(i)}
                depth={depth + 1}
                errors={errors}
                currency={currency}
              />
              <button type="button" className="button button-secondary" onClick={() => rows.remove(i)}>
                Remove condition {label(i)}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {listError && <p className="field-error">{listError}</p>}
      <div>
        <button
          ref={rows.adder}
          type="button"
          className="button button-secondary"
          onClick={() => rows.add(newCondition('SUBTOTAL_RANGE'))}
        >
          Add condition{number ? <span className="visually-hidden"> to condition {number}</span> : null}
        </button>
      </div>
    </div>
  );
}
