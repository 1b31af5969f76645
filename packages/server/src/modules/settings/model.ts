import type { AddressInput } from '../../platform/schema.ts';

/** Shapes kept in the settings' jsonb columns. Money and rates are decimal strings. */

/** wire/README §3 address (the fields the engine and a pickup point need). */
export type StoredAddress = AddressInput;

export interface StoredDestination {
  countryCode: string;
  /** ISO 3166-2 (`US-CA`); none = the whole country. */
  subdivisions?: string[];
}

export type ConditionType = 'BY_TOTAL_WEIGHT' | 'BY_TOTAL_PRICE' | 'BY_TOTAL_QUANTITY';
export type ConditionOperator = 'EQ' | 'GT' | 'GTE' | 'LT' | 'LTE';

export interface StoredRate {
  amount: string;
  conditions: { type: ConditionType; value: string; operator: ConditionOperator }[];
  multiplyByQuantity?: boolean;
}

export interface StoredCharge {
  type: 'HANDLING_FEE' | 'INSURANCE';
  details?: string;
  price: string;
}

export interface StoredPickup {
  address: StoredAddress;
  pickupMethod: 'STORE_PICKUP' | 'PICKUP_POINT';
  businessLocation?: string;
}

export interface StoredTimeSlot {
  from: string;
  to: string;
}

export type JurisdictionType = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';

export interface StoredJurisdiction {
  jurisdiction: string;
  jurisdictionType: JurisdictionType;
  /** Percentage, e.g. `"6.25"`. */
  rate: string;
  taxName?: string;
  taxType?: string;
}
