import type {
  ConditionOperator,
  DeliveryRegion,
  RateConditionType,
  ShippingCharge,
  ShippingOption,
  ShippingOptionInput,
  ShippingRate,
} from '@aisle/sdk';
import type { EntitySpec } from '../components/entity-kit.tsx';
import { linkColumn, updatedColumn } from '../components/spec-columns.tsx';
import {
  type FieldSpec,
  type FieldValues,
  type FormValues,
  nameField,
  optionsOf,
  selectField,
} from '../lib/fields.ts';
import { NAME_SEARCH, PAGE_SIZE, pageOf } from '../lib/list.ts';
import { destinationRows, destinationsOf, destinationsText } from '../lib/places.ts';
import { localDateTime, revisionOf, rowsOf, text } from '../lib/values.ts';

// Shipping: delivery regions (countries and states) and the shipping options offered in them, with their
// rates (conditions by weight, price or quantity), charges, pickup and delivery slot — specs of the entity kit.

export const deliveryRegionSpec: EntitySpec<DeliveryRegion> = {
  path: 'settings/delivery-regions',
  title: 'Delivery regions',
  columns: [
    linkColumn('Name', 'settings/delivery-regions', (row) => row.name),
    { label: 'Destinations', className: 'wrap', cell: (row) => destinationsText(row.destinations) },
    updatedColumn(),
  ],
  filters: NAME_SEARCH,
  fields: [
    nameField(200, 'For you, such as “Mainland US”.'),
    {
      name: 'destinations',
      label: 'Destinations',
      kind: 'rows',
      item: 'Destination',
      required: true,
      hint: 'A whole country, or one of its states or provinces per row.',
      fields: [{ name: 'place', label: 'Country', kind: 'place', required: true }],
    },
  ],
  defaults: { destinations: [{ place: 'US' }] },
  list: (client, params) =>
    pageOf(
      client.deliveryRegions.queryDeliveryRegions().cursorPaged().descending('createdDate').limit(PAGE_SIZE),
      params,
    ),
  get: (client, id) => client.deliveryRegions.getDeliveryRegion(id),
  id: (row) => row.id,
  name: (row) => row.name ?? 'Delivery region',
  values: (row) => ({ name: row.name, destinations: destinationRows(row.destinations) }),
  create: (client, v) =>
    client.deliveryRegions.createDeliveryRegion({ name: text(v.name), destinations: regionDestinations(v) }),
  update: (client, row, v) =>
    client.deliveryRegions.updateDeliveryRegion(row.id, {
      name: text(v.name),
      destinations: regionDestinations(v),
      ...revisionOf(row),
    }),
  remove: (client, id) => client.deliveryRegions.deleteDeliveryRegion(id),
  fieldOf: (path) => (path.includes('destinations') ? 'destinations' : path.endsWith('name') ? 'name' : ''),
  deleteNote: 'Shipping options stop being offered there.',
};

const regionDestinations = (v: FieldValues) =>
  destinationsOf(rowsOf(v.destinations).map((r) => text(r.place)));

// ---- Shipping options

const CONDITION_TYPES: Record<RateConditionType, string> = {
  BY_TOTAL_WEIGHT: 'Total weight',
  BY_TOTAL_PRICE: 'Total price',
  BY_TOTAL_QUANTITY: 'Number of items',
};

const OPERATORS: Record<ConditionOperator, string> = {
  EQ: 'is exactly',
  GT: 'is more than',
  GTE: 'is at least',
  LT: 'is less than',
  LTE: 'is at most',
};

const SIGNS: Record<ConditionOperator, string> = { EQ: '=', GT: '>', GTE: '≥', LT: '<', LTE: '≤' };
const WHAT: Record<RateConditionType, string> = {
  BY_TOTAL_WEIGHT: 'weight',
  BY_TOTAL_PRICE: 'price',
  BY_TOTAL_QUANTITY: 'items',
};

/** `5.00 when weight ≤ 2; 9.00 (per item)`. */
export function ratesText(rates: readonly ShippingRate[] = []): string {
  return rates
    .map((rate) => {
      const when = (rate.conditions ?? []).map((c) => `${WHAT[c.type]} ${SIGNS[c.operator]} ${c.value}`);
      return `${rate.amount}${when.length ? ` when ${when.join(' and ')}` : ''}${rate.multiplyByQuantity ? ' (per item)' : ''}`;
    })
    .join('; ');
}

const PICKUP_METHODS = optionsOf({ STORE_PICKUP: 'Pickup at the store', PICKUP_POINT: 'Pickup point' });

