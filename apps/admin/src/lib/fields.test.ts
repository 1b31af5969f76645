import { AisleApplicationError, AisleValidationError, type FieldViolation } from '@aisle/sdk';
import { describe, expect, it } from 'vitest';
import {
  defaultFieldOf,
  type FieldSpec,
  formValues,
  optionsOf,
  readField,
  readFields,
  saveError,
  selectField,
  specAt,
  violationText,
} from './fields.ts';

/** The SDK's error for a 400 that names these fields. */
const refused = (fieldViolations: FieldViolation[], requestId?: string) =>
  new AisleValidationError({
    kind: 'validation',
    status: 400,
    message: 'x',
    ...(requestId ? { requestId } : {}),
    fieldViolations,
  });

const spec = (kind: FieldSpec['kind'], extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name: 'f',
  label: 'Price',
  kind,
  ...extra,
});

describe('readField', () => {
  it.each([
    ['money', '19.9', { value: '19.90' }],
    ['money', '19,99', { value: '19.99' }],
    ['money', '007', { value: '7.00' }],
    ['money', '19.999', { problem: 'Enter an amount such as 19.99 (at most two decimals).' }],
    ['money', '-1', { problem: 'Enter an amount such as 19.99 (at most two decimals).' }],
    ['number', '1,5', { value: 1.5 }],
    ['number', 'abc', { problem: 'Enter a number.' }],
    ['integer', '12', { value: 12 }],
    ['integer', '1.5', { problem: 'Enter a whole number.' }],
    ['date', '2026-02-30x', { problem: 'Enter a date (year, month and day).' }],
    ['date', '2026-02-03', { value: '2026-02-03' }],
    ['color', '#AABBCC', { value: '#aabbcc' }],
    ['color', 'red', { problem: 'Pick a colour such as #1f2937.' }],
    ['text', '  Oak  ', { value: 'Oak' }],
    ['text', '', { value: null }],
  ] as const)('%s %j', (kind, raw, expected) => {
    expect(readField(spec(kind), raw)).toEqual(expected);
  });

  it('checks required, bounds, lengths, select options and toggles', () => {
    expect(readField(spec('text', { required: true, label: 'Image URL' }), ' ')).toEqual({
      problem: 'Enter an image URL.',
    });
    expect(readField(spec('integer', { min: 0 }), '-2')).toEqual({ problem: 'Enter 0 or more.' });
    expect(readField(spec('money', { max: 100 }), '100.01')).toEqual({ problem: 'Enter 100 or less.' });
    expect(readField(spec('text', { maxLength: 3 }), 'abcd')).toEqual({
      problem: 'Use at most 3 characters.',
    });
    const select = spec('select', { label: 'Unit', options: [{ value: 'KG', label: 'kg' }] });
    expect(readField(select, 'KG')).toEqual({ value: 'KG' });
    expect(readField(select, 'LB')).toEqual({ problem: 'Choose a unit from the list.' });
    expect(readField(spec('toggle'), 'on')).toEqual({ value: true });
    expect(readField(spec('toggle'), null)).toEqual({ value: false });
  });
});

describe('choices from their labels', () => {
  it('keeps the written order, the empty value included, and makes a required select of them', () => {
    expect(optionsOf({ '': 'Any', LIVE: 'Live', OFF: 'Switched off' })).toEqual([
      { value: '', label: 'Any' },
      { value: 'LIVE', label: 'Live' },
      { value: 'OFF', label: 'Switched off' },
    ]);
    const size = selectField('size', 'Size', { S: 'Small', L: 'Large' }, { hint: 'Fits.' });
    expect(size).toEqual({
      ...spec('select'),
      name: 'size',
      label: 'Size',
      required: true,
      hint: 'Fits.',
      options: optionsOf({ S: 'Small', L: 'Large' }),
    });
    expect(readField(size, 'M')).toEqual({ problem: 'Choose a size from the list.' });
  });
});

