import { getPaymentProvider } from '../../modules/payments/registry.ts';
import type { PaymentProvider } from '../../modules/payments/provider.ts';
import type { AppContext } from '../../platform/context.ts';

export { REFUNDING_PROVIDERS } from '../../modules/payments/provider.ts';

/** What the payments collector asks of a payment provider: capture, void, refund. */
export type ProviderActions = Pick<PaymentProvider, 'capture' | 'void' | 'refund'>;

/** The provider behind a payment, or undefined when this server has none of that id. */
export function providerActions(ctx: AppContext, id: string): ProviderActions | undefined {
  try {
    return getPaymentProvider(ctx, id);
  } catch {
    return undefined;
  }
}