const OPTION_FIELDS: readonly FieldSpec[] = [
  {
    name: 'title',
    label: 'Title',
    kind: 'text',
    required: true,
    maxLength: 200,
    hint: 'Shoppers see it, such as “Standard”.',
  },
  {
    name: 'regions',
    label: 'Delivery regions',
    kind: 'rows',
    item: 'Region',
    hint: 'Where the option is offered.',
    fields: [{ name: 'deliveryRegionId', label: 'Region', kind: 'select', required: true }],
  },
  {
    name: 'rates',
    label: 'Rates',
    kind: 'rows',
    item: 'Rate',
    required: true,
    hint: 'The first rate whose conditions all hold is charged; a rate without conditions always holds.',
    fields: [
      { name: 'amount', label: 'Price', kind: 'money', required: true },
      { name: 'multiplyByQuantity', label: 'Multiply by quantity', kind: 'toggle' },
      {
        name: 'conditions',
        label: 'Conditions',
        kind: 'rows',
        item: 'Condition',
        fields: [
          selectField('type', 'When', CONDITION_TYPES),
          selectField('operator', 'Comparison', OPERATORS),
          {
            name: 'value',
            label: 'Value',
            kind: 'number',
            required: true,
            min: 0,
            hint: 'Weight in the store’s unit.',
          },
        ],
      },
    ],
  },
  {
    name: 'otherCharges',
    label: 'Other charges',
    kind: 'rows',
    item: 'Charge',
    hint: 'Added to the rate: a handling fee, insurance.',
    fields: [
      selectField('type', 'Kind', { HANDLING_FEE: 'Handling fee', INSURANCE: 'Insurance' }),
      { name: 'price', label: 'Amount', kind: 'money', required: true },
      { name: 'details', label: 'Details', kind: 'text', maxLength: 200 },
    ],
  },
  {
    name: 'estimatedDeliveryTime',
    label: 'Delivery time',
    kind: 'text',
    maxLength: 200,
    hint: 'Such as “3–5 business days”.',
  },
  { name: 'instructions', label: 'Instructions', kind: 'textarea', maxLength: 1000 },
  {
    name: 'slot',
    label: 'Delivery time slot',
    kind: 'group',
    hint: 'Optional: delivery between two times (your browser’s time zone).',
    fields: [
      { name: 'slotFrom', label: 'From', kind: 'datetime' },
      { name: 'slotTo', label: 'To', kind: 'datetime' },
    ],
  },
  {
    name: 'pickup',
    label: 'Pickup',
    kind: 'group',
    hint: 'For an option shoppers collect themselves; leave the kind empty for delivery.',
    fields: [
      { name: 'pickupMethod', label: 'Kind of pickup', kind: 'select', options: PICKUP_METHODS },
      { name: 'pickupLocation', label: 'Location name', kind: 'text', maxLength: 200 },
      { name: 'pickupStreet', label: 'Pickup street', kind: 'text', maxLength: 200 },
      { name: 'pickupCity', label: 'Pickup city', kind: 'text', maxLength: 100 },
      { name: 'pickupRegion', label: 'Pickup country', kind: 'place', wholeCountry: 'Choose…' },
      { name: 'pickupPostalCode', label: 'Pickup postal code', kind: 'text', maxLength: 20 },
    ],
  },
  {
    name: 'taxGroupId',
    label: 'Tax group',
    kind: 'select',
    hint: 'How the shipping price is taxed; none: the store’s.',
  },
];

function optionInput(v: FieldValues): ShippingOptionInput {
  const rates: ShippingRate[] = rowsOf(v.rates).map((r) => ({
    amount: text(r.amount),
    multiplyByQuantity: r.multiplyByQuantity === true,
    conditions: rowsOf(r.conditions).map((c) => ({
      type: text(c.type) as RateConditionType,
      operator: text(c.operator) as ConditionOperator,
      value: String(c.value),
    })),
  }));
  const otherCharges: ShippingCharge[] = rowsOf(v.otherCharges).map((c) => ({
    type: text(c.type) === 'INSURANCE' ? 'INSURANCE' : 'HANDLING_FEE',
    price: text(c.price),
    ...(text(c.details) ? { details: text(c.details) } : {}),
  }));
  const region = text(v.pickupRegion);
  const method = text(v.pickupMethod);
  return {
    title: text(v.title),
    deliveryRegionIds: [...new Set(rowsOf(v.regions).map((r) => text(r.deliveryRegionId)))],
    rates,
    otherCharges,
    estimatedDeliveryTime: text(v.estimatedDeliveryTime) || null,
    instructions: text(v.instructions) || null,
    deliveryTimeSlot:
      v.slotFrom && v.slotTo
        ? { from: localDateTime(text(v.slotFrom)), to: localDateTime(text(v.slotTo)) }
        : null,
    pickup: method
      ? {
          pickupMethod: method === 'PICKUP_POINT' ? 'PICKUP_POINT' : 'STORE_PICKUP',
          ...(text(v.pickupLocation) ? { businessLocation: text(v.pickupLocation) } : {}),
          address: {
            country: region.split('-')[0] ?? region,
            ...(region.includes('-') ? { subdivision: region } : {}),
            ...(text(v.pickupStreet) ? { addressLine1: text(v.pickupStreet) } : {}),
            ...(text(v.pickupCity) ? { city: text(v.pickupCity) } : {}),
            ...(text(v.pickupPostalCode) ? { postalCode: text(v.pickupPostalCode) } : {}),
          },
        }
      : null,
    taxGroupId: text(v.taxGroupId) || null,
  };
}

