import { DATED, type DeclaredSpec, declaredCalls } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type { DeliveryRegion, DeliveryRegionInput, DeliveryRegionUpdate } from './settings-types.ts';

export const DELIVERY_REGIONS_PATH = '/ecom/v1/delivery-regions';

const SPEC: DeclaredSpec = { path: DELIVERY_REGIONS_PATH, queryMethod: 'GET', conversion: DATED };

/**
 * Delivery regions: the countries and subdivisions a shipping option serves (admin). Deleting a region also
 * takes it out of every shipping option; `queryDeliveryRegions` is offset-paged (GET* `/query`, POST fallback).
 */
export const deliveryRegions = (http: Http) =>
  declaredCalls<DeliveryRegion, DeliveryRegionInput, DeliveryRegionUpdate>()(
    http,
    ['DeliveryRegion', 'DeliveryRegions'],
    SPEC,
  ).named;

export type DeliveryRegionsModule = ReturnType<typeof deliveryRegions>;
