/**
 * The store's self-hosted captcha is a proof of work: a nonce such that SHA-256(`<challenge>:<nonce>`) starts with
 * the challenge's `difficulty` zero bits. How many leading zero bits `bytes` (a digest) starts with — the one
 * count the solver (a browser) and the server checking its answer must agree on.
 */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
