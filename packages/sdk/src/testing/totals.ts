// Test-only: the delivery options and memberships that a checkout and a cart's estimated totals both carry, on
// the wire and as the SDK shows them.
import { expect } from 'vitest';

const SLOT = { from: '2024-06-01T08:00:00Z', to: '2024-06-01T12:00:00Z' };
const MEMBERSHIP_DATES = { eligible: '2025-01-01T00:00:00Z', invalid: '2023-01-01T00:00:00Z' };

/** Wire logistics: a delivery time slot and a pickup address. */
export const wireLogistics = (deliveryTime: string, pickupAddress: object, pickup: object = {}) => ({
  deliveryTime,
  deliveryTimeSlot: SLOT,
  pickupDetails: { address: pickupAddress, ...pickup },
});

/** Wire membership options: one eligible membership and one invalid one, with expiration dates. */
export const wireMemberships = (eligibleId: string, invalidId: string, invalid: object = {}) => ({
  eligibleMemberships: [{ id: eligibleId, expirationDate: MEMBERSHIP_DATES.eligible }],
  invalidMemberships: [
    { membership: { id: invalidId, expirationDate: MEMBERSHIP_DATES.invalid }, ...invalid },
  ],
});

interface Logistics {
  deliveryTimeSlot?: { from?: Date; to?: Date };
  pickupDetails?: { address?: object };
}

interface Totals {
  shippingInfo?: {
    selectedCarrierServiceOption?: { logistics?: Logistics };
    carrierServiceOptions?: Array<{ shippingOptions?: Array<{ logistics?: Logistics }> }>;
  };
  membershipOptions?: {
    eligibleMemberships?: Array<{ expirationDate?: Date }>;
    invalidMemberships?: Array<{ membership?: { expirationDate?: Date } }>;
  };
}

/**
 * The selected and the first offered delivery option came with their time slot as dates and the pickup address
 * (`pickupAddress` as the SDK shows it), and the memberships with their expiration dates.
 */
export function expectDeliveryAndMemberships(totals: Totals, pickupAddress: object): void {
  const slot = { from: new Date(SLOT.from), to: new Date(SLOT.to) };
  const selected = totals.shippingInfo?.selectedCarrierServiceOption?.logistics;
  expect(selected?.deliveryTimeSlot).toEqual(slot);
  expect(selected?.pickupDetails?.address).toEqual(pickupAddress);
  const offered = totals.shippingInfo?.carrierServiceOptions?.[0]?.shippingOptions?.[0]?.logistics;
  expect(offered?.deliveryTimeSlot).toEqual(slot);
  expect(offered?.pickupDetails?.address).toEqual(pickupAddress);
  expect(totals.membershipOptions?.eligibleMemberships?.[0]?.expirationDate).toEqual(
    new Date(MEMBERSHIP_DATES.eligible),
  );
  expect(totals.membershipOptions?.invalidMemberships?.[0]?.membership?.expirationDate).toEqual(
    new Date(MEMBERSHIP_DATES.invalid),
  );
}
