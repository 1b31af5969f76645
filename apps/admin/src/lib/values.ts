import type { FieldValue, FieldValues } from './fields.ts';

// Reading the entity kit's values (lib/fields.ts) in specs: text, rows, local date-times.

/** A read value as text (`''` for none). */
export const text = (value: FieldValue | undefined): string =>
  value === null || value === undefined || typeof value === 'object' ? '' : String(value);

/** The rows of a nested list (none when the value is not one). */
export const rowsOf = (value: FieldValue | undefined): FieldValues[] =>
  Array.isArray(value) ? value.filter((row): row is FieldValues => typeof row === 'object') : [];

/** The ticked values of a checklist. */
export const listOf = (value: FieldValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** A `datetime-local` value (`2026-05-01T09:30`) as the instant it means in the browser's time zone. */
export const localDateTime = (value: string): Date => new Date(value);

/** The revision an update sends: the row's, when it has one. */
export const revisionOf = (row: { revision?: string }) => (row.revision ? { revision: row.revision } : {});
