/**
 * Staff roles and what each may do: the one map the server enforces on every admin route (docs/ADMIN.md
 * § Roles and permissions). Pure: no database, no Fastify.
 */

export const ROLES = ['OWNER', 'MANAGER', 'FULFILMENT'] as const;
export type StaffRole = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** The caller's own account (who am I, password, TOTP, sign out). */
  'account.self',
  'catalogue.read',
  'catalogue.write',
  'inventory.write',
  'orders.read',
  'orders.fulfil',
  'orders.write',
  'orders.payments',
  'orders.refund',
  'customers.read',
  'customers.write',
  'coupons.read',
  'coupons.write',
  'settings.read',
  'settings.write',
  /** The dev mailbox holds staff invitations and shoppers' codes: owners only. */
  'mailbox.read',
  'staff.manage',
  'keys.manage',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const OWNER_ONLY: readonly Permission[] = ['mailbox.read', 'staff.manage', 'keys.manage', 'audit.read'];

export const ROLE_PERMISSIONS: Record<StaffRole, ReadonlySet<Permission>> = {
  OWNER: new Set(PERMISSIONS),
  MANAGER: new Set(PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p))),
  FULFILMENT: new Set<Permission>([
    'account.self',
    'catalogue.read',
    'inventory.write',
    'orders.read',
    'orders.fulfil',
    'customers.read',
    'coupons.read',
  ]),
};

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

export function allows(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** Every permission of a role, in the map's order (for the admin app and docs). */
export function permissionsOf(role: StaffRole): Permission[] {
  return PERMISSIONS.filter((p) => ROLE_PERMISSIONS[role].has(p));
}

/** Keys stored before roles existed say `ADMIN`: they keep every right. */
export function roleOf(stored: string): StaffRole {
  return (ROLES as readonly string[]).includes(stored) ? (stored as StaffRole) : 'OWNER';
}

/**
 * Areas of admin routes by the path after the service and version (`/stores/v1/products/:id` and its alias
 * `/_api/catalog-server/v1/products/:id` are both `/products/:id`), and the permissions reading and changing
 * them need; the first match wins.
 */
const AREAS: Array<{ path: RegExp; read: Permission; write: Permission }> = [
  { path: /^\/admin\//, read: 'account.self', write: 'account.self' },
  { path: /^\/dev-mailbox\//, read: 'mailbox.read', write: 'mailbox.read' },
  { path: /inventory/i, read: 'catalogue.read', write: 'inventory.write' },
  {
    path: /^\/(bulk\/)?(products|collections|brands|ribbons|customizations|info-sections|files)(?=\/|$)/,
    read: 'catalogue.read',
    write: 'catalogue.write',
  },
  // Promotions: coupons and automatic discount rules.
  { path: /^\/(coupons|discount-rules)(?=\/|$)/, read: 'coupons.read', write: 'coupons.write' },
  // Recovery: abandoned checkouts and carts follow the orders; back-in-stock requests the catalogue.
  {
    path: /^\/((bulk\/)?abandoned-checkouts?|abandoned-checkout-settings|abandonedCarts)(?=\/|$)/,
    read: 'orders.read',
    write: 'orders.write',
  },
  {
    path: /^\/back-in-stock-notification-requests(?=\/|$)/,
    read: 'catalogue.read',
    write: 'catalogue.write',
  },
  { path: /^\/fulfillments\//, read: 'orders.read', write: 'orders.fulfil' },
  {
    path: /payments-collector\/.*\/(trigger-refund|refundability)$/,
    read: 'orders.read',
    write: 'orders.refund',
  },
  { path: /payments-collector\//, read: 'orders.read', write: 'orders.payments' },
  { path: /^\/((bulk\/)?orders|tips)(?=\/|$)/, read: 'orders.read', write: 'orders.write' },
  {
    path: /^\/(members|sign-on|activation-email|customers)(?=\/|$)/,
    read: 'customers.read',
    write: 'customers.write',
  },
  {
    path: /^\/(bulk\/)?(store-settings|delivery-regions|shipping-options|checkout-settings|orders-settings|tax-groups|tax-regions|tax-rates|tip-settings|policies|oauth-clients|webhooks|checkout-templates|shippo-configurations)(?=\/|$)/,
    read: 'settings.read',
    write: 'settings.write',
  },
];

/** A POST that only reads (query, search, aggregate). */
const READ_VERBS =
  /\/(query|search|aggregate|count|get-analytics|count-by-catalog-reference|preview|list-default-tax-groups-by-app-ids|download-url)$/;

/** The path after the alias prefix, the service name and the version: `/stores/v1/products` → `/products`. */
export const resourcePath = (url: string) => url.replace(/^(\/[^/]+)*?\/v\d+(?=\/)/, '');

/**
 * The permission an admin route needs when it does not declare one: its area's read permission for GET and
 * for POSTs that only read, its write permission otherwise. Undefined for a path of no known area (start-up
 * then fails: such a route must declare `permission`).
 */
export function defaultPermission(method: string, url: string): Permission | undefined {
  const path = resourcePath(url);
  const area = AREAS.find((a) => a.path.test(path));
  if (!area) return undefined;
  const reads = method === 'GET' || (method === 'POST' && READ_VERBS.test(path));
  return reads ? area.read : area.write;
}
