import { describe, expect, it } from 'vitest';
import { entityAt } from './description.ts';
import { presentFields } from './support.ts';

describe('entity kit names and wire fields', () => {
  it('derives the path and tags of an entity from its label and its API', () => {
    const taxGroup = entityAt('tax group', { prefix: '/billing/v1', tags: ['tax'] });
    expect([taxGroup.key, taxGroup.path, taxGroup.tags]).toEqual([
      'taxGroup',
      '/billing/v1/tax-groups',
      ['tax'],
    ]);
    const template = entityAt('checkout template', '/ecom/v1', { query: 'Query checkout templates' });
    expect([template.path, template.tags, template.summaries.query, template.summaries.get]).toEqual([
      '/ecom/v1/checkout-templates',
      ['checkout templates'],
      'Query checkout templates',
      'Get a checkout template',
    ]);
  });

  it('keeps the optional fields that are set, in the order named', () => {
    const row = { a: 'x', b: '', c: null, d: 0, e: false, f: { n: 1 }, g: undefined };
    const present = presentFields(row, ['f', 'b', 'c', 'd', 'e', 'g', 'a']);
    expect(JSON.stringify(present)).toBe('{"f":{"n":1},"a":"x"}');
  });
});
