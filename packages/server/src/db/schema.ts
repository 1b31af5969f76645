// Every table of every module, for drizzle-kit and typed queries. Modules own their tables; this file only lists them.
export * from '../platform/tables.ts';
export * from '../modules/catalogue/tables.ts';
export * from '../modules/catalogue/media-tables.ts';
export * from '../modules/oauth/tables.ts';
export * from '../modules/identity/tables.ts';
export * from '../modules/mail/tables.ts';
export * from '../modules/redirects/tables.ts';
export * from '../modules/settings/tables.ts';
export * from '../modules/cart/tables.ts';
export * from '../modules/checkout/tables.ts';
export * from '../modules/orders/tables.ts';
export * from '../modules/payments/tables.ts';
export * from '../modules/checkout-settings/tables.ts';
export * from '../modules/webhooks/tables.ts';
