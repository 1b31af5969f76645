import { AisleError, AisleValidationError, type FieldViolation } from '@aisle/sdk';
import type { ComponentType } from 'react';
import { adminError, CHECK_FIELDS, type ShownError } from './errors.ts';

/**
 * The form half of the admin's entity kit: field specs, reading and checking a submitted form with
 * messages a merchant understands, and the server's field violations turned into such messages next to
 * their field. Pure: no SDK calls, no React but the type of a custom field's component (unit-tested in
 * fields.test.ts).
 */

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'integer'
  | 'money'
  | 'select'
  | 'toggle'
  | 'date'
  | 'datetime'
  | 'color'
  | 'place'
  | 'checklist'
  | 'rows'
  | 'group'
  | 'custom';

export interface FieldSpec {
  /** The form field's name, and the key of its value. */
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  hint?: string;
  /** `select` and `checklist` choices; a checklist shows them under their `group`'s heading. */
  options?: readonly { value: string; label: string; group?: string }[];
  /** `number`, `integer`, `money`: the smallest and largest value allowed. */
  min?: number;
  max?: number;
  maxLength?: number;
  /** `text`: values offered as the merchant types (a datalist); any text is still read. */
  suggestions?: readonly { value: string; label: string }[];
  /** `place`: the subdivision choice meaning "none" (default “Whole country”). */
  wholeCountry?: string;
  /**
   * `rows`: the fields of one row (a nested list: rates, their conditions, destinations). `group`: fields
   * shown together under the group's label (an address); their names and values stay at the group's level.
   */
  fields?: readonly FieldSpec[];
  /** `rows`: one row's name in legends and buttons (“Rate” → “Rate 2”, “Add rate”, “Remove rate 2”). */
  item?: string;
  /** `custom`: a field kind of its own (a condition builder, a catalogue picker): see `CustomField`. */
  custom?: CustomField;
  /**
   * A server violation of this field (for `custom`: of any input under it, `input` being its full name) in the
   * merchant's words; undefined or none: `violationText`.
   */
  explain?: (input: string, violation: FieldViolation) => string | undefined;
}

/**
 * A field kind of its own, in its own component. Its inputs are named under the field's name as the wire
 * paths of what they set (`trigger.and.triggers[1].subtotalRange.to`), so the server's violation of such a
 * path lands next to that input; `read` checks what was posted and puts its problems under the same names.
 */
/** The required name of an entity (`maxLength` as its wire allows), with a hint when it needs one. */
export const nameField = (maxLength: number, hint?: string): FieldSpec => ({
  name: 'name',
  label: 'Name',
  kind: 'text',
  required: true,
  maxLength,
  ...(hint ? { hint } : {}),
});

/** A choice of a select or a checklist: its value and what the merchant reads. */
export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/**
 * Choices from their labels by value, in the order written: `{ KG: 'Kilograms (kg)', LB: 'Pounds (lb)' }`
 * (values are codes or words: a value that is a whole number would be put first).
 */
export const optionsOf = <V extends string>(labels: Readonly<Record<V, string>>): Option<V>[] =>
  Object.entries<string>(labels).map(([value, label]) => ({ value: value as V, label }));

/** A required choice of `labels` (value → label, as `optionsOf` reads them); `more` adds a hint or the like. */
export const selectField = <V extends string>(
  name: string,
  label: string,
  labels: Readonly<Record<V, string>>,
  more: Partial<FieldSpec> = {},
): FieldSpec => ({ name, label, kind: 'select', required: true, options: optionsOf(labels), ...more });

export interface CustomField {
  /** The value the posted form gives, its problems (if any) put into `problems` by input name. */
  read(form: FormData, name: string, problems: Record<string, string>): FieldValue;
  /** What the merchant had entered, to show again after a refused save. */
  shown(form: FormData, name: string): FormValue;
  /** Renders the inputs (entity-fields.tsx): every message of the form, by input name, in `errors`. */
  component: ComponentType<CustomFieldProps>;
}

