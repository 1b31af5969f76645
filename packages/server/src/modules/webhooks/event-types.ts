/**
 * The lifecycle events this server records in its outbox, by entity: what a webhook endpoint can subscribe
 * to (`GET /aisle/v1/webhooks/event-types`, offered as choices by the admin's webhook screen). Endpoints may
 * still name any `entity.type` (an integration may subscribe ahead of a newer server); this list is what a
 * merchant picks from. `event-types.test.ts` checks it against the events the sources record.
 */
export interface EventTypeGroup {
  /** The outbox entity: `order`, the part before the dot of `order.created`. */
  entity: string;
  /** What a merchant calls it, plural. */
  label: string;
  /** The types recorded for it: `created`, `updated`, `approved`, … */
  types: readonly string[];
}

const CRUD = ['created', 'updated', 'deleted'] as const;

/** What a merchant calls each entity's events, in the order the admin offers them. */
const LABELS: Record<string, string> = {
  // Orders and checkout.
  order: 'Orders',
  fulfillments: 'Order fulfilments',
  checkout: 'Checkouts',
  cart: 'Carts',
  abandoned_checkout: 'Abandoned checkouts',
  checkout_template: 'Checkout links',
  subscription_contract: 'Subscriptions',
  // Catalogue.
  product: 'Products',
  inventory_item: 'Inventory',
  collection: 'Collections',
  brand: 'Brands',
  ribbon: 'Ribbons',
  customization: 'Customizations',
  info_section: 'Info sections',
  back_in_stock_request: 'Back-in-stock requests',
  // Promotions.
  coupon: 'Coupons',
  discount_rule: 'Discount rules',
  // Customers.
  member: 'Customers',
  identity_policies: 'Sign-up settings',
  redirect_session: 'Hosted-page sessions',
  // Settings.
  store_settings: 'Store settings',
  checkout_settings: 'Checkout settings',
  orders_settings: 'Orders settings',
  abandoned_checkout_settings: 'Abandoned-checkout settings',
  tip_settings: 'Tip settings',
  delivery_region: 'Delivery regions',
  shipping_option: 'Shipping options',
  shippo_configuration: 'Shipping-label services',
  tax_group: 'Tax groups',
  tax_region: 'Tax regions',
  tax_rate: 'Tax rates',
  webhook_endpoint: 'Webhooks',
  // Staff.
  staff_user: 'Staff',
  api_key: 'API keys',
};

/** The entities recorded with other types than created, updated and deleted. */
const TYPES: Record<string, readonly string[]> = {
  order: ['created', 'approved', 'updated', 'canceled', 'deleted'],
  fulfillments: ['updated'],
  checkout: ['created', 'updated', 'completed', 'deleted'],
  cart: ['created', 'updated', 'deleted', 'abandoned', 'recovered'],
  checkout_template: [...CRUD, 'used'],
  subscription_contract: ['created', 'updated', 'canceled'],
  product: [...CRUD, 'variants_changed'],
  inventory_item: ['updated', 'variants_changed'],
  member: ['created', 'updated', 'deleted', 'signed_in'],
  identity_policies: ['updated'],
  redirect_session: ['created'],
  store_settings: ['updated'],
  checkout_settings: ['updated'],
  orders_settings: ['updated'],
  abandoned_checkout_settings: ['updated'],
  webhook_endpoint: [...CRUD, 'secret_rotated'],
  staff_user: ['created', 'invited', 'updated', 'revoked'],
  api_key: ['created', 'revoked'],
};

export const EVENT_TYPE_GROUPS: readonly EventTypeGroup[] = Object.entries(LABELS).map(([entity, label]) => ({
  entity,
  label,
  types: TYPES[entity] ?? CRUD,
}));

/** The wire answer: every group with its full event names (`order.created`). */
export function eventTypesToWire() {
  return {
    eventTypes: EVENT_TYPE_GROUPS.map((g) => ({
      entity: g.entity,
      label: g.label,
      events: g.types.map((type) => `${g.entity}.${type}`),
    })),
  };
}
