import type { Membership } from '@aisle/sdk';
import { describe, expect, it } from 'vitest';
import { invalidReasonText, withChoice } from './memberships.tsx';

const APP = 'aisle-subscriptions';
const gold: Membership = { id: 'gold', appId: APP, lineItemIds: ['press', 'mug'] };
const silver: Membership = { id: 'silver', appId: APP, lineItemIds: ['mug'] };

describe('the membership chosen per line', () => {
  it('adds the line to the membership chosen, keeping the other lines it pays for', () => {
    const selected = [{ id: 'gold', appId: APP, lineItemIds: ['press'] }];
    expect(withChoice(selected, [gold, silver], 'mug', 'gold')).toEqual([
      { id: 'gold', appId: APP, lineItemIds: ['press', 'mug'] },
    ]);
  });

  it('moves a line covered by two memberships from one to the other', () => {
    const selected = [{ id: 'gold', appId: APP, lineItemIds: ['press', 'mug'] }];
    expect(withChoice(selected, [gold, silver], 'mug', 'silver')).toEqual([
      { id: 'gold', appId: APP, lineItemIds: ['press'] },
      { id: 'silver', appId: APP, lineItemIds: ['mug'] },
    ]);
  });

  it('“Pay as usual” takes the line out; a membership left with no line is not sent', () => {
    const selected = [{ id: 'gold', appId: APP, lineItemIds: ['press'] }];
    expect(withChoice(selected, [gold, silver], 'press', '')).toEqual([]);
  });

  it('drops selections of memberships no longer eligible', () => {
    const selected = [{ id: 'paused', appId: APP, lineItemIds: ['press'] }];
    expect(withChoice(selected, [gold], 'mug', 'gold')).toEqual([
      { id: 'gold', appId: APP, lineItemIds: ['mug'] },
    ]);
  });
});

describe('why a membership cannot pay', () => {
  it.each([
    ['PAUSED', 'it is paused. Resume it in your account to use it again.'],
    ['SUSPENDED', 'it is on hold because its last payments did not go through.'],
    ['CANCELED', 'it has been cancelled.'],
    ['EXPIRED', 'it has ended.'],
    ['SOMETHING_NEW', 'it cannot pay for this order.'],
  ])('%s is said in words', (reason, text) => {
    expect(invalidReasonText(reason)).toBe(text);
  });
});
