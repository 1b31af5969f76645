import type { ConversionSpec } from '../core/convert.ts';
import { declaredCalls, defined } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type {
  ShippoConfiguration,
  ShippoConfigurationInput,
  ShippoConfigurationUpdate,
} from './shippo-configuration-types.ts';

export const SHIPPO_CONFIGURATIONS_PATH = '/ecom/v1/shippo-configurations';

/** The carrier id of shipping options priced by a label configuration (what a shopper selects). */
export const LABEL_CARRIER_ID = 'b1c0d3e5-5a7e-4c61-9a2f-7ab1e0c4d6f2';

export const SHIPPO_CONFIGURATION_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate'],
  addresses: ['shipFromAddress'],
};

/**
 * Shipping-label provider configurations (the wire calls them "shippo configurations"): the label services the
 * store ships with, per delivery region; at checkout they are shipping options priced by the carrier (admin).
 * `queryShippoConfigurations` is cursor-paged (GET* `/query`, POST fallback).
 */
export const shippoConfigurations = (http: Http) => {
  const conversion = SHIPPO_CONFIGURATION_CONVERSION;
  const { calls, named } = declaredCalls<
    ShippoConfiguration,
    ShippoConfigurationInput,
    ShippoConfigurationUpdate
  >()(http, ['ShippoConfiguration', 'ShippoConfigurations'], {
    path: SHIPPO_CONFIGURATIONS_PATH,
    queryMethod: 'GET',
    paging: 'cursor',
    conversion,
    input: conversion,
  });
  const region =
    (method: 'POST' | 'DELETE', tail: string) =>
    (
      shippoConfigurationId: string,
      deliveryRegionId: string,
      options: { revision?: string } = {},
    ): Promise<ShippoConfiguration> =>
      http
        .request<{ shippoConfiguration?: unknown }>({
          method,
          path: `${SHIPPO_CONFIGURATIONS_PATH}/{shippoConfigurationId}/delivery-regions${tail}`,
          data: defined({ shippoConfigurationId, deliveryRegionId, revision: options.revision }),
        })
        .then((response) => calls.fromWire(response.shippoConfiguration));
  return {
    ...named,
    /** `POST …/{id}/delivery-regions`: ships to one more region (send the revision read). */
    addDeliveryRegion: region('POST', ''),
    /** `DELETE …/{id}/delivery-regions/{deliveryRegionId}`. */
    removeDeliveryRegion: region('DELETE', '/{deliveryRegionId}'),
  };
};

export type ShippoConfigurationsModule = ReturnType<typeof shippoConfigurations>;
