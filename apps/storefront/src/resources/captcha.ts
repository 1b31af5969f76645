import { type CaptchaRequirement, type CaptchaTokens, leadingZeroBits } from '@aisle/sdk';
import { browserClient } from '../sdk.ts';

/** The server's proof-of-work challenge (`POST /_api/iam/captcha/v1/challenges`). */
interface Challenge {
  challenge: string;
  difficulty: number;
  algorithm: string;
  variant: 'INVISIBLE' | 'VISIBLE';
}

/**
 * Solves the store's self-hosted captcha: a nonce such that SHA-256(`<challenge>:<nonce>`) starts with
 * `difficulty` zero bits, found with Web Crypto. The answer is the token `<challenge>:<nonce>`.
 */
export async function solveCaptcha(variant: 'INVISIBLE' | 'VISIBLE'): Promise<string> {
  const { challenge } = await (await browserClient()).request<{ challenge: Challenge }>({
    method: 'POST',
    path: '/_api/iam/captcha/v1/challenges',
    data: { variant },
  });
  const encoder = new TextEncoder();
  for (let nonce = 0; ; nonce++) {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.challenge}:${nonce}`));
    if (leadingZeroBits(new Uint8Array(digest)) >= challenge.difficulty)
      return `${challenge.challenge}:${nonce}`;
    // Let the page breathe now and then: the visible puzzle takes a few hundred thousand hashes.
    if (nonce % 2000 === 1999) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** The SDK's captcha field for a solved token of the variant the server asked for. */
export function captchaTokens(requirement: CaptchaRequirement['variant'], token: string): CaptchaTokens {
  return requirement === 'VISIBLE' ? { recaptchaToken: token } : { invisibleRecaptchaToken: token };
}
