import { describe, expect, it } from 'vitest';
import { base64UrlDecode, base64UrlEncode } from './base64url.ts';

describe('base64url', () => {
  it.each([
    ['', ''],
    ['a', 'YQ'],
    ['ab', 'YWI'],
    ['abc', 'YWJj'],
    ['abcd', 'YWJjZA'],
    ['??>', 'Pz8-'],
    ['???', 'Pz8_'],
    ['ÿÿÿ?', 'w7_Dv8O_Pw'],
    ['ü€😀', 'w7zigqzwn5iA'],
    ['{"query":{}}', 'eyJxdWVyeSI6e319'],
  ])('encodes %j as %s (UTF-8, url alphabet, no padding)', (text, encoded) => {
    expect(base64UrlEncode(text)).toBe(encoded);
    expect(base64UrlDecode(encoded)).toBe(text);
  });

  it('decodes padded standard-length input too', () => {
    expect(base64UrlDecode('YQ==')).toBe('a');
  });

  it('round-trips text longer than one conversion chunk', () => {
    const text = 'äb€'.repeat(20_000);
    const encoded = base64UrlEncode(text);
    expect(encoded).not.toMatch(/[+/=]/);
    expect(base64UrlDecode(encoded)).toBe(text);
  });
});
