import { CreateInvoiceRequest, InvoiceParams, OrderParams } from '../../modules/orders/schemas.ts';
import type { Module } from '../../platform/app.ts';
import { admin, routeOptions, underPrefixes } from '../../platform/routing.ts';
import { createInvoice, deleteInvoice, listInvoices, sendInvoice, voidInvoice } from './invoices.ts';

const route = routeOptions(['order invoices']);

/** Invoices of an order (not in the wire reference; docs/ORDERS.md), under the orders paths. */
export const invoiceRoutes: Module = async (app, ctx) => {
  await underPrefixes(app, ['/ecom/v1/orders', '/_api/ecom-orders/v1/orders'], (r) => {
    r.get('/:id/invoices', route(admin, "An order's invoices", { params: OrderParams }), async (request) =>
      listInvoices(ctx, request.params.id),
    );
    r.post(
      '/:id/invoices',
      route(admin, 'Create a draft invoice', { params: OrderParams, body: CreateInvoiceRequest }),
      async (request) => createInvoice(ctx, request.params.id, request.body.invoice?.dueDate),
    );
    r.post(
      '/:id/invoices/:invoiceId/send',
      route(admin, 'Send an invoice to the buyer', { params: InvoiceParams }),
      async (request) => sendInvoice(ctx, request.params.id, request.params.invoiceId),
    );
    r.post(
      '/:id/invoices/:invoiceId/void',
      route(admin, 'Void an invoice', { params: InvoiceParams }),
      async (request) => voidInvoice(ctx, request.params.id, request.params.invoiceId),
    );
    r.delete(
      '/:id/invoices/:invoiceId',
      route(admin, 'Remove an invoice', { params: InvoiceParams }),
      async (request) => deleteInvoice(ctx, request.params.id, request.params.invoiceId),
    );
  });
};
