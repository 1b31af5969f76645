import { randomUUID } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import {
  defineEntity,
  entityService,
  failIf,
  revisionAndDates,
  violation,
  presentFields,
} from '../../platform/entity-kit/index.ts';
import { type FieldViolation, notFound } from '../../platform/errors.ts';
import { compareDecimals } from '../../platform/money.ts';
import { addDeliveryRegionTo } from '../settings/delivery-regions.ts';
import type { StoredAddress } from '../settings/model.ts';
import { readStoreSettings } from '../settings/store.ts';
import { deliveryRegions } from '../settings/tables.ts';
import type { LabelService, ServiceSettings, StoredService } from './model.ts';
import { ShippoConfigurationCreate, ShippoConfigurationPatch } from './schemas.ts';
import { shippoConfigurations } from './tables.ts';

/**
 * Shipping-label provider configurations (wire/merchant-settings.md "Shipping-label provider config"), on the
 * entity kit. The ship-from address is read-only: the store's business address (store settings), shown beside
 * the row. At checkout the configured services are shipping options in the configured regions, priced by the
 * label carrier (flows/cart/label-options.ts).
 */

export type ShippoConfigurationRow = typeof shippoConfigurations.$inferSelect;

const KEY = 'shippoConfiguration';

export function shippoConfigurationToWire(
  row: ShippoConfigurationRow,
  shipFrom: StoredAddress | null | undefined,
) {
  return {
    id: row.id,
    ...(row.deliveryRegionIds[0] ? { deliveryRegionId: row.deliveryRegionIds[0] } : {}),
    deliveryRegionIds: row.deliveryRegionIds,
    domesticServices: row.domesticServices,
    internationalServices: row.internationalServices,
    packageType: row.packageType,
    ...presentFields(row, ['packageDetails', 'osLocationId']),
    ...(shipFrom ? { shipFromAddress: shipFrom } : {}),
    ...presentFields(row, ['backupRate', 'backupWeight']),
    ...revisionAndDates(row),
  };
}

export type WireShippoConfiguration = ReturnType<typeof shippoConfigurationToWire>;

type ServiceInput = {
  id?: string | undefined;
  service: LabelService;
  serviceSettings?: ServiceSettings | undefined;
};

/** Services with their ids (kept when given, new otherwise); a service or id named twice is a violation. */
function servicesOf<S extends LabelService>(
  list: Array<ServiceInput & { service: S }> | undefined,
  field: string,
  violations: FieldViolation[],
): StoredService<S>[] {
  const seen = new Set<string>();
  return (list ?? []).map((entry, i) => {
    const at = `${KEY}.${field}[${i}]`;
    if (seen.has(entry.service)) violations.push(violation(`${at}.service`, 'is named twice'));
    if (entry.id && seen.has(entry.id)) violations.push(violation(`${at}.id`, 'is named twice'));
    seen.add(entry.service);
    if (entry.id) seen.add(entry.id);
    const settings = entry.serviceSettings ?? {};
    const fee = settings.handlingFee;
    if (fee?.calculationType === 'PERCENTAGE' && compareDecimals(fee.value, '100') > 0)
      violations.push(
        violation(`${at}.serviceSettings.handlingFee.value`, 'must be at most 100 (percent)', 'MAX'),
      );
    return {
      id: entry.id ?? randomUUID(),
      service: entry.service,
      serviceSettings: {
        ...(settings.estimatedDeliveryTime ? { estimatedDeliveryTime: settings.estimatedDeliveryTime } : {}),
        ...(fee ? { handlingFee: { value: fee.value, calculationType: fee.calculationType } } : {}),
        ...(settings.freeDeliveryMinimumAmount !== undefined
          ? { freeDeliveryMinimumAmount: settings.freeDeliveryMinimumAmount }
          : {}),
      },
    };
  });
}

function checkBackups(
  input: Pick<ShippoConfigurationPatch, 'backupRate' | 'backupWeight'>,
  violations: FieldViolation[],
): void {
  if (input.backupRate?.active && input.backupRate.value === undefined)
    violations.push(
      violation(`${KEY}.backupRate.value`, 'is required when the backup rate is active', 'REQUIRED_FIELD'),
    );
  if (input.backupWeight?.active && input.backupWeight.value === undefined)
    violations.push(
      violation(
        `${KEY}.backupWeight.value`,
        'is required when the backup weight is active',
        'REQUIRED_FIELD',
      ),
    );
}

/** Every region must exist (read in the write's transaction). */
async function checkRegions(db: Db, ids: string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const found = await db
    .select({ id: deliveryRegions.id })
    .from(deliveryRegions)
    .where(inArray(deliveryRegions.id, ids));
  const known = new Set(found.map((r) => r.id));
  failIf(
    ids.flatMap((id, i) =>
      known.has(id) ? [] : [violation(`${KEY}.deliveryRegionIds[${i}]`, 'is not a delivery region')],
    ),
  );
}

const regionIdsOf = (input: {
  deliveryRegionId?: string | undefined;
  deliveryRegionIds?: string[] | undefined;
}) => [
  ...new Set([
    ...(input.deliveryRegionId ? [input.deliveryRegionId] : []),
    ...(input.deliveryRegionIds ?? []),
  ]),
];

