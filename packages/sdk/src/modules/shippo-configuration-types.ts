import type { Address } from '../core/address.ts';

/** Shipping-label provider configurations (wire/merchant-settings.md "Shipping-label provider config"). */

export type DomesticLabelService = 'GROUND_ADVANTAGE' | 'PRIORITY_MAIL' | 'PRIORITY_MAIL_EXPRESS';
export type InternationalLabelService =
  | 'FIRST_CLASS_PACKAGE_INTERNATIONAL'
  | 'PRIORITY_MAIL_INTERNATIONAL'
  | 'PRIORITY_MAIL_EXPRESS_INTERNATIONAL';
export type LabelPackageType =
  | 'CUSTOM'
  | 'FLAT_RATE_ENVELOPE'
  | 'PADDED_FLAT_RATE_ENVELOPE'
  | 'SMALL_FLAT_RATE_BOX'
  | 'MEDIUM_FLAT_RATE_BOX_1'
  | 'MEDIUM_FLAT_RATE_BOX_2'
  | 'LARGE_FLAT_RATE_BOX';

export interface LabelServiceSettings {
  estimatedDeliveryTime?: string;
  /** FIXED: an amount (decimal string); PERCENTAGE: a percentage of the carrier's rate. */
  handlingFee?: { value: string; calculationType: 'FIXED' | 'PERCENTAGE' };
  /** Delivery is free from this shipment price on (decimal string). */
  freeDeliveryMinimumAmount?: string;
}

export interface LabelServiceEntry<S extends string> {
  /** Given by the server when absent; it is the shipping option's `code` at checkout. */
  id?: string;
  service: S;
  serviceSettings?: LabelServiceSettings;
}

export interface ShippoConfigurationInput {
  /** One region (create only); `deliveryRegionIds` for several. */
  deliveryRegionId?: string;
  deliveryRegionIds?: string[];
  domesticServices?: LabelServiceEntry<DomesticLabelService>[];
  internationalServices?: LabelServiceEntry<InternationalLabelService>[];
  packageType?: LabelPackageType;
  packageDetails?: {
    name?: string;
    dimensions?: { length?: number; width?: number; height?: number };
    maxNumberOfProducts?: number;
  };
  osLocationId?: string;
  /** The price of a service the carrier has no rate for (decimal string), when active. */
  backupRate?: { active: boolean; value?: string };
  /** The unit weight of items without one (store weight unit), when active. */
  backupWeight?: { active: boolean; value?: number };
}

export interface ShippoConfiguration extends ShippoConfigurationInput {
  id: string;
  deliveryRegionIds: string[];
  domesticServices: Array<LabelServiceEntry<DomesticLabelService> & { id: string }>;
  internationalServices: Array<LabelServiceEntry<InternationalLabelService> & { id: string }>;
  packageType: LabelPackageType;
  /** Read-only: the store's business address (store settings). */
  shipFromAddress?: Address;
  revision: string;
  createdDate?: Date;
  updatedDate?: Date;
}

export type ShippoConfigurationUpdate = Omit<ShippoConfigurationInput, 'deliveryRegionId'> & {
  revision?: string;
};
