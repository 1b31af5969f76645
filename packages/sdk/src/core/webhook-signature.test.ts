import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './webhook-signature.ts';

const secret = 'whsec_first';
const rotated = 'whsec_second';
const body = '{"id":"e1","type":"order.created","data":{"total":"12.50","name":"Müller"}}';
const now = new Date('2026-05-01T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);

/** The server's signature, computed here with node:crypto (independent of the WebCrypto code under test). */
const v1 = (key: string, at = t, text = body) =>
  createHmac('sha256', key).update(`${at}.${text}`).digest('hex');

describe('verifyWebhook', () => {
  it('accepts a good signature, on text or bytes, and gives its timestamp', async () => {
    const signature = `t=${t},v1=${v1(secret)}`;
    expect(await verifyWebhook({ body, signature, secret, now })).toEqual({ valid: true, timestamp: now });
    expect(
      await verifyWebhook({ body: new TextEncoder().encode(body), signature, secret, now }),
    ).toMatchObject({
      valid: true,
    });
  });

  it('rejects a tampered body and a wrong secret', async () => {
    const signature = `t=${t},v1=${v1(secret)}`;
    const tampered = body.replace('12.50', '1.25');
    expect(await verifyWebhook({ body: tampered, signature, secret, now })).toEqual({
      valid: false,
      reason: 'SIGNATURE_MISMATCH',
    });
    expect(await verifyWebhook({ body, signature, secret: rotated, now })).toEqual({
      valid: false,
      reason: 'SIGNATURE_MISMATCH',
    });
    // A signature of the right body at another time does not pass for this one.
    expect(
      await verifyWebhook({ body, signature: `t=${t + 1},v1=${v1(secret)}`, secret, now }),
    ).toMatchObject({
      valid: false,
    });
  });

  it('rejects a timestamp outside the tolerance, either way', async () => {
    const old = t - 301;
    expect(await verifyWebhook({ body, signature: `t=${old},v1=${v1(secret, old)}`, secret, now })).toEqual({
      valid: false,
      reason: 'STALE_TIMESTAMP',
    });
    const future = t + 301;
    expect(
      await verifyWebhook({ body, signature: `t=${future},v1=${v1(secret, future)}`, secret, now }),
    ).toMatchObject({ valid: false, reason: 'STALE_TIMESTAMP' });
    expect(
      await verifyWebhook({
        body,
        signature: `t=${old},v1=${v1(secret, old)}`,
        secret,
        now,
        toleranceSeconds: 600,
      }),
    ).toMatchObject({ valid: true });
  });

  it('accepts any of several v1 values and any of several secrets (rotation overlap)', async () => {
    const both = `t=${t},v1=${v1(rotated)},v1=${v1(secret)}`;
    expect(await verifyWebhook({ body, signature: both, secret, now })).toMatchObject({ valid: true });
    expect(await verifyWebhook({ body, signature: both, secret: rotated, now })).toMatchObject({
      valid: true,
    });
    const signedWithNew = `t=${t},v1=${v1(rotated)}`;
    expect(
      await verifyWebhook({ body, signature: signedWithNew, secret: [secret, rotated], now }),
    ).toMatchObject({
      valid: true,
    });
    expect(await verifyWebhook({ body, signature: signedWithNew, secret: [secret], now })).toMatchObject({
      valid: false,
    });
  });

  it('rejects a missing or malformed header', async () => {
    for (const signature of [undefined, null, '']) {
      expect(await verifyWebhook({ body, signature, secret, now })).toEqual({
        valid: false,
        reason: 'MISSING_SIGNATURE',
      });
    }
    for (const signature of [
      `v1=${v1(secret)}`,
      `t=${t}`,
      `t=abc,v1=${v1(secret)}`,
      `t=${t},v1=zz`,
      'garbage',
    ]) {
      expect(await verifyWebhook({ body, signature, secret, now })).toEqual({
        valid: false,
        reason: 'MALFORMED_SIGNATURE',
      });
    }
  });
});
