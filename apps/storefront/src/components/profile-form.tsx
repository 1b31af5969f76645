import type { Identity } from '@aisle/sdk';
import { useId, useState } from 'react';
import { Form } from 'react-router';
import { type CustomFieldRow, type CustomKind, customRows } from '../resources/members.ts';
import type { AccountResult } from '../resources/members.ts';
import { ErrorNotice, Field, Notice, SubmitButton } from './form.tsx';

let nextRow = 0;
type Row = CustomFieldRow & { key: number };
const withKey = (row: CustomFieldRow): Row => ({ ...row, key: nextRow++ });

const KIND_INPUT: Record<CustomKind, string> = { text: 'text', number: 'number', date: 'date' };

/** Names, phone and the member's custom fields (text, number or date). */
export function ProfileForm({ member, result }: { member: Identity; result: AccountResult | undefined }) {
  const profile = member.identityProfile ?? {};
  const [rows, setRows] = useState<Row[]>(() => customRows(member).map(withKey));
  const update = (key: number, change: Partial<CustomFieldRow>) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <section className="panel" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <Form method="post" className="stack">
        <input type="hidden" name="intent" value="profile" />
        {result?.ok && <Notice tone="success">{result.ok}</Notice>}
        <ErrorNotice error={result?.error} />
        <div className="field-row">
          <Field
            label="First name"
            name="firstName"
            autoComplete="given-name"
            defaultValue={profile.firstName ?? ''}
          />
          <Field
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            defaultValue={profile.lastName ?? ''}
          />
        </div>
        <div className="field-row">
          <Field
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={profile.phones?.[0] ?? ''}
          />
          <Field
            label="E-mail"
            name="email"
            type="email"
            value={member.email?.address ?? ''}
            readOnly
            hint="Your sign-in address; it cannot be changed here."
          />
        </div>
        <fieldset className="custom-fields">
          <legend>More about you</legend>
          {rows.length === 0 && (
            <p className="muted">No custom fields yet. Add one, such as a birthday or a shoe size.</p>
          )}
          {rows.map((row, index) => (
            <CustomFieldEditor
              key={row.key}
              row={row}
              index={index}
              onChange={(change) => update(row.key, change)}
              onRemove={() => setRows((list) => list.filter((r) => r.key !== row.key))}
            />
          ))}
          <button
            type="button"
            className="button button-ghost"
            onClick={() => setRows((list) => [...list, withKey({ name: '', kind: 'text', value: '' })])}
          >
            + Add a field
          </button>
        </fieldset>
        <SubmitButton pendingText="Saving…">Save profile</SubmitButton>
      </Form>
    </section>
  );
}

function CustomFieldEditor({
  row,
  index,
  onChange,
  onRemove,
}: {
  row: CustomFieldRow;
  index: number;
  onChange: (change: Partial<CustomFieldRow>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const label = row.name || `field ${index + 1}`;
  return (
    <div className="custom-field">
      <Field
        id={`${id}-name`}
        label="Field name"
        name="cfName"
        value={row.name}
        maxLength={100}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <div className="field">
        <label htmlFor={`${id}-kind`}>Type</label>
        <select
          id={`${id}-kind`}
          name="cfKind"
          value={row.kind}
          onChange={(e) => onChange({ kind: e.target.value as CustomKind, value: '' })}
        >
          <option value="text">Text</option>
          <option value="number">Number</option>
          <option value="date">Date</option>
        </select>
      </div>
      <Field
        id={`${id}-value`}
        label="Value"
        name="cfValue"
        type={KIND_INPUT[row.kind]}
        step={row.kind === 'number' ? 'any' : undefined}
        value={row.value}
        onChange={(e) => onChange({ value: e.target.value })}
      />
      <button type="button" className="icon-button" onClick={onRemove} aria-label={`Remove ${label}`}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
