import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './encoding.ts';

const all = { br: 1, gzip: 1, identity: 1 };

describe('negotiateEncoding', () => {
  it.each([
    [undefined, all, 'identity'],
    ['', all, 'identity'],
    ['gzip, deflate, br', all, 'br'],
    ['gzip, deflate', all, 'gzip'],
    ['br;q=0, gzip', all, 'gzip'],
    ['BR', all, 'br'],
    ['*', all, 'br'],
    ['*;q=0', all, 'identity'],
    ['br, gzip', { gzip: 1, identity: 1 }, 'gzip'],
    ['br, gzip', { identity: 1 }, 'identity'],
    ['identity', all, 'identity'],
    ['gzip;q=0.5, br;q=0.1', all, 'br'],
  ] as const)('%s over %o → %s', (header, available, expected) => {
    expect(negotiateEncoding(header, available)).toBe(expected);
  });
});
