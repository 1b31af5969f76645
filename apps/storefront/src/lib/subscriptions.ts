import type { SubscriptionContract } from '@aisle/sdk';

/** A contract's status in words and its badge tone (the member area and the admin's subscriptions). */
export const SUBSCRIPTION_STATUS: Record<string, { text: string; tone: string }> = {
  ACTIVE: { text: 'Active', tone: 'success' },
  PAUSED: { text: 'Paused', tone: 'neutral' },
  SUSPENDED: { text: 'Payment failed', tone: 'error' },
  CANCELED: { text: 'Cancelled', tone: 'neutral' },
  ENDED: { text: 'Ended', tone: 'neutral' },
};

/** `Every month`, `Every 2 weeks`. */
export function everyText(contract: Pick<SubscriptionContract, 'subscriptionSettings'>): string {
  const s = contract.subscriptionSettings;
  const unit = s.frequency.toLowerCase();
  const n = s.interval ?? 1;
  return n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`;
}
