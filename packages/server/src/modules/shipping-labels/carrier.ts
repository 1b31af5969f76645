import type { LabelService, PackageDetails, PackageType } from './model.ts';
import { tableRateCarrier } from './table-rate.ts';

/**
 * A shipping carrier (docs/DECISIONS.md "Shipping-label carrier"): quotes the configured label services for one
 * shipment. Like a payment provider it sits behind this interface, so a real carrier API can replace the
 * built-in table-rate carrier. Quotes are asked for while a cart or checkout is priced (synchronously, inside
 * the pricing snapshot): a carrier that calls out over the network must answer from rates it fetched and cached
 * beforehand.
 */

export interface QuoteRequest {
  /** ISO 3166-1 alpha-2 countries of the ship-from and destination addresses. */
  fromCountry: string;
  toCountry: string;
  /** The total weight (decimal string) in `weightUnit`. */
  weight: string;
  weightUnit: 'KG' | 'LB';
  /** The shippable units (flat-rate packages hold `packageDetails.maxNumberOfProducts` each). */
  quantity: bigint;
  packageType: PackageType;
  packageDetails?: PackageDetails | undefined;
  services: LabelService[];
}

export interface CarrierRate {
  service: LabelService;
  /** The carrier's price (decimal string, store currency), before the merchant's handling fee. */
  amount: string;
}

export interface ShippingCarrier {
  id: string;
  /** The rates the carrier has for the shipment; a service it cannot carry (zone, weight) is left out. */
  quote(request: QuoteRequest): CarrierRate[];
}

/** The carrier id of options priced by the shipping-label configuration (what a shopper selects). */
export const LABEL_CARRIER_ID = 'b1c0d3e5-5a7e-4c61-9a2f-7ab1e0c4d6f2';

/** The carrier that prices the configured label services: the built-in table-rate carrier. */
export function labelCarrier(): ShippingCarrier {
  return tableRateCarrier;
}
