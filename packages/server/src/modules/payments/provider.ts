import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { offlineProvider } from './offline.ts';
import { sandboxProvider } from './sandbox.ts';

/**
 * A payment provider (docs/CHECKOUT.md "Payment providers"): charges a tokenised payment method, captures or
 * voids an authorization, refunds. Amounts are decimal strings in `currency`; `idempotencyKey` makes a retried
 * call the same call at the provider.
 */

export interface ChargeInput {
  amount: string;
  currency: string;
  token?: string | undefined;
  idempotencyKey: string;
  /** false: authorize only (`delayCapture`); the order's merchant captures or voids later. */
  capture: boolean;
  description?: string | undefined;
}

export interface CardSummary {
  brand: string;
  lastFourDigits: string;
}

export type ChargeResult =
  | { status: 'APPROVED' | 'AUTHORIZED'; reference: string; card?: CardSummary }
  | { status: 'DECLINED'; reason: string }
  | { status: 'PENDING'; reference: string; action: { confirmationToken: string }; card?: CardSummary };

export type ActionResult = { status: 'SUCCEEDED' | 'FAILED'; reason?: string };

export interface PaymentProvider {
  id: string;
  charge(input: ChargeInput): Promise<ChargeResult>;
  capture(reference: string, amount: string): Promise<ActionResult>;
  void(reference: string): Promise<ActionResult>;
  refund(
    reference: string,
    amount: string,
    idempotencyKey: string,
  ): Promise<{ status: 'SUCCEEDED' | 'PENDING' | 'FAILED'; reference?: string; reason?: string }>;
}

export const SANDBOX_CARD = 'sandbox-card';
export const OFFLINE = 'offline';

/** Providers that send money back themselves (the others are refunded by the merchant, outside). */
export const REFUNDING_PROVIDERS: ReadonlySet<string> = new Set([SANDBOX_CARD]);

/**
 * The provider with this id. `db` is where the provider keeps its own records (the sandbox's card tokens): pass
 * the caller's transaction when charging inside one, so a declined or rolled-back charge leaves no trace.
 */
export function getPaymentProvider(ctx: AppContext, id: string, db: Db = ctx.db): PaymentProvider {
  switch (id) {
    case SANDBOX_CARD:
      return sandboxProvider(db, ctx.clock);
    case OFFLINE:
    case 'manual':
      return offlineProvider(id);
    default:
      throw notFound('PAYMENT_PROVIDER_NOT_FOUND', `No payment provider "${id}"`, { provider: id });
  }
}
