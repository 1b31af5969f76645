import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { AisleApplicationError } from '../core/errors.ts';
import { fakeFetch, json, parseUrl, type RecordedCall, bodyOf, pathOf } from '../testing/fake-fetch.ts';
import { applicationErrorReply } from '../testing/error-replies.ts';
import { paymentsCollector } from './payments-collector.ts';

function client(reply: (call: RecordedCall) => Response) {
  const { fetch, calls } = fakeFetch(reply);
  return { module: createClient({ modules: { paymentsCollector }, fetch }).paymentsCollector, calls };
}

const P = '/ecom/v1/payments-collector/orders/o-1';

const transactions = {
  orderTransactions: {
    orderId: 'o-1',
    payments: [
      {
        id: 'p1',
        createdDate: '2024-05-01T10:00:00Z',
        updatedDate: '2024-05-01T10:01:00Z',
        amount: { amount: '20.00' },
        regularPaymentDetails: {
          status: 'AUTHORIZED',
          authorizationDetails: {
            authorizedDate: '2024-05-01T10:00:00Z',
            captures: [{ createdDate: '2024-05-02T10:00:00Z' }],
            void: { voidedDate: '2024-05-03T10:00:00Z' },
            scheduledAction: { executionDate: '2024-05-08T10:00:00Z' },
          },
          chargebacks: [{ createdDate: '2024-06-01T00:00:00Z', updatedDate: '2024-06-02T00:00:00Z' }],
        },
      },
    ],
    refunds: [{ id: 'r1', createdDate: '2024-05-04T00:00:00Z', status: 'SUCCEEDED' }],
  },
};