export interface CustomFieldProps {
  spec: FieldSpec;
  /** The field's input name (with a nested list's row prefix). */
  name: string;
  value: FormValue;
  errors: Record<string, string>;
}

/** A custom field's structured value (a condition tree, picked items): what its `read` and `shown` give. */
export type StructuredValue = { readonly [key: string]: unknown };

/**
 * A read value: text, a money decimal string (`"19.90"`), a number, a toggle, a place (`US` or `US-CA`), a
 * local date and time (`2026-05-01T09:30`), the rows of a nested list, the ticked values of a checklist;
 * null for an empty field.
 */
export type FieldValue = string | number | boolean | null | FieldValues[] | StructuredValue | string[];
export type FieldValues = Record<string, FieldValue>;

/** A field's value as the form shows it (inputs hold text; a nested list its rows, a checklist its values). */
export type FormValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | FormValues[]
  | StructuredValue
  | string[];
export type FormValues = { [name: string]: FormValue };

const MONEY = /^\d{1,13}([.,]\d{1,2})?$/;
const NUMBER = /^-?\d+([.,]\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COLOR = /^#[0-9a-f]{6}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const PLACE = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** One field's raw text read and checked: the value, or the message to show next to it. */
export function readField(
  spec: FieldSpec,
  raw: FormDataEntryValue | null,
): { value: FieldValue } | { problem: string } {
  if (spec.kind === 'toggle') return { value: raw === 'on' || raw === 'true' };
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return spec.required ? { problem: `Enter ${article(spec.label)}.` } : { value: null };
  if (spec.maxLength !== undefined && text.length > spec.maxLength)
    return { problem: `Use at most ${spec.maxLength} characters.` };
  switch (spec.kind) {
    case 'money': {
      if (!MONEY.test(text)) return { problem: 'Enter an amount such as 19.99 (at most two decimals).' };
      const [whole = '0', cents = ''] = text.replace(',', '.').split('.');
      const value = `${BigInt(whole)}.${cents.padEnd(2, '0')}`;
      return bounded(spec, Number(value), value);
    }
    case 'number':
    case 'integer': {
      if (!NUMBER.test(text))
        return { problem: spec.kind === 'integer' ? 'Enter a whole number.' : 'Enter a number.' };
      const n = Number(text.replace(',', '.'));
      if (spec.kind === 'integer' && !Number.isInteger(n)) return { problem: 'Enter a whole number.' };
      return bounded(spec, n, n);
    }
    case 'date':
      return DAY.test(text) && !Number.isNaN(Date.parse(text))
        ? { value: text }
        : { problem: 'Enter a date (year, month and day).' };
    case 'datetime':
      return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text))
        ? { value: text }
        : { problem: 'Enter a date and a time.' };
    case 'place':
      return PLACE.test(text) ? { value: text } : { problem: 'Choose a country from the list.' };
    case 'color':
      return COLOR.test(text) ? { value: text.toLowerCase() } : { problem: 'Pick a colour such as #1f2937.' };
    case 'select':
      return !spec.options || spec.options.some((o) => o.value === text)
        ? { value: text }
        : { problem: `Choose ${article(spec.label)} from the list.` };
    default:
      return { value: text };
  }
}

function bounded(spec: FieldSpec, n: number, value: FieldValue): { value: FieldValue } | { problem: string } {
  if (spec.min !== undefined && n < spec.min) return { problem: `Enter ${spec.min} or more.` };
  if (spec.max !== undefined && n > spec.max) return { problem: `Enter ${spec.max} or less.` };
  return { value };
}

