import { describe, expect, it } from 'vitest';
import { csvRow, parseCsv } from '../../../platform/csv.ts';
import { headerFor, planProducts } from './plan.ts';

const plan = (rows: string[][]) => planProducts(parseCsv(rows.map(csvRow).join('')));

describe('planProducts', () => {
  it('groups rows by handle and reads product columns from the first row', () => {
    const { plans, errors } = plan([
      [
        'Handle',
        'Name',
        'Price',
        'Option1 Name',
        'Option1 Value',
        'Option1 Color',
        'Variant Price',
        'Quantity',
      ],
      ['tee', 'Tee', '20', 'Color', 'Navy', '#1f3a5f', '', '3'],
      ['tee', '', '', 'Color', 'Sand', '#d8c8a8', '22.5', '0'],
    ]);
    expect(errors).toEqual([]);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      handle: 'tee',
      name: 'Tee',
      price: '20.00',
      options: [
        {
          optionType: 'color',
          name: 'Color',
          choices: [
            { value: '#1f3a5f', description: 'Navy' },
            { value: '#d8c8a8', description: 'Sand' },
          ],
        },
      ],
      variants: [
        { line: 2, choices: { Color: 'Navy' }, price: null, stock: { trackQuantity: true, quantity: 3 } },
        { line: 3, choices: { Color: 'Sand' }, price: '22.50', stock: { trackQuantity: true, quantity: 0 } },
      ],
    });
  });

  it('derives an amount discount from a discounted price, and checks one given with a discount', () => {
    const derived = plan([
      ['Handle', 'Price', 'Discounted Price'],
      ['a', '10', '7.5'],
    ]);
    expect(derived.plans[0]!.discount).toEqual({ type: 'AMOUNT', value: '2.50' });
    const checked = plan([
      ['Handle', 'Price', 'Discount Type', 'Discount Value', 'Discounted Price'],
      ['a', '10', 'PERCENT', '20', '8.00'],
      ['b', '10', 'PERCENT', '20', '9.00'],
    ]);
    expect(checked.plans.map((p) => p.discount)).toEqual([{ type: 'PERCENT', value: '20.00' }]);
    expect(checked.errors).toEqual([
      { line: 3, column: 'Discounted Price', message: expect.stringContaining('8.00') },
    ]);
  });

  it('leaves absent columns undefined and turns empty cells into defaults', () => {
    const { plans } = plan([
      ['Handle', 'Brand', 'Visible', 'Cost', 'In Stock'],
      ['a', '', '', '', 'false'],
    ]);
    expect(plans[0]).toEqual({
      handle: 'a',
      lines: [2],
      brand: null,
      visible: true,
      cost: null,
      variants: [{ line: 2, choices: {}, stock: { trackQuantity: false, inStock: false } }],
    });
  });

  it('reports each bad cell and leaves its product out, naming its other lines', () => {
    const { plans, errors, failed } = plan([
      ['Handle', 'Name', 'Price', 'Option1 Name', 'Option1 Value', 'Track Quantity', 'Quantity', 'In Stock'],
      ['p', 'P', '1', 'Size', 'S', 'true', '', ''],
      ['p', 'Other name', '', 'Size', 'S', 'false', '2', ''],
      ['p', '', '', 'Size', 'M', '', '4', 'false'],
      ['q', 'Q', '1', '', '', 'maybe', '', ''],
      ['r', 'R', '1', '', '', '', '', ''],
    ]);
    expect(plans.map((p) => p.handle)).toEqual(['r']);
    expect(failed).toBe(2);
    expect(errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'Quantity'],
      [3, 'Name'],
      [3, 'Option1 Value'],
      [3, 'Quantity'],
      [4, 'In Stock'],
      [5, 'Track Quantity'],
    ]);
  });

  it('refuses a header with unknown or missing columns', () => {
    const unknown = plan([
      ['Handle', 'Colour'],
      ['a', 'red'],
    ]);
    expect(unknown).toMatchObject({ headerFailed: true, plans: [] });
    expect(unknown.errors).toEqual([{ line: 1, column: 'Colour', message: expect.any(String) }]);
    expect(plan([['Name'], ['x']]).errors).toEqual([
      { line: 1, column: 'Handle', message: expect.any(String) },
    ]);
    expect(plan([]).headerFailed).toBe(true);
  });

  it('writes a header its own reader takes', () => {
    const header = headerFor(2);
    expect(header).toContain('Option2 Color');
    expect(plan([header]).errors).toEqual([]);
  });
});
