import { describe, expect, it } from 'vitest';
import { leadingZeroBits } from './captcha.ts';

describe('leadingZeroBits', () => {
  it.each<[string, number[], number]>([
    ['no bytes', [], 0],
    ['a set top bit', [0x80, 0], 0],
    ['one zero bit', [0x40], 1],
    ['seven zero bits', [0x01, 0xff], 7],
    ['a zero byte, then a set top bit', [0x00, 0x80], 8],
    ['two zero bytes and four bits', [0x00, 0x00, 0x0f], 20],
    ['only zero bytes', [0, 0, 0], 24],
  ])('counts %s', (_name, bytes, bits) => {
    expect(leadingZeroBits(new Uint8Array(bytes))).toBe(bits);
  });
});
