import { sql } from 'drizzle-orm';
import { index, jsonb, text, uuid } from 'drizzle-orm/pg-core';
import type {
  BackupRate,
  BackupWeight,
  DomesticService,
  InternationalService,
  PackageDetails,
  PackageType,
  StoredService,
} from './model.ts';
import { entityTable, jsonList } from '../../platform/columns.ts';

/**
 * Shipping-label provider configurations: which label services the store ships with, in which delivery
 * regions, in what packaging. Their services become shipping options at checkout, priced by the carrier.
 */
export const shippoConfigurations = entityTable(
  'shippo_configurations',
  {
    deliveryRegionIds: uuid('delivery_region_ids').array().notNull().default(sql`'{}'::uuid[]`),
    domesticServices: jsonList<StoredService<DomesticService>>('domestic_services'),
    internationalServices: jsonList<StoredService<InternationalService>>('international_services'),
    packageType: text('package_type').$type<PackageType>().notNull().default('CUSTOM'),
    packageDetails: jsonb('package_details').$type<PackageDetails>(),
    osLocationId: text('os_location_id'),
    backupRate: jsonb('backup_rate').$type<BackupRate>(),
    backupWeight: jsonb('backup_weight').$type<BackupWeight>(),
  },
  (t) => [index('shippo_configurations_regions_idx').using('gin', t.deliveryRegionIds)],
);
