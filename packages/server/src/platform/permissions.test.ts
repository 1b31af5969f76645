import { describe, expect, it } from 'vitest';
import {
  allows,
  defaultPermission,
  PERMISSIONS,
  permissionsOf,
  resourcePath,
  roleOf,
} from './permissions.ts';

describe('defaultPermission', () => {
  it.each([
    ['GET', '/stores/v1/products/export.csv', 'catalogue.read'],
    ['PATCH', '/stores/v1/products/:id', 'catalogue.write'],
    ['PATCH', '/_api/catalog-server/v1/products/:id', 'catalogue.write'],
    ['POST', '/stores/v3/bulk/inventory-items/increment', 'inventory.write'],
    ['PATCH', '/v2/inventoryItems/product/:productId', 'inventory.write'],
    ['POST', '/site-media/v1/files/:id/download-url', 'catalogue.read'],
    ['POST', '/ecom/v1/orders/aggregate', 'orders.read'],
    ['POST', '/_api/ecom-orders/v1/orders/:id/cancel', 'orders.write'],
    ['POST', '/ecom/v1/fulfillments/orders/:orderId/create-fulfillment', 'orders.fulfil'],
    ['POST', '/ecom/v1/payments-collector/orders/:ecomOrderId/trigger-refund', 'orders.refund'],
    ['GET', '/v1/payments-collector/orders/:ecomOrderId/refundability', 'orders.read'],
    ['POST', '/ecom/v1/payments-collector/orders/:ecomOrderId/mark-as-paid', 'orders.payments'],
    ['POST', '/v1/bulk/payments-collector/mark-as-paid', 'orders.payments'],
    ['GET', '/ecom/v1/orders-settings', 'settings.read'],
    ['PATCH', '/ecom/v1/store-settings', 'settings.write'],
    ['POST', '/billing/v1/tax-rates/query', 'settings.read'],
    ['PATCH', '/members/v1/policies', 'settings.write'],
    ['POST', '/members/v1/members/:id/block', 'customers.write'],
    ['POST', '/_iam/recovery/v1/activation-email', 'customers.write'],
    ['POST', '/ecom/v1/coupons/query', 'coupons.read'],
    ['DELETE', '/v1/dev-mailbox/messages', 'mailbox.read'],
    ['POST', '/tips/v1/tips/set', 'orders.write'],
    ['POST', '/tips/v1/tip-settings', 'settings.write'],
    ['GET', '/aisle/v1/webhooks', 'settings.read'],
    ['GET', '/aisle/v1/webhooks/event-types', 'settings.read'],
    ['POST', '/ecom/v1/orders/get-analytics', 'orders.read'],
    ['GET', '/v1/dev-mailbox/messages/:id', 'mailbox.read'],
    ['GET', '/aisle/v1/unknown-area', undefined],
  ])('%s %s → %s', (method, url, permission) => {
    expect(defaultPermission(method, url)).toBe(permission);
  });

  it('reads the path after the service and version', () => {
    expect(resourcePath('/iam/authentication/v2/sign-on')).toBe('/sign-on');
    expect(resourcePath('/_api/brand/v3/brands/:brandId')).toBe('/brands/:brandId');
  });
});

describe('roles', () => {
  it.each([
    ['OWNER', 'staff.manage', true],
    ['MANAGER', 'staff.manage', false],
    ['MANAGER', 'keys.manage', false],
    ['MANAGER', 'orders.refund', true],
    ['MANAGER', 'settings.write', true],
    ['FULFILMENT', 'orders.refund', false],
    ['FULFILMENT', 'orders.payments', false],
    ['FULFILMENT', 'settings.write', false],
    ['FULFILMENT', 'settings.read', false],
    ['FULFILMENT', 'orders.fulfil', true],
    ['FULFILMENT', 'mailbox.read', false],
  ] as const)('%s %s → %s', (role, permission, allowed) => {
    expect(allows(role, permission)).toBe(allowed);
  });

  it('owners have every permission; keys stored before roles are owners', () => {
    expect(permissionsOf('OWNER')).toEqual([...PERMISSIONS]);
    expect(roleOf('ADMIN')).toBe('OWNER');
    expect(roleOf('FULFILMENT')).toBe('FULFILMENT');
  });
});
