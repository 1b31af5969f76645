import { describe, expect, it } from 'vitest';
import { fillPath } from './path.ts';

describe('fillPath', () => {
  it.each([
    ['/v1/products/{id}', { id: 'p1' }, '/v1/products/p1'],
    ['/v1/products/{id}', { id: 'a/b c?d#e' }, '/v1/products/a%2Fb%20c%3Fd%23e'],
    ['/v1/products/{id}', { id: '../admin' }, '/v1/products/..%2Fadmin'],
    ['/v1/products/{product.id}', { product: { id: 'x y' } }, '/v1/products/x%20y'],
    ['/v1/orders/{n}/x/{m}', { n: 7, m: 'é' }, '/v1/orders/7/x/%C3%A9'],
    ['/v2/collections/query', {}, '/v2/collections/query'],
  ])('%s with %j → %s', (template, data, expected) => {
    expect(fillPath(template, data)).toBe(expected);
  });

  it.each([[{}], [{ id: '' }], [{ id: null }], [{ id: { nested: 1 } }], [undefined]])(
    'rejects a missing or unusable parameter: %j',
    (data) => {
      expect(() => fillPath('/v1/products/{id}', data)).toThrow('Missing path parameter "id"');
    },
  );
});
