import { base64UrlEncodeBytes } from '../core/base64url.ts';

/** Code verifier length bounds and default (RFC 7636 §4.1, SPEC §5/§9). */
export const CODE_VERIFIER_MIN_LENGTH = 43;
export const CODE_VERIFIER_MAX_LENGTH = 128;
export const CODE_VERIFIER_DEFAULT_LENGTH = 43;

/** The verifier alphabet: unreserved URI characters `A-Z a-z 0-9 - . _ ~`. */
const VERIFIER_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
// Largest multiple of the alphabet size below 256: bytes at or above it are redrawn, so every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % VERIFIER_CHARS.length);

function webCrypto(): Crypto {
  const crypto = globalThis.crypto;
  if (!crypto?.subtle || typeof crypto.getRandomValues !== 'function') {
    throw new Error('Web Crypto (crypto.subtle, crypto.getRandomValues) is not available');
  }
  return crypto;
}

function randomBytes(length: number): Uint8Array {
  return webCrypto().getRandomValues(new Uint8Array(length));
}

/** A random PKCE code verifier of `length` (43 to 128) unreserved characters. */
export function createCodeVerifier(length: number = CODE_VERIFIER_DEFAULT_LENGTH): string {
  if (!Number.isInteger(length) || length < CODE_VERIFIER_MIN_LENGTH || length > CODE_VERIFIER_MAX_LENGTH) {
    throw new Error(`Expected a length between ${CODE_VERIFIER_MIN_LENGTH} and ${CODE_VERIFIER_MAX_LENGTH}`);
  }
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < UNBIASED_LIMIT && verifier.length < length)
        verifier += VERIFIER_CHARS[byte % VERIFIER_CHARS.length];
    }
  }
  return verifier;
}

/** The S256 challenge: base64url(SHA-256(ASCII verifier)), no padding. */
export async function createCodeChallenge(verifier: string): Promise<string> {
  const digest = await webCrypto().subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncodeBytes(new Uint8Array(digest));
}

/** A random 43-character base64url string (32 random bytes), used as the OAuth `state`. */
export function createState(): string {
  return base64UrlEncodeBytes(randomBytes(32));
}

/** What an authorization-code flow keeps between the authorize step and the code exchange. */
export interface OAuthData {
  state: string;
  codeVerifier: string;
  codeChallenge: string;
  /** Where the authorize step sends the code back; absent in the hidden-frame (web_message) flow. */
  redirectUri?: string | undefined;
  /** The page the visitor started from, to return to after the callback. */
  originalUri?: string | undefined;
}

export interface OAuthDataOptions {
  /** Code verifier length, 43 to 128 (default 43). */
  codeVerifierLength?: number;
}

/** Fresh PKCE verifier, S256 challenge and state for one authorize step. */
export async function createOAuthData(
  redirectUri?: string,
  originalUri?: string,
  options: OAuthDataOptions = {},
): Promise<OAuthData> {
  const codeVerifier = createCodeVerifier(options.codeVerifierLength);
  const data: OAuthData = {
    state: createState(),
    codeVerifier,
    codeChallenge: await createCodeChallenge(codeVerifier),
  };
  if (redirectUri !== undefined) data.redirectUri = redirectUri;
  if (originalUri !== undefined) data.originalUri = originalUri;
  return data;
}
