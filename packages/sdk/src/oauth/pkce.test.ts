import { describe, expect, it } from 'vitest';
import { base64UrlEncodeBytes } from '../core/base64url.ts';
import {
  CODE_VERIFIER_DEFAULT_LENGTH,
  createCodeChallenge,
  createCodeVerifier,
  createOAuthData,
  createState,
} from './pkce.ts';

const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;
const BASE64URL = /^[A-Za-z0-9\-_]+$/;

describe('createCodeVerifier', () => {
  it('defaults to 43 unreserved characters', () => {
    const verifier = createCodeVerifier();
    expect(CODE_VERIFIER_DEFAULT_LENGTH).toBe(43);
    expect(verifier).toHaveLength(43);
    expect(verifier).toMatch(UNRESERVED);
  });

  it.each([43, 64, 128])('accepts length %i', (length) => {
    const verifier = createCodeVerifier(length);
    expect(verifier).toHaveLength(length);
    expect(verifier).toMatch(UNRESERVED);
  });

  it.each([0, 42, 129, 43.5, Number.NaN])('rejects length %s', (length) => {
    expect(() => createCodeVerifier(length)).toThrow('Expected a length between 43 and 128');
  });

  it('is random and uses the whole alphabet', () => {
    const seen = new Set<string>();
    const verifiers = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const verifier = createCodeVerifier(128);
      verifiers.add(verifier);
      for (const char of verifier) seen.add(char);
    }
    expect(verifiers.size).toBe(200);
    // 66 characters; 25 600 draws leave each one out with a probability far below 1e-100.
    expect(seen.size).toBe(66);
  });
});

describe('createCodeChallenge', () => {
  it('is base64url(SHA-256(verifier)) without padding: RFC 7636 appendix B', async () => {
    // The appendix's 32 random octets, base64url-encoded, are its code verifier.
    const octets = [
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214,
      191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ];
    const verifier = base64UrlEncodeBytes(Uint8Array.from(octets));
    expect(verifier).toBe('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(await createCodeChallenge(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('maps to the url alphabet (a digest whose base64 has + and /)', async () => {
    const challenges = await Promise.all(
      Array.from({ length: 40 }, () => createCodeChallenge(createCodeVerifier())),
    );
    for (const challenge of challenges) {
      expect(challenge).toHaveLength(43);
      expect(challenge).toMatch(BASE64URL);
    }
  });
});

describe('createState and createOAuthData', () => {
  it('makes a random 43-character base64url state', () => {
    const state = createState();
    expect(state).toHaveLength(43);
    expect(state).toMatch(BASE64URL);
    expect(createState()).not.toBe(state);
  });

  it('bundles state, verifier, its S256 challenge and the URIs', async () => {
    const data = await createOAuthData('https://shop.test/callback', '/account');
    expect(data.redirectUri).toBe('https://shop.test/callback');
    expect(data.originalUri).toBe('/account');
    expect(data.state).toHaveLength(43);
    expect(data.codeVerifier).toHaveLength(43);
    expect(data.codeChallenge).toBe(await createCodeChallenge(data.codeVerifier));
  });

  it('takes a verifier length and leaves the URIs out when not given', async () => {
    const data = await createOAuthData(undefined, undefined, { codeVerifierLength: 100 });
    expect(data.codeVerifier).toHaveLength(100);
    expect(Object.keys(data).sort()).toEqual(['codeChallenge', 'codeVerifier', 'state']);
    await expect(createOAuthData('x', undefined, { codeVerifierLength: 200 })).rejects.toThrow(
      'Expected a length between 43 and 128',
    );
  });
});