/** A `Date` as the `datetime-local` input shows it, in the browser's time zone. */
function inputDateTime(date: Date | undefined): string {
  if (!date) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function optionValues(row: ShippingOption): FormValues {
  const a = row.pickup?.address;
  return {
    title: row.title,
    regions: (row.deliveryRegionIds ?? []).map((deliveryRegionId) => ({ deliveryRegionId })),
    rates: (row.rates ?? []).map((r) => ({
      amount: r.amount,
      multiplyByQuantity: r.multiplyByQuantity ?? false,
      conditions: (r.conditions ?? []).map((c) => ({
        type: c.type,
        operator: c.operator,
        value: String(c.value),
      })),
    })),
    otherCharges: (row.otherCharges ?? []).map((c) => ({
      type: c.type,
      price: c.price,
      details: c.details ?? '',
    })),
    estimatedDeliveryTime: row.estimatedDeliveryTime ?? '',
    instructions: row.instructions ?? '',
    slotFrom: inputDateTime(row.deliveryTimeSlot?.from),
    slotTo: inputDateTime(row.deliveryTimeSlot?.to),
    pickupMethod: row.pickup?.pickupMethod ?? '',
    pickupLocation: row.pickup?.businessLocation ?? '',
    pickupStreet: a?.addressLine1 ?? '',
    pickupCity: a?.city ?? '',
    pickupRegion: a?.subdivision ?? a?.country ?? 'US',
    pickupPostalCode: a?.postalCode ?? '',
    taxGroupId: row.taxGroupId ?? '',
  };
}

/** `shippingOption.rates[0].conditions[1].value` stays; the slot and pickup map to their inputs. */
function optionField(path: string): string {
  const field = path.replace(/^shippingOption\./, '');
  if (field.startsWith('deliveryTimeSlot')) return field.endsWith('to') ? 'slotTo' : 'slotFrom';
  if (field.startsWith('deliveryRegionIds')) return 'regions';
  if (field.startsWith('pickup.address.')) {
    const part = field.slice('pickup.address.'.length).split(/[.[]/)[0];
    return part === 'city'
      ? 'pickupCity'
      : part === 'postalCode'
        ? 'pickupPostalCode'
        : part === 'country' || part === 'subdivision'
          ? 'pickupRegion'
          : 'pickupStreet';
  }
  if (field.startsWith('pickup.businessLocation')) return 'pickupLocation';
  if (field.startsWith('pickup')) return 'pickupMethod';
  return field;
}

export const shippingOptionSpec: EntitySpec<ShippingOption> = {
  path: 'settings/shipping-options',
  title: 'Shipping options',
  columns: [
    linkColumn('Title', 'settings/shipping-options', (row) => row.title),
    { label: 'Regions', className: 'num', cell: (row) => String(row.deliveryRegionIds?.length ?? 0) },
    { label: 'Rates', className: 'wrap', cell: (row) => ratesText(row.rates) },
    { label: 'Pickup', cell: (row) => (row.pickup ? 'Yes' : 'No') },
  ],
  filters: [{ name: 'q', label: 'Title starts with' }],
  fields: OPTION_FIELDS,
  defaults: { rates: [{ amount: '', conditions: [] }], regions: [] },
  choices: async (client) => {
    const [regions, groups] = await Promise.all([
      client.deliveryRegions.queryDeliveryRegions().ascending('name').limit(100).find(),
      client.taxGroups.queryTaxGroups().ascending('name').limit(100).find(),
    ]);
    return {
      deliveryRegionId: regions.items.map((r) => ({ value: r.id, label: r.name ?? r.id })),
      taxGroupId: groups.items.map((g) => ({ value: g.id, label: g.name ?? g.id })),
    };
  },
  list: (client, params) =>
    pageOf(
      client.shippingOptions.queryShippingOptions().descending('createdDate').limit(PAGE_SIZE),
      params,
      'title',
    ),
  get: (client, id) => client.shippingOptions.getShippingOption(id),
  id: (row) => row.id,
  name: (row) => row.title ?? 'Shipping option',
  values: optionValues,
  create: (client, v) => client.shippingOptions.createShippingOption(optionInput(v)),
  update: (client, row, v) =>
    client.shippingOptions.updateShippingOption(row.id, {
      ...optionInput(v),
      ...revisionOf(row),
    }),
  remove: (client, id) => client.shippingOptions.deleteShippingOption(id),
  check: (v) =>
    Boolean(v.slotFrom) !== Boolean(v.slotTo)
      ? { [v.slotFrom ? 'slotTo' : 'slotFrom']: 'Enter both times of the slot, or neither.' }
      : v.slotFrom && v.slotTo && text(v.slotFrom) >= text(v.slotTo)
        ? { slotTo: 'End the slot after it starts.' }
        : undefined,
  fieldOf: optionField,
};
