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

export type SaveResult =
  | { status: 'SAVED'; token: string; card?: CardSummary }
  | { status: 'DECLINED'; reason: string };

export type ActionResult = { status: 'SUCCEEDED' | 'FAILED'; reason?: string };

export interface PaymentProvider {
  id: string;
  charge(input: ChargeInput): Promise<ChargeResult>;
  capture(reference: string, amount: string): Promise<ActionResult>;
  void(reference: string): Promise<ActionResult>;
  /**
   * Turns a single-use payment token into a saved payment method the store may charge again (subscription
   * cycles): a reusable token. Providers without saved methods leave it out.
   */
  saveMethod?(token: string): Promise<SaveResult>;
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
