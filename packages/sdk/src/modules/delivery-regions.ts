import { entityCalls, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type {
  DeliveryRegion,
  DeliveryRegionInput,
  DeliveryRegionUpdate,
  UpdateOptions,
} from './settings-types.ts';

export const DELIVERY_REGIONS_PATH = '/ecom/v1/delivery-regions';

const CONVERSION = { dates: ['createdDate', 'updatedDate'] };

/** Delivery regions: the countries and subdivisions a shipping option serves (admin). */
export const deliveryRegions = (http: Http) => {
  const calls = entityCalls<DeliveryRegion, DeliveryRegionInput, DeliveryRegionUpdate>(http, {
    path: DELIVERY_REGIONS_PATH,
    key: 'deliveryRegion',
    conversion: CONVERSION,
  });
  return {
    createDeliveryRegion: (deliveryRegion: DeliveryRegionInput): Promise<DeliveryRegion> =>
      calls.create(deliveryRegion),
    getDeliveryRegion: (deliveryRegionId: string): Promise<DeliveryRegion> => calls.get(deliveryRegionId),
    updateDeliveryRegion: (
      deliveryRegionId: string,
      deliveryRegion: DeliveryRegionUpdate,
      options: UpdateOptions = {},
    ): Promise<DeliveryRegion> =>
      calls.update(deliveryRegionId, deliveryRegion, { fieldMask: joinFieldMask(options.fieldMask) }),
    /** Also takes the region out of every shipping option. */
    deleteDeliveryRegion: (deliveryRegionId: string): Promise<void> => calls.remove(deliveryRegionId),
    /** Offset-paged; `.find()` sends GET* `/query` (POST fallback, same path). */
    queryDeliveryRegions: (): QueryBuilder<DeliveryRegion> =>
      new QueryBuilder<DeliveryRegion>(
        createFinder<DeliveryRegion>(http, {
          path: `${DELIVERY_REGIONS_PATH}/query`,
          itemsKey: 'deliveryRegions',
          metadataKey: 'pagingMetadata',
          item: calls.fromWire,
        }),
        'offset',
      ),
  };
};

export type DeliveryRegionsModule = ReturnType<typeof deliveryRegions>;
