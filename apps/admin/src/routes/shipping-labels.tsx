import type {
  DeliveryRegion,
  DomesticLabelService,
  InternationalLabelService,
  LabelPackageType,
  LabelServiceSettings,
  ShippoConfiguration,
  ShippoConfigurationInput,
} from '@aisle/sdk';
import { useEffect, useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { addressLines } from '../../../storefront/src/lib/address.ts';
import type { EntitySpec } from '../components/entity-kit.tsx';
import { CheckBox } from '../components/form.ts';
import { adminError, type ShownError } from '../lib/errors.ts';
import { type FieldSpec, type FieldValues, optionsOf, selectField } from '../lib/fields.ts';
import { PAGE_SIZE, pageOf } from '../lib/list.ts';
import { requireClient } from '../sdk.ts';
import { AddressLines } from '../../../storefront/src/components/address-lines.tsx';
import { linkColumn } from '../components/spec-columns.tsx';
import { TaskOutcome } from '../components/outcome.tsx';

// Shipping-label configurations: which label services the store ships with, in which delivery regions. At
// checkout each chosen service is a delivery option priced by the built-in rate table (docs/DECISIONS.md).

const DOMESTIC: ReadonlyArray<[DomesticLabelService, string]> = [
  ['GROUND_ADVANTAGE', 'Ground Advantage'],
  ['PRIORITY_MAIL', 'Priority Mail'],
  ['PRIORITY_MAIL_EXPRESS', 'Priority Mail Express'],
];
const INTERNATIONAL: ReadonlyArray<[InternationalLabelService, string]> = [
  ['FIRST_CLASS_PACKAGE_INTERNATIONAL', 'First-Class Package International'],
  ['PRIORITY_MAIL_INTERNATIONAL', 'Priority Mail International'],
  ['PRIORITY_MAIL_EXPRESS_INTERNATIONAL', 'Priority Mail Express International'],
];
const PACKAGES: Record<LabelPackageType, string> = {
  CUSTOM: 'Your own box (priced by weight)',
  FLAT_RATE_ENVELOPE: 'Flat-rate envelope',
  PADDED_FLAT_RATE_ENVELOPE: 'Padded flat-rate envelope',
  SMALL_FLAT_RATE_BOX: 'Small flat-rate box',
  MEDIUM_FLAT_RATE_BOX_1: 'Medium flat-rate box (top loading)',
  MEDIUM_FLAT_RATE_BOX_2: 'Medium flat-rate box (side loading)',
  LARGE_FLAT_RATE_BOX: 'Large flat-rate box',
};

/** A box per service: `Priority Mail (domestic)`. */
const serviceToggles = (services: ReadonlyArray<[string, string]>, where: string) =>
  services.map(
    ([service, label]): FieldSpec => ({ name: service, label: `${label} (${where})`, kind: 'toggle' }),
  );

const FIELDS: FieldSpec[] = [
  ...serviceToggles(DOMESTIC, 'domestic'),
  ...serviceToggles(INTERNATIONAL, 'abroad'),
  {
    name: 'estimatedDeliveryTime',
    label: 'Estimated delivery time',
    kind: 'text',
    maxLength: 200,
    hint: 'Shown with each service at checkout, e.g. “2–5 business days”.',
  },
  {
    name: 'handlingFeeType',
    label: 'Handling fee',
    kind: 'select',
    options: optionsOf({
      '': 'None',
      FIXED: 'A fixed amount per order',
      PERCENTAGE: 'A percentage of the carrier rate',
    }),
  },
  { name: 'handlingFee', label: 'Handling fee amount or percentage', kind: 'money' },
  {
    name: 'freeDeliveryMinimumAmount',
    label: 'Free delivery from',
    kind: 'money',
    hint: 'Orders of at least this much ship free (rate and handling fee). Empty: never free.',
  },
  selectField('packageType', 'Package', PACKAGES),
  { name: 'packageName', label: 'Package name', kind: 'text', maxLength: 200 },
  {
    name: 'maxNumberOfProducts',
    label: 'Items per package',
    kind: 'integer',
    min: 1,
    max: 10000,
    hint: 'Flat-rate boxes: one box per this many items. Empty: everything fits in one.',
  },
  {
    name: 'backupRate',
    label: 'Backup rate',
    kind: 'money',
    hint: 'Charged for a service when the rate table has no price (e.g. too heavy). Empty: the service is not offered then.',
  },
  {
    name: 'backupWeight',
    label: 'Backup weight per item',
    kind: 'number',
    min: 0,
    max: 100000,
    hint: 'Counted for products without a weight (store weight unit). Empty: they weigh nothing.',
  },
];

const text = (v: FieldValues[string] | undefined) =>
  v === null || v === undefined || v === '' ? undefined : String(v);

function settingsOf(values: FieldValues): LabelServiceSettings {
  const fee = text(values.handlingFee);
  const type = values.handlingFeeType;
  return {
    ...(text(values.estimatedDeliveryTime)
      ? { estimatedDeliveryTime: String(values.estimatedDeliveryTime) }
      : {}),
    ...(fee && (type === 'FIXED' || type === 'PERCENTAGE')
      ? { handlingFee: { value: fee, calculationType: type } }
      : {}),
    ...(text(values.freeDeliveryMinimumAmount)
      ? { freeDeliveryMinimumAmount: String(values.freeDeliveryMinimumAmount) }
      : {}),
  };
}

/** The form's values as a configuration: every chosen service gets the same settings. */
function configurationOf(
  values: FieldValues,
): Omit<ShippoConfigurationInput, 'deliveryRegionId' | 'deliveryRegionIds'> {
  const serviceSettings = settingsOf(values);
  const chosen = <S extends string>(list: ReadonlyArray<[S, string]>) =>
    list.filter(([service]) => values[service] === true).map(([service]) => ({ service, serviceSettings }));
  return {
    domesticServices: chosen(DOMESTIC),
    internationalServices: chosen(INTERNATIONAL),
    packageType: (values.packageType as LabelPackageType | null) ?? 'CUSTOM',
    packageDetails: {
      ...(text(values.packageName) ? { name: String(values.packageName) } : {}),
      ...(typeof values.maxNumberOfProducts === 'number'
        ? { maxNumberOfProducts: values.maxNumberOfProducts }
        : {}),
    },
    backupRate: text(values.backupRate)
      ? { active: true, value: String(values.backupRate) }
      : { active: false },
    backupWeight:
      typeof values.backupWeight === 'number'
        ? { active: true, value: values.backupWeight }
        : { active: false },
  };
}

/** Service ids are the options' codes at checkout: keep them for the services that stay. */
function keepIds(row: ShippoConfiguration, input: ReturnType<typeof configurationOf>) {
  const idOf = (service: string) =>
    [...row.domesticServices, ...row.internationalServices].find((s) => s.service === service)?.id;
  const withIds = <T extends { service: string }>(list: T[] | undefined) =>
    (list ?? []).map((s) => ({ ...s, ...(idOf(s.service) ? { id: idOf(s.service) } : {}) }));
  return {
    ...input,
    domesticServices: withIds(input.domesticServices),
    internationalServices: withIds(input.internationalServices),
  };
}

const servicesText = (row: ShippoConfiguration) =>
  [...row.domesticServices, ...row.internationalServices]
    .map((s) => [...DOMESTIC, ...INTERNATIONAL].find(([v]) => v === s.service)?.[1] ?? s.service)
    .join(', ') || 'None';

const configName = (row: ShippoConfiguration) => `Shipping labels ${row.id.slice(0, 8)}`;

export const shippingLabelSpec: EntitySpec<ShippoConfiguration> = {
  path: 'shipping-labels',
  title: 'Shipping labels',
  noun: ['shipping-label configuration', 'shipping-label configurations'],
  columns: [
    linkColumn('Configuration', 'shipping-labels', configName, { wrap: false }),
    { label: 'Services', className: 'wrap', cell: servicesText },
    { label: 'Regions', className: 'num', cell: (row) => String(row.deliveryRegionIds.length) },
  ],
  fields: FIELDS,
  defaults: { GROUND_ADVANTAGE: true, PRIORITY_MAIL: true, packageType: 'CUSTOM' },
  list: (client, params) =>
    pageOf(
      client.shippoConfigurations.queryShippoConfigurations().descending('createdDate').limit(PAGE_SIZE),
      params,
    ),
  get: (client, id) => client.shippoConfigurations.getShippoConfiguration(id),
  id: (row) => row.id,
  name: configName,
  values: (row) => {
    const first = [...row.domesticServices, ...row.internationalServices][0]?.serviceSettings ?? {};
    const chosen = new Set([...row.domesticServices, ...row.internationalServices].map((s) => s.service));
    return {
      ...Object.fromEntries([...DOMESTIC, ...INTERNATIONAL].map(([s]) => [s, chosen.has(s)])),
      estimatedDeliveryTime: first.estimatedDeliveryTime ?? '',
      handlingFeeType: first.handlingFee?.calculationType ?? '',
      handlingFee: first.handlingFee?.value ?? '',
      freeDeliveryMinimumAmount: first.freeDeliveryMinimumAmount ?? '',
      packageType: row.packageType,
      packageName: row.packageDetails?.name ?? '',
      maxNumberOfProducts: row.packageDetails?.maxNumberOfProducts ?? '',
      backupRate: row.backupRate?.active ? (row.backupRate.value ?? '') : '',
      backupWeight: row.backupWeight?.active ? (row.backupWeight.value ?? '') : '',
    };
  },
  create: (client, values) => client.shippoConfigurations.createShippoConfiguration(configurationOf(values)),
  update: (client, row, values) =>
    client.shippoConfigurations.updateShippoConfiguration(row.id, {
      ...keepIds(row, configurationOf(values)),
      revision: row.revision,
    }),
  remove: (client, id) => client.shippoConfigurations.deleteShippoConfiguration(id),
  deleteNote: 'Its services stop being offered at checkout.',
  fieldOf: (path) => {
    if (path.includes('handlingFee')) return 'handlingFee';
    if (path.includes('freeDeliveryMinimumAmount')) return 'freeDeliveryMinimumAmount';
    if (path.includes('backupRate')) return 'backupRate';
    if (path.includes('backupWeight')) return 'backupWeight';
    if (path.includes('maxNumberOfProducts')) return 'maxNumberOfProducts';
    return path.split('.').pop() ?? path;
  },
  extra: (row) => (
    <>
      <Regions configuration={row} />
      <ShipFrom configuration={row} />
    </>
  ),
};

/** The store's delivery regions, each switched on or off for this configuration at once. */
function Regions({ configuration }: { configuration: ShippoConfiguration }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [regions, setRegions] = useState<DeliveryRegion[] | undefined>();
  const [error, setError] = useState<ShownError | undefined>();
  const [done, setDone] = useState<string | undefined>();
  useEffect(() => {
    requireClient()
      .deliveryRegions.queryDeliveryRegions()
      .limit(100)
      .find()
      .then((page) => setRegions(page.items))
      .catch((e: unknown) => setError(adminError(e)));
  }, []);
  const on = new Set(configuration.deliveryRegionIds);

  async function toggle(region: DeliveryRegion, ship: boolean) {
    setError(undefined);
    setDone(undefined);
    const sdk = requireClient().shippoConfigurations;
    const options = { revision: configuration.revision };
    try {
      if (ship) await sdk.addDeliveryRegion(configuration.id, region.id, options);
      else await sdk.removeDeliveryRegion(configuration.id, region.id, options);
      setDone(ship ? `Now shipping to ${region.name}.` : `No longer shipping to ${region.name}.`);
      revalidator.revalidate();
    } catch (e) {
      setError(adminError(e));
    }
  }

  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delivery regions</h2>
      <TaskOutcome done={done} error={error} />
      {regions === undefined ? (
        <p className="muted">Loading…</p>
      ) : regions.length === 0 ? (
        <p className="muted">
          The store has no delivery regions yet: add them in the API (delivery regions).
        </p>
      ) : (
        <ul className="pick-list" aria-label="Delivery regions">
          {regions.map((r) => (
            <li key={r.id}>
              <CheckBox
                checked={on.has(r.id)}
                disabled={revalidator.state !== 'idle'}
                onChange={(e) => void toggle(r, e.target.checked)}
              >
                {r.name}
              </CheckBox>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ShipFrom({ configuration }: { configuration: ShippoConfiguration }) {
  const lines = addressLines(configuration.shipFromAddress);
  return (
    <section className="stack" aria-labelledby="ship-from-title">
      <h2 id="ship-from-title">Ships from</h2>
      {lines.length ? (
        <address>
          <AddressLines lines={lines} />
        </address>
      ) : (
        <p className="muted">No business address yet: domestic and international rates need one.</p>
      )}
      <p className="small">
        The business address in <Link to="/settings">Settings</Link>; change it there.
      </p>
    </section>
  );
}