export const shippoConfiguration = defineEntity({
  label: 'shipping-label configuration',
  key: KEY,
  plural: 'shippoConfigurations',
  event: 'shippo_configuration',
  table: shippoConfigurations,
  path: '/ecom/v1/shippo-configurations',
  tags: ['shipping'],
  summaries: {
    create: 'Create a shipping-label provider configuration',
    query: 'Query shipping-label provider configurations (cursor paging)',
    get: 'Get a shipping-label provider configuration',
    update: 'Update a shipping-label provider configuration',
    delete: 'Delete a shipping-label provider configuration',
  },
  schemas: { create: ShippoConfigurationCreate, patch: ShippoConfigurationPatch },
  writable: [
    'deliveryRegionIds',
    'domesticServices',
    'internationalServices',
    'packageType',
    'packageDetails',
    'osLocationId',
    'backupRate',
    'backupWeight',
  ] as const,
  query: {
    fields: {
      deliveryRegionIds: { sql: shippoConfigurations.deliveryRegionIds, type: 'uuid[]' },
      packageType: { sql: shippoConfigurations.packageType, type: 'string', sortable: true },
    },
    get: true,
  },
  toWire: shippoConfigurationToWire,
  wireContext: async (db: Db) => (await readStoreSettings(db)).businessAddress,
  notFound: (id) =>
    notFound('SHIPPO_CONFIGURATION_NOT_FOUND', `Shipping-label configuration ${id} was not found`, { id }),
  checkCreate(input: ShippoConfigurationCreate) {
    const violations: FieldViolation[] = [];
    const domestic = servicesOf(input.domesticServices, 'domesticServices', violations);
    const international = servicesOf(input.internationalServices, 'internationalServices', violations);
    checkBackups(input, violations);
    failIf(violations);
    return { regionIds: regionIdsOf(input), domestic, international };
  },
  async insert(input, { tx, checked }) {
    await checkRegions(tx, checked.regionIds);
    return {
      deliveryRegionIds: checked.regionIds,
      domesticServices: checked.domestic,
      internationalServices: checked.international,
      packageType: input.packageType ?? 'CUSTOM',
      packageDetails: input.packageDetails ?? null,
      osLocationId: input.osLocationId ?? null,
      backupRate: input.backupRate ?? null,
      backupWeight: input.backupWeight ?? null,
    };
  },
  checkUpdate(patch: ShippoConfigurationPatch, fields) {
    const has = (f: (typeof fields)[number]) => fields.includes(f);
    const violations: FieldViolation[] = [];
    const domestic = has('domesticServices')
      ? servicesOf(patch.domesticServices, 'domesticServices', violations)
      : undefined;
    const international = has('internationalServices')
      ? servicesOf(patch.internationalServices, 'internationalServices', violations)
      : undefined;
    checkBackups(
      {
        ...(has('backupRate') ? { backupRate: patch.backupRate } : {}),
        ...(has('backupWeight') ? { backupWeight: patch.backupWeight } : {}),
      },
      violations,
    );
    failIf(violations);
    return {
      regionIds: has('deliveryRegionIds')
        ? regionIdsOf({ deliveryRegionIds: patch.deliveryRegionIds })
        : undefined,
      domestic,
      international,
    };
  },
  async update(patch, fields, _current, { tx, checked }) {
    const has = (f: (typeof fields)[number]) => fields.includes(f);
    await checkRegions(tx, checked.regionIds);
    return {
      ...(checked.regionIds ? { deliveryRegionIds: checked.regionIds } : {}),
      ...(checked.domestic ? { domesticServices: checked.domestic } : {}),
      ...(checked.international ? { internationalServices: checked.international } : {}),
      ...(has('packageType') ? { packageType: patch.packageType ?? 'CUSTOM' } : {}),
      ...(has('packageDetails') ? { packageDetails: patch.packageDetails ?? null } : {}),
      ...(has('osLocationId') ? { osLocationId: patch.osLocationId ?? null } : {}),
      ...(has('backupRate') ? { backupRate: patch.backupRate ?? null } : {}),
      ...(has('backupWeight') ? { backupWeight: patch.backupWeight ?? null } : {}),
    };
  },
});

export const shippoConfigurationService = entityService(shippoConfiguration);

/** `POST <p>/{id}/delivery-regions`: ships in one more region (a region already there changes nothing but the revision). */
export const addConfigurationRegion = addDeliveryRegionTo(shippoConfigurationService);

/** `DELETE <p>/{id}/delivery-regions/{regionId}`: a region the configuration does not ship to is a 404. */
export function removeConfigurationRegion(
  ctx: AppContext,
  id: string,
  regionId: string,
  revision: string | number | undefined,
) {
  return shippoConfigurationService.change(ctx, id, revision, (current) => {
    if (!current.deliveryRegionIds.includes(regionId))
      throw notFound(
        'DELIVERY_REGION_NOT_IN_CONFIGURATION',
        `The configuration does not ship to delivery region ${regionId}`,
        { id, deliveryRegionId: regionId },
      );
    return { deliveryRegionIds: current.deliveryRegionIds.filter((r) => r !== regionId) };
  });
}

/** Every configuration, oldest first (the pricing snapshot's order). */
export async function listShippoConfigurations(db: Db): Promise<ShippoConfigurationRow[]> {
  return db
    .select()
    .from(shippoConfigurations)
    .orderBy(asc(shippoConfigurations.createdDate), asc(shippoConfigurations.id));
}