/** `Name` → `a name`, `Image URL` → `an image URL`. */
function article(label: string): string {
  const word = lower(label);
  // "an image", "an option", but "a unit", "a user".
  return /^([aeio]|u[^ns]|un[^i])/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** Every field of a submitted form read and checked; the problems keyed by field name. */
export function readFields(
  form: FormData,
  specs: readonly FieldSpec[],
): { values: FieldValues } | { error: ShownError } {
  const fields: Record<string, string> = {};
  const values = readAt(form, specs, '', fields);
  return Object.keys(fields).length > 0 ? { error: { message: CHECK_FIELDS, fields } } : { values };
}

/**
 * The fields under `prefix` (`rates[0].` inside a nested list); problems go into `problems` under the
 * input's full name (`rates[0].amount`), which is also where the server's violation of it lands.
 */
function readAt(
  form: FormData,
  specs: readonly FieldSpec[],
  prefix: string,
  problems: Record<string, string>,
): FieldValues {
  const values: FieldValues = {};
  for (const spec of specs) {
    const name = prefix + spec.name;
    if (spec.kind === 'group') {
      Object.assign(values, readAt(form, spec.fields ?? [], prefix, problems));
      continue;
    }
    if (spec.custom) {
      values[spec.name] = spec.custom.read(form, name, problems);
      continue;
    }
    if (spec.kind === 'rows') {
      const rows = rowIndices(form, name).map((i) =>
        readAt(form, spec.fields ?? [], `${name}[${i}].`, problems),
      );
      if (spec.required && rows.length === 0) problems[name] = `Add ${article(spec.item ?? spec.label)}.`;
      values[spec.name] = rows;
      continue;
    }
    if (spec.kind === 'checklist') {
      const read = readChecklist(spec, form.getAll(name));
      if ('problem' in read) problems[name] = read.problem;
      else values[spec.name] = read.value;
      continue;
    }
    const read = readField(spec, form.get(name));
    if ('problem' in read) problems[name] = read.problem;
    else values[spec.name] = read.value;
  }
  return values;
}

/** The ticked values of a checklist: only its options, at least one when required. */
export function readChecklist(
  spec: FieldSpec,
  raw: FormDataEntryValue[],
): { value: string[] } | { problem: string } {
  const ticked = raw.filter((v): v is string => typeof v === 'string');
  const known = spec.options ? ticked.filter((v) => spec.options!.some((o) => o.value === v)) : ticked;
  if (known.length < ticked.length) return { problem: `Choose ${lower(spec.label)} from the list.` };
  if (spec.required && known.length === 0)
    return { problem: `Choose at least one of the ${lower(spec.label)}.` };
  return { value: [...new Set(known)] };
}

/** The rows a nested list posted: each row posts a marker `<name>[<i>]`, numbered from 0 in order. */
export function rowIndices(form: FormData, name: string): number[] {
  const found = new Set<number>();
  for (const key of form.keys()) {
    if (!key.startsWith(`${name}[`) || !key.endsWith(']')) continue;
    const index = Number(key.slice(name.length + 1, -1));
    if (Number.isInteger(index) && index >= 0) found.add(index);
  }
  return [...found].sort((a, b) => a - b);
}

/** What the merchant typed, to show again after a refused save (nested lists row by row). */
export function formValues(form: FormData, specs: readonly FieldSpec[], prefix = ''): FormValues {
  const values: FormValues = {};
  for (const spec of specs) {
    const name = prefix + spec.name;
    if (spec.kind === 'group') {
      Object.assign(values, formValues(form, spec.fields ?? [], prefix));
      continue;
    }
    if (spec.custom) {
      values[spec.name] = spec.custom.shown(form, name);
      continue;
    }
    const raw = form.get(name);
    values[spec.name] =
      spec.kind === 'checklist'
        ? form.getAll(name).filter((v): v is string => typeof v === 'string')
        : spec.kind === 'rows'
          ? rowIndices(form, name).map((i) => formValues(form, spec.fields ?? [], `${name}[${i}].`))
          : spec.kind === 'toggle'
            ? raw === 'on'
            : typeof raw === 'string'
              ? raw
              : '';
  }
  return values;
}

/** A server field violation as a merchant reads it next to its field (never the schema's own words alone). */
export function violationText(label: string, violation: FieldViolation): string {
  const max = violation.data?.max ?? violation.data?.maxLength;
  switch (violation.violatedRule) {
    case 'REQUIRED_FIELD':
    case 'REQUIRED_ONE_OF_FIELD':
      return `Enter ${article(label)}.`;
    case 'MAX_LENGTH':
      return typeof max === 'number' ? `Use at most ${max} characters.` : `${label} is too long.`;
    case 'MIN_LENGTH':
      return `${label} is too short.`;
    case 'MAX':
    case 'DECIMAL_LTE':
    case 'DECIMAL_LT':
      return `${label} is too large.`;
    case 'MIN':
    case 'DECIMAL_GTE':
    case 'DECIMAL_GT':
      return `${label} is too small.`;
    case 'DECIMAL_MAX_SCALE':
      return 'Use at most two decimals.';
    case 'INVALID_ENUM_VALUE':
      return `Choose ${article(label)} from the list.`;
    default:
      // The server's own sentence about this field ("is already used by another product").
      return `${label} ${violation.description}`.trim();
  }
}

/**
 * A failed save: each server violation next to the field `fieldOf` maps its path to (unmapped ones go to
 * `''`, shown in the alert), labelled by the specs; the alert says where to look. Other errors read as
 * `adminError` does, the request id kept for the details line.
 */
export function saveError(
  error: unknown,
  specs: readonly FieldSpec[],
  fieldOf: (path: string) => string = defaultFieldOf(specs),
): ShownError {
  const shown = adminError(error);
  const taken = takenField(error, specs);
  if (taken)
    return {
      ...shown,
      message: CHECK_FIELDS,
      fields: { [taken.name]: `This ${lower(taken.label)} is already used. Choose another.` },
    };
  if (!(error instanceof AisleValidationError)) return shown;
  const fields: Record<string, string> = {};
  const loose: string[] = [];
  for (const v of error.fieldViolations) {
    const name = fieldOf(v.field);
    const spec = name ? specAt(specs, name) : undefined;
    if (spec) fields[name] ??= spec.explain?.(name, v) ?? violationText(spec.label, v);
    else loose.push(violationText('This value', v));
  }
  const message =
    Object.keys(fields).length > 0 ? CHECK_FIELDS : (loose[0] ?? 'Please check the form and try again.');
  return { ...shown, message, fields };
}

/** The field of a 409 "already exists" whose data names the taken value (`{name}`, `{slug}`). */
function takenField(error: unknown, specs: readonly FieldSpec[]): FieldSpec | undefined {
  if (!(error instanceof AisleError) || error.status !== 409) return undefined;
  if (!/EXISTS|TAKEN|DUPLICATE|IN_USE/.test(String(error.code ?? ''))) return undefined;
  const data = error.data;
  if (typeof data !== 'object' || data === null) return undefined;
  return specs.find((spec) => spec.name in data);
}

/**
 * Maps `brand.name`, `name`, `items[0].name` to the spec whose name is the path's longest known tail; in a
 * nested list the row numbers stay (`shippingOption.rates[1].conditions[0].value` →
 * `rates[1].conditions[0].value`, the input's own name).
 */
export function defaultFieldOf(specs: readonly FieldSpec[]): (path: string) => string {
  return (path) => {
    const parts = path.split('.');
    for (let i = 0; i < parts.length; i++) {
      const tail = parts.slice(i).join('.');
      if (specAt(specs, tail)) return tail;
    }
    return '';
  };
}

/** The spec an input name stands for: `rates[1].amount` → the `amount` field of the `rates` rows. */
export function specAt(specs: readonly FieldSpec[], name: string): FieldSpec | undefined {
  const [head = '', ...rest] = name.split('.');
  const flat = specs.flatMap((s) => (s.kind === 'group' ? (s.fields ?? []) : [s]));
  const spec = flat.find((s) => s.name === head.replace(/\[\d+\]$/, ''));
  // A custom field owns every input under its name.
  if (spec?.custom) return spec;
  if (!spec || rest.length === 0) return spec && !/\[\d+\]$/.test(head) ? spec : undefined;
  return spec.kind === 'rows' && /\[\d+\]$/.test(head)
    ? specAt(spec.fields ?? [], rest.join('.'))
    : undefined;
}

/** The text an input shows for a value. */
export const shown = (value: FormValue): string =>
  value === null || value === undefined || typeof value === 'boolean' || typeof value === 'object'
    ? ''
    : String(value);