describe('readFields', () => {
  const specs: FieldSpec[] = [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'price', label: 'Price', kind: 'money' },
  ];
  it('returns typed values, or every problem keyed by field', () => {
    const good = new FormData();
    good.set('name', 'Lamp');
    good.set('price', '5');
    expect(readFields(good, specs)).toEqual({ values: { name: 'Lamp', price: '5.00' } });
    const bad = new FormData();
    bad.set('price', 'x');
    expect(readFields(bad, specs)).toEqual({
      error: {
        message: 'Please correct the fields marked below.',
        fields: { name: 'Enter a name.', price: 'Enter an amount such as 19.99 (at most two decimals).' },
      },
    });
  });
});

describe('server errors', () => {
  const specs: FieldSpec[] = [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'slug', label: 'Slug', kind: 'text' },
  ];
  it('puts violations next to their field in merchant words, keeping the request id aside', () => {
    const error = refused(
      [
        {
          field: 'brand.name',
          description: 'must NOT have more than 100 characters',
          violatedRule: 'MAX_LENGTH',
          data: { max: 100 },
        },
        { field: 'other', description: 'is odd', violatedRule: 'VALIDATION' },
      ],
      'req-1',
    );
    expect(saveError(error, specs)).toEqual({
      message: 'Please correct the fields marked below.',
      fields: { name: 'Use at most 100 characters.' },
      requestId: 'req-1',
    });
  });

  it('names the taken field of a 409 "already exists"', () => {
    const error = new AisleApplicationError({
      kind: 'application',
      status: 409,
      code: 'BRAND_ALREADY_EXISTS',
      message: 'x',
      data: { name: 'Oak' },
    });
    expect(saveError(error, specs).fields).toEqual({ name: 'This name is already used. Choose another.' });
  });

  it('maps violation paths and rules', () => {
    const of = defaultFieldOf(specs);
    expect([of('collection.slug'), of('items[2].name'), of('nope')]).toEqual(['slug', 'name', '']);
    expect(
      violationText('Name', { field: 'name', description: 'is required', violatedRule: 'REQUIRED_FIELD' }),
    ).toBe('Enter a name.');
    expect(violationText('Slug', { field: 'slug', description: 'is already used by another product' })).toBe(
      'Slug is already used by another product',
    );
  });
});

describe('nested lists, groups, places and times', () => {
  const rates: FieldSpec = {
    name: 'rates',
    label: 'Rates',
    kind: 'rows',
    item: 'Rate',
    required: true,
    fields: [
      { name: 'amount', label: 'Price', kind: 'money', required: true },
      {
        name: 'conditions',
        label: 'Conditions',
        kind: 'rows',
        item: 'Condition',
        fields: [{ name: 'value', label: 'Value', kind: 'number', required: true }],
      },
      { name: 'multiply', label: 'Per item', kind: 'toggle' },
    ],
  };
  const address: FieldSpec = {
    name: 'address',
    label: 'Address',
    kind: 'group',
    fields: [
      { name: 'city', label: 'City', kind: 'text' },
      { name: 'region', label: 'Country', kind: 'place' },
    ],
  };
  const specs = [rates, address, { name: 'from', label: 'From', kind: 'datetime' } as FieldSpec];
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };

  it('reads rows in order with their nested rows, a group flat, a place and a time', () => {
    const posted = form([
      ['rates[0]', ''],
      ['rates[0].amount', '5'],
      ['rates[1]', ''],
      ['rates[1].amount', '9.5'],
      ['rates[1].conditions[0]', ''],
      ['rates[1].conditions[0].value', '2.5'],
      ['rates[1].multiply', 'on'],
      ['city', 'Lyon'],
      ['region', 'FR'],
      ['from', '2026-05-01T09:30'],
    ]);
    expect(readFields(posted, specs)).toEqual({
      values: {
        rates: [
          { amount: '5.00', conditions: [], multiply: false },
          { amount: '9.50', conditions: [{ value: 2.5 }], multiply: true },
        ],
        city: 'Lyon',
        region: 'FR',
        from: '2026-05-01T09:30',
      },
    });
    expect(formValues(posted, specs).rates).toEqual([
      { amount: '5', conditions: [], multiply: false },
      { amount: '9.5', conditions: [{ value: '2.5' }], multiply: true },
    ]);
  });

  it('puts problems under the input names, and wants a row when required', () => {
    const posted = form([
      ['rates[0]', ''],
      ['rates[0].amount', 'lots'],
      ['rates[0].conditions[0]', ''],
      ['region', 'France'],
      ['from', 'tomorrow'],
    ]);
    expect(readFields(posted, specs)).toEqual({
      error: {
        message: 'Please correct the fields marked below.',
        fields: {
          'rates[0].amount': 'Enter an amount such as 19.99 (at most two decimals).',
          'rates[0].conditions[0].value': 'Enter a value.',
          region: 'Choose a country from the list.',
          from: 'Enter a date and a time.',
        },
      },
    });
    expect(readFields(form([['region', 'US-CA']]), specs)).toMatchObject({
      error: { fields: { rates: 'Add a rate.' } },
    });
  });

  it('maps server violations to nested inputs and their labels', () => {
    const of = defaultFieldOf(specs);
    expect(of('shippingOption.rates[1].conditions[0].value')).toBe('rates[1].conditions[0].value');
    expect(of('shippingOption.rates')).toBe('rates');
    expect(of('shippingOption.city')).toBe('city');
    expect(of('shippingOption.rates.amount')).toBe('');
    expect(specAt(specs, 'rates[3].amount')?.label).toBe('Price');
    const error = refused([
      { field: 'shippingOption.rates[0].amount', description: 'is bad', violatedRule: 'FORMAT' },
    ]);
    expect(saveError(error, specs).fields).toEqual({ 'rates[0].amount': 'Price is bad' });
  });
});

