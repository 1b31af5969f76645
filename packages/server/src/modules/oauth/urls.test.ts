import { describe, expect, it } from 'vitest';
import { unambiguousUrl } from './clients.ts';

describe('unambiguousUrl: only URLs every parser reads the same way', () => {
  it.each([
    ['http://shop.example\\@evil.example/', undefined],
    ['http://shop.example/\\evil.example', undefined],
    ['https://shop.example/a\tb', undefined],
    ['https://shop.example/a\nb', undefined],
    ['https://shop.example/a b', undefined],
    [' https://shop.example/', undefined],
    ['https://user:pass@shop.example/', undefined],
    ['https://evil.example@shop.example/', undefined],
    ['javascript:alert(1)', undefined],
    ['//shop.example/', undefined],
    ['/relative', undefined],
    ['https://shop.example/a\u0000', undefined],
    ['HTTPS://Shop.Example:443/a/../b?x=1#f', 'https://shop.example/b?x=1#f'],
    ['http://127.0.0.1:3000/orders/1?token=a.b', 'http://127.0.0.1:3000/orders/1?token=a.b'],
  ])('%j → %j', (input, expected) => {
    expect(unambiguousUrl(input)?.href).toBe(expected);
  });
});
