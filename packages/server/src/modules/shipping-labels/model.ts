/**
 * The shipping-label provider configuration as stored and as the carrier reads it (wire/merchant-settings.md
 * "Shipping-label provider config"). Pure types: the pricing flow and the table-rate carrier share them.
 */

export const DOMESTIC_SERVICES = ['GROUND_ADVANTAGE', 'PRIORITY_MAIL', 'PRIORITY_MAIL_EXPRESS'] as const;
export const INTERNATIONAL_SERVICES = [
  'FIRST_CLASS_PACKAGE_INTERNATIONAL',
  'PRIORITY_MAIL_INTERNATIONAL',
  'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
] as const;
export const PACKAGE_TYPES = [
  'CUSTOM',
  'FLAT_RATE_ENVELOPE',
  'PADDED_FLAT_RATE_ENVELOPE',
  'SMALL_FLAT_RATE_BOX',
  'MEDIUM_FLAT_RATE_BOX_1',
  'MEDIUM_FLAT_RATE_BOX_2',
  'LARGE_FLAT_RATE_BOX',
] as const;
export const HANDLING_FEE_TYPES = ['FIXED', 'PERCENTAGE'] as const;

export type DomesticService = (typeof DOMESTIC_SERVICES)[number];
export type InternationalService = (typeof INTERNATIONAL_SERVICES)[number];
export type LabelService = DomesticService | InternationalService;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export type Zone = 'DOMESTIC' | 'INTERNATIONAL';

export interface ServiceSettings {
  estimatedDeliveryTime?: string;
  /** FIXED: an amount (decimal string) in the store currency; PERCENTAGE: a percentage of the carrier's rate. */
  handlingFee?: { value: string; calculationType: (typeof HANDLING_FEE_TYPES)[number] };
  /** Delivery (rate and handling fee) is free from this shipment price on (decimal string). */
  freeDeliveryMinimumAmount?: string;
}

export interface StoredService<S extends LabelService = LabelService> {
  id: string;
  service: S;
  serviceSettings: ServiceSettings;
}

export interface PackageDetails {
  name?: string;
  dimensions?: { length?: number; width?: number; height?: number };
  maxNumberOfProducts?: number;
}

/** The price of a service when the carrier has none for the shipment (too heavy, no route). */
export interface BackupRate {
  active: boolean;
  value?: string;
}

/** The unit weight of a line whose item has none, in the store's weight unit. */
export interface BackupWeight {
  active: boolean;
  value?: number;
}

export const SERVICE_TITLES: Record<LabelService, string> = {
  GROUND_ADVANTAGE: 'Ground Advantage',
  PRIORITY_MAIL: 'Priority Mail',
  PRIORITY_MAIL_EXPRESS: 'Priority Mail Express',
  FIRST_CLASS_PACKAGE_INTERNATIONAL: 'First-Class Package International',
  PRIORITY_MAIL_INTERNATIONAL: 'Priority Mail International',
  PRIORITY_MAIL_EXPRESS_INTERNATIONAL: 'Priority Mail Express International',
};

/** Domestic when the destination is in the ship-from country, international otherwise. */
export const zoneOf = (fromCountry: string, toCountry: string): Zone =>
  fromCountry.trim().toUpperCase() === toCountry.trim().toUpperCase() ? 'DOMESTIC' : 'INTERNATIONAL';