describe('custom fields and explained violations', () => {
  // A custom field of two numbers posted as `pair.a` and `pair.b`, its problems under those names.
  const pair: FieldSpec = {
    name: 'pair',
    label: 'Pair',
    kind: 'custom',
    custom: {
      read(form, name, problems) {
        const a = Number(form.get(`${name}.a`));
        if (!Number.isInteger(a)) problems[`${name}.a`] = 'Enter a whole number.';
        return { a, b: Number(form.get(`${name}.b`)) };
      },
      shown: (form, name) => ({ a: String(form.get(`${name}.a`) ?? '') }),
      component: () => null,
    },
    explain: (input, v) => (input.endsWith('.b') ? `B: ${v.description}` : undefined),
  };
  const end: FieldSpec = {
    name: 'end',
    label: 'Ends',
    kind: 'datetime',
    explain: () => 'Choose an end after the start.',
  };
  const specs = [pair, end];
  const posted = (a: string) => {
    const data = new FormData();
    data.set('pair.a', a);
    data.set('pair.b', '2');
    return data;
  };

  it('reads a custom field through its own reader, problems under its inputs, and shows what was typed', () => {
    expect(readFields(posted('1'), specs)).toEqual({ values: { pair: { a: 1, b: 2 }, end: null } });
    expect(readFields(posted('x'), specs)).toEqual({
      error: {
        message: 'Please correct the fields marked below.',
        fields: { 'pair.a': 'Enter a whole number.' },
      },
    });
    expect(formValues(posted('x'), specs)).toEqual({ pair: { a: 'x' }, end: '' });
  });

  it('owns every input under its name and explains violations in its own words', () => {
    expect(specAt(specs, 'pair.or.triggers[1].b')).toBe(pair);
    const error = refused([
      { field: 'rule.pair.b', description: 'is too big', violatedRule: 'VALIDATION' },
      { field: 'rule.pair.a', description: 'is odd', violatedRule: 'VALIDATION' },
      { field: 'rule.end', description: 'must be after start', violatedRule: 'VALIDATION' },
    ]);
    const fieldOf = (path: string) => path.replace(/^rule\./, '');
    expect(saveError(error, specs, fieldOf).fields).toEqual({
      'pair.b': 'B: is too big',
      // No explanation of its own: the kit's wording with the field's label.
      'pair.a': 'Pair is odd',
      end: 'Choose an end after the start.',
    });
  });
});
