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

export const EVENT_TYPE_GROUPS: readonly EventTypeGroup[] = [
  // Orders and checkout.
  { entity: 'order', label: 'Orders', types: ['created', 'approved', 'updated', 'canceled', 'deleted'] },
  { entity: 'fulfillments', label: 'Order fulfilments', types: ['updated'] },
  { entity: 'checkout', label: 'Checkouts', types: ['created', 'updated', 'completed', 'deleted'] },
  { entity: 'cart', label: 'Carts', types: ['created', 'updated', 'deleted', 'abandoned', 'recovered'] },
  { entity: 'abandoned_checkout', label: 'Abandoned checkouts', types: CRUD },
  { entity: 'checkout_template', label: 'Checkout links', types: [...CRUD, 'used'] },
  { entity: 'subscription_contract', label: 'Subscriptions', types: ['created', 'updated', 'canceled'] },
  // Catalogue.
  { entity: 'product', label: 'Products', types: [...CRUD, 'variants_changed'] },
  { entity: 'inventory_item', label: 'Inventory', types: ['updated', 'variants_changed'] },
  { entity: 'collection', label: 'Collections', types: CRUD },
  { entity: 'brand', label: 'Brands', types: CRUD },
  { entity: 'ribbon', label: 'Ribbons', types: CRUD },
  { entity: 'customization', label: 'Customizations', types: CRUD },
  { entity: 'info_section', label: 'Info sections', types: CRUD },
  { entity: 'back_in_stock_request', label: 'Back-in-stock requests', types: CRUD },
  // Promotions.
  { entity: 'coupon', label: 'Coupons', types: CRUD },
  { entity: 'discount_rule', label: 'Discount rules', types: CRUD },
  // Customers.
  { entity: 'member', label: 'Customers', types: ['created', 'updated', 'deleted', 'signed_in'] },
  { entity: 'identity_policies', label: 'Sign-up settings', types: ['updated'] },
  { entity: 'redirect_session', label: 'Hosted-page sessions', types: ['created'] },
  // Settings.
  { entity: 'store_settings', label: 'Store settings', types: ['updated'] },
  { entity: 'checkout_settings', label: 'Checkout settings', types: ['updated'] },
  { entity: 'orders_settings', label: 'Orders settings', types: ['updated'] },
  { entity: 'abandoned_checkout_settings', label: 'Abandoned-checkout settings', types: ['updated'] },
  { entity: 'tip_settings', label: 'Tip settings', types: CRUD },
  { entity: 'delivery_region', label: 'Delivery regions', types: CRUD },
  { entity: 'shipping_option', label: 'Shipping options', types: CRUD },
  { entity: 'shippo_configuration', label: 'Shipping-label services', types: CRUD },
  { entity: 'tax_group', label: 'Tax groups', types: CRUD },
  { entity: 'tax_region', label: 'Tax regions', types: CRUD },
  { entity: 'tax_rate', label: 'Tax rates', types: CRUD },
  { entity: 'webhook_endpoint', label: 'Webhooks', types: [...CRUD, 'secret_rotated'] },
  // Staff.
  { entity: 'staff_user', label: 'Staff', types: ['created', 'invited', 'updated', 'revoked'] },
  { entity: 'api_key', label: 'API keys', types: ['created', 'revoked'] },
];

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
