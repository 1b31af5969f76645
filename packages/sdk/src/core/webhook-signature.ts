export interface VerifyWebhookOptions {
  /** The raw request body, exactly as received (text or bytes): not a re-serialised JSON object. */
  body: string | Uint8Array;
  /** The `aisle-signature` header: `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`. */
  signature: string | null | undefined;
  /** The endpoint's signing secret (`whsec_…`); several during a rotation: any one of them may match. */
  secret: string | readonly string[];
  /** How far `t` may be from `now`, in seconds (default 300): older deliveries are replays. */
  toleranceSeconds?: number;
  /** The current time (default: the clock). */
  now?: Date;
}

export type VerifyWebhookResult =
  | { valid: true; timestamp: Date }
  | {
      valid: false;
      reason: 'MISSING_SIGNATURE' | 'MALFORMED_SIGNATURE' | 'STALE_TIMESTAMP' | 'SIGNATURE_MISMATCH';
    };

const encoder = new TextEncoder();

function bytesOf(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

function hex(bytes: ArrayBuffer): string {
  let out = '';
  for (const byte of new Uint8Array(bytes)) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Compares two strings in time that depends only on their lengths. */
function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i % (b.length || 1));
  return diff === 0;
}

async function hmacHex(secret: string, message: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret) as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await crypto.subtle.sign('HMAC', key, message as Uint8Array<ArrayBuffer>));
}

/**
 * Checks an Aisle webhook delivery: the `aisle-signature` header must hold a timestamp within
 * `toleranceSeconds` of now and a `v1` HMAC-SHA256, by one of `secret`, of `"<t>.<raw body>"`. Uses only
 * WebCrypto (`crypto.subtle`), so it runs in Node 20+, browsers, Deno, Bun and edge runtimes.
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<VerifyWebhookResult> {
  const { signature, toleranceSeconds = 300, now = new Date() } = options;
  if (!signature) return { valid: false, reason: 'MISSING_SIGNATURE' };
  let t: string | undefined;
  const candidates: string[] = [];
  for (const part of signature.split(',')) {
    const at = part.indexOf('=');
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') t = value;
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) candidates.push(value.toLowerCase());
  }
  if (t === undefined || !/^\d{1,12}$/.test(t) || candidates.length === 0)
    return { valid: false, reason: 'MALFORMED_SIGNATURE' };
  const seconds = Number(t);
  if (Math.abs(now.getTime() / 1000 - seconds) > toleranceSeconds)
    return { valid: false, reason: 'STALE_TIMESTAMP' };
  const body = bytesOf(options.body);
  const message = new Uint8Array(t.length + 1 + body.length);
  message.set(encoder.encode(`${t}.`));
  message.set(body, t.length + 1);
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  let matched = false;
  for (const secret of secrets) {
    const expected = await hmacHex(secret, message);
    for (const candidate of candidates) if (constantTimeEqual(expected, candidate)) matched = true;
  }
  return matched
    ? { valid: true, timestamp: new Date(seconds * 1000) }
    : { valid: false, reason: 'SIGNATURE_MISMATCH' };
}
