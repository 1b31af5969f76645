import type { FastifyReply } from 'fastify';
import { TTL } from '../../modules/identity/tokens.ts';
import type { AppContext } from '../../platform/context.ts';

/**
 * "Remember this device": a second factor passed with `rememberThisDevice` sets this cookie (HttpOnly, 30
 * days); a later sign-in of the same member from the same browser skips the factor. Browsers send it to the
 * store's own origin only (the storefront it serves, the hosted login page); clients on other origins do not
 * get it, so their members are asked for the factor every time.
 */
export const DEVICE_COOKIE = 'aisle_device';

/** The remembered-device token a request carries, if any. */
export function deviceTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export function rememberDevice(ctx: AppContext, reply: FastifyReply, deviceToken: string): void {
  const secure = new URL(ctx.config.publicUrl).protocol === 'https:' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${deviceToken}; Max-Age=${TTL.device}; Path=/; HttpOnly; SameSite=Lax${secure}`,
  );
}
