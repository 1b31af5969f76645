import { describe, expect, it } from 'vitest';
import { item } from '../../modules/pricing/fixtures.ts';
import { type MembershipContract, membershipOptionsOf } from './memberships.ts';

const COFFEE = '00000000-0000-4000-8000-000000000001';
const MUG = '00000000-0000-4000-8000-000000000002';
const CLUB = '00000000-0000-4000-8000-0000000000c1';

const contract = (extra: Partial<MembershipContract> = {}): MembershipContract => ({
  id: 'c1',
  status: 'ACTIVE',
  title: 'Monthly',
  settings: {
    frequency: 'MONTH',
    interval: 1,
    autoRenewal: false,
    billingCycles: 3,
    enableCustomerCancellation: true,
    startDate: '2025-01-10T00:00:00.000Z',
  },
  billedCycles: 1,
  nextChargeDate: new Date('2025-02-10T00:00:00.000Z'),
  productName: 'Gold Club',
  plan: { productIds: [COFFEE], collectionIds: [CLUB] },
  ...extra,
});

const lines = [
  item('coffee', '12.00', { productId: COFFEE }),
  item('mug', '8.00', { productId: MUG, collectionIds: [CLUB] }),
  item('other', '30.00', { productId: '00000000-0000-4000-8000-000000000003' }),
  item('renewal', '20.00', { productId: COFFEE, subscriptionOptionInfo: { title: 'Monthly' } }),
];
const NOW = new Date('2025-02-01T00:00:00.000Z');

describe('membershipOptionsOf', () => {
  it('an active plan of fixed cycles covers its products and collections until its last cycle ends', () => {
    expect(membershipOptionsOf([contract()], lines, NOW)).toEqual({
      eligible: [
        {
          id: 'c1',
          appId: 'aisle-subscriptions',
          name: { original: 'Gold Club', translated: 'Gold Club' },
          // Never a subscription line (a renewal bought with the membership is paid for).
          lineItemIds: ['coffee', 'mug'],
          expirationDate: '2025-04-10T00:00:00.000Z',
          additionalData: { subscriptionOptionTitle: 'Monthly', status: 'ACTIVE' },
        },
      ],
      invalid: [],
    });
  });

  it('a renewing plan runs to its next charge', () => {
    const renewing = contract({
      settings: { ...contract().settings, autoRenewal: true, billingCycles: undefined },
    });
    expect(membershipOptionsOf([renewing], lines, NOW).eligible[0]?.expirationDate).toBe(
      '2025-02-10T00:00:00.000Z',
    );
  });

  it.each([
    ['PAUSED', 'PAUSED'],
    ['SUSPENDED', 'SUSPENDED'],
    ['CANCELED', 'CANCELED'],
  ] as const)('a %s contract is invalid: %s', (status, reason) => {
    const options = membershipOptionsOf([contract({ status })], lines, NOW);
    expect(options.eligible).toEqual([]);
    expect(options.invalid).toEqual([{ membership: expect.objectContaining({ id: 'c1' }), reason }]);
  });

  it('an ended contract pays until its last cycle has run out, then is EXPIRED', () => {
    const ended = contract({ status: 'ENDED', billedCycles: 3, nextChargeDate: null });
    expect(membershipOptionsOf([ended], lines, new Date('2025-04-09T00:00:00.000Z')).eligible).toHaveLength(
      1,
    );
    expect(membershipOptionsOf([ended], lines, new Date('2025-04-10T00:00:00.000Z')).invalid).toEqual([
      { membership: expect.objectContaining({ id: 'c1' }), reason: 'EXPIRED' },
    ]);
  });

  it('a membership that covers no line is not offered', () => {
    expect(membershipOptionsOf([contract()], [lines[2]!], NOW)).toEqual({ eligible: [], invalid: [] });
  });
});