describe('paymentsCollector', () => {
  it('GET calls repeat the order id in the query', async () => {
    const { module, calls } = client((call) =>
      json(
        call.url.includes('collectability')
          ? { status: 'NONCOLLECTABLE_ORDER_IS_PAID', amount: { amount: '0' } }
          : { refundabilities: [{ paymentId: 'p1', refundabilityStatus: 'REFUNDABLE' }] },
      ),
    );
    await expect(module.getPaymentCollectabilityStatus('o-1')).resolves.toEqual({
      status: 'NONCOLLECTABLE_ORDER_IS_PAID',
      amount: { amount: '0' },
    });
    expect(calls[0]?.method).toBe('GET');
    expect(pathOf(calls[0])).toBe(`${P}/payment-collectability-status`);
    expect(parseUrl(calls[0]?.url ?? '').params.get('ecomOrderId')).toBe('o-1');
    const refundability = await module.getRefundabilityStatus('o-1');
    expect(refundability.refundabilities?.[0]?.refundabilityStatus).toBe('REFUNDABLE');
    expect(pathOf(calls[1])).toBe(`${P}/refundability`);
  });

  it('preparePaymentCollection, createPaymentGatewayOrder and chargeMemberships post their bodies', async () => {
    const { module, calls } = client(() => json({ paymentGatewayOrderId: 'pg-1' }));
    await expect(
      module.preparePaymentCollection('o-1', '5.00', {
        delayedCapture: true,
        delayedCaptureSettings: { scheduledAction: 'VOID', delayDuration: { count: 2, unit: 'DAYS' } },
      }),
    ).resolves.toEqual({ paymentGatewayOrderId: 'pg-1' });
    expect(pathOf(calls[0])).toBe(`${P}/prepare-payment-collection`);
    expect(bodyOf(calls[0])).toEqual({
      delayedCapture: true,
      delayedCaptureSettings: { scheduledAction: 'VOID', delayDuration: { count: 2, unit: 'DAYS' } },
      amount: '5.00',
      ecomOrderId: 'o-1',
    });
    await module.createPaymentGatewayOrder('o-1', { chargedBy: { id: 'u', fullName: 'U' } });
    expect(bodyOf(calls[1])).toEqual({ chargedBy: { id: 'u', fullName: 'U' }, ecomOrderId: 'o-1' });
    await expect(
      module.chargeMemberships('o-1', 'm-1', [{ membershipId: 'x', lineItemId: 'l1' }]),
    ).resolves.toBe(undefined);
    expect(pathOf(calls[2])).toBe(`${P}/charge-membership`);
    expect(bodyOf(calls[2])).toEqual({
      memberId: 'm-1',
      membershipCharges: [{ membershipId: 'x', lineItemId: 'l1' }],
      ecomOrderId: 'o-1',
    });
  });

  it('markAsPaid returns the converted order; bulk has no prefix', async () => {
    const { module, calls } = client((call) =>
      json(
        call.url.includes('/bulk/')
          ? {
              results: [
                {
                  itemMetadata: { id: 'o-1', success: true },
                  item: { id: 'o-1', createdDate: '2024-01-01T00:00:00Z', lineItems: [] },
                },
              ],
              bulkActionMetadata: { totalSuccesses: 1 },
            }
          : {
              order: { id: 'o-1', paymentStatus: 'PAID', createdDate: '2024-01-01T00:00:00Z', lineItems: [] },
            },
      ),
    );
    const order = await module.markAsPaid('o-1');
    expect(pathOf(calls[0])).toBe(`${P}/mark-as-paid`);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.createdDate).toEqual(new Date('2024-01-01T00:00:00Z'));
    const bulk = await module.bulkMarkAsPaid(['o-1']);
    expect(pathOf(calls[1])).toBe('/v1/bulk/payments-collector/mark-as-paid');
    expect(bodyOf(calls[1])).toEqual({ ecomOrderIds: ['o-1'] });
    expect(bulk.results[0]?.item?.createdDate).toBeInstanceOf(Date);
  });

  it('recordManuallyCollectedPayment posts the amount under orderId', async () => {
    const { module, calls } = client(() => json({}));
    await expect(module.recordManuallyCollectedPayment('o-1', '12.50')).resolves.toBeUndefined();
    expect(pathOf(calls[0])).toBe(`${P}/manual-payment`);
    expect(bodyOf(calls[0])).toEqual({ orderId: 'o-1', amount: '12.50' });
  });

  it('refund, void and capture convert every transaction date', async () => {
    const { module, calls } = client((call) =>
      json(call.url.endsWith('trigger-refund') ? { ...transactions, refundId: 'r1' } : transactions),
    );
    const refund = await module.triggerRefund('o-1', [{ paymentId: 'p1', amount: '5.00' }], {
      details: { reason: 'Damaged', lineItems: [{ lineItemId: 'l1', quantity: 1 }] },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' }, sendOrderRefundedEmail: true },
    });
    expect(bodyOf(calls[0])).toEqual({
      details: { reason: 'Damaged', lineItems: [{ lineItemId: 'l1', quantity: 1 }] },
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' }, sendOrderRefundedEmail: true },
      payments: [{ paymentId: 'p1', amount: '5.00' }],
      ecomOrderId: 'o-1',
    });
    expect(refund.refundId).toBe('r1');
    const payment = refund.orderTransactions?.payments?.[0];
    expect(payment?.createdDate).toEqual(new Date('2024-05-01T10:00:00Z'));
    expect(payment?.updatedDate).toEqual(new Date('2024-05-01T10:01:00Z'));
    const auth = payment?.regularPaymentDetails?.authorizationDetails;
    expect(auth?.authorizedDate).toEqual(new Date('2024-05-01T10:00:00Z'));
    expect(auth?.captures?.[0]?.createdDate).toEqual(new Date('2024-05-02T10:00:00Z'));
    expect(auth?.void?.voidedDate).toEqual(new Date('2024-05-03T10:00:00Z'));
    expect(auth?.scheduledAction?.executionDate).toEqual(new Date('2024-05-08T10:00:00Z'));
    expect(payment?.regularPaymentDetails?.chargebacks?.[0]?.updatedDate).toEqual(
      new Date('2024-06-02T00:00:00Z'),
    );
    expect(refund.orderTransactions?.refunds?.[0]?.createdDate).toEqual(new Date('2024-05-04T00:00:00Z'));

    const voided = await module.voidAuthorizedPayments('o-1', ['p1']);
    expect(pathOf(calls[1])).toBe(`${P}/void-authorized-payments`);
    expect(bodyOf(calls[1])).toEqual({ paymentIds: ['p1'], ecomOrderId: 'o-1' });
    expect(voided.orderTransactions?.payments?.[0]?.createdDate).toBeInstanceOf(Date);
    await module.captureAuthorizedPayments('o-1', [{ paymentId: 'p1', amount: '20.00' }]);
    expect(pathOf(calls[2])).toBe(`${P}/capture-authorized-payments`);
    expect(bodyOf(calls[2])).toEqual({
      payments: [{ paymentId: 'p1', amount: '20.00' }],
      ecomOrderId: 'o-1',
    });
  });

  it('an error code surfaces on the typed error', async () => {
    const { module } = client(() =>
      applicationErrorReply(409, 'Already paid', {
        code: 'ORDER_ALREADY_PAID',
        description: 'Already paid',
        data: {},
      }),
    );
    const error = await module.markAsPaid('o-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error).toMatchObject({ code: 'ORDER_ALREADY_PAID', status: 409, message: 'Already paid' });
  });
});
