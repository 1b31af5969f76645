import { describe, expect, it } from 'vitest';
import { fieldPath, toFieldViolations } from './validation.ts';

describe('fieldPath', () => {
  it.each([
    ['', undefined, ''],
    ['/name', undefined, 'name'],
    ['/lineItems/0/quantity', undefined, 'lineItems[0].quantity'],
    ['/product', 'name', 'product.name'],
    ['/a~1b', undefined, 'a/b'],
  ])('%s + %s → %s', (path, extra, expected) => {
    expect(fieldPath(path, extra)).toBe(expected);
  });
});

describe('toFieldViolations', () => {
  it('maps ajv keywords to wire rules and names the field', () => {
    const out = toFieldViolations([
      { keyword: 'required', instancePath: '/product', params: { missingProperty: 'name' } },
      {
        keyword: 'enum',
        instancePath: '/product/productType',
        params: { allowedValues: ['physical', 'digital'] },
      },
      {
        keyword: 'maxLength',
        instancePath: '/product/sku',
        params: { limit: 40 },
        message: 'must NOT have more than 40 characters',
      },
      { keyword: 'type', instancePath: '/limit', params: { type: 'integer' } },
    ]);
    expect(out.map((v) => [v.field, v.violatedRule])).toEqual([
      ['product.name', 'REQUIRED_FIELD'],
      ['product.productType', 'INVALID_ENUM_VALUE'],
      ['product.sku', 'MAX_LENGTH'],
      ['limit', 'VALIDATION'],
    ]);
    expect(out[1]?.description).toBe('must be one of physical, digital');
    expect(out[2]?.data).toEqual({ limit: 40 });
  });

  it('keeps one violation per field and names the part for root errors', () => {
    const out = toFieldViolations(
      [
        { keyword: 'type', instancePath: '', params: { type: 'object' } },
        { keyword: 'type', instancePath: '', params: { type: 'object' } },
      ],
      'querystring',
    );
    expect(out).toHaveLength(1);
    expect(out[0]?.field).toBe('querystring');
  });
});
