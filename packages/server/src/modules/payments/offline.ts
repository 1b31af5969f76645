import type { PaymentProvider } from './provider.ts';

/**
 * Offline and manual payments: money that moves outside the platform (cash, bank transfer, a terminal). The
 * provider only records: a "charge" is the merchant saying it was paid, a refund is the merchant saying they
 * paid it back. `create-order` places orders to be paid this way (`paymentStatus NOT_PAID`).
 */
export function offlineProvider(id = 'offline'): PaymentProvider {
  return {
    id,
    async charge(input) {
      return {
        status: input.capture ? 'APPROVED' : 'AUTHORIZED',
        reference: `${id}:${input.idempotencyKey}`,
      };
    },
    async capture() {
      return { status: 'SUCCEEDED' };
    },
    async void() {
      return { status: 'SUCCEEDED' };
    },
    async refund(reference, _amount, idempotencyKey) {
      return { status: 'SUCCEEDED', reference: `${reference}:refund:${idempotencyKey}` };
    },
  };
}
