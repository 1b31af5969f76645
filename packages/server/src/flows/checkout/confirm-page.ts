import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { orderMoney } from '../../modules/orders/state.ts';
import { orders } from '../../modules/orders/tables.ts';
import { ConfirmForm, ConfirmQuery } from '../../modules/payments/schemas.ts';
import { payments } from '../../modules/payments/tables.ts';
import type { App, Module } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { acceptForms } from '../forms.ts';
import { errorPage, escapeHtml, newNonce, page, sendPage } from '../html.ts';
import { pendingAction, settlePendingPayment } from '../orders/place-settle.ts';
import { allowedReturnUrl } from './completion.ts';
import { open, routeOptions } from '../../platform/routing.ts';

/**
 * The sandbox provider's buyer step: `GET /payments/sandbox/v1/confirm?token=&returnUrl=` shows the payment
 * with "Confirm payment" and "Fail payment"; each posts back here, settles the pending payment
 * (flows/orders/place-settle.ts) and sends the browser to `returnUrl` (which must be on the store's or a
 * registered client's origin) with `paymentStatus` and `orderId` added, or shows the outcome.
 */

const PATH = '/payments/sandbox/v1/confirm';
const route = routeOptions(['payments']);

function withOutcome(returnUrl: string, orderId: string, paymentStatus: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('orderId', orderId);
  url.searchParams.set('paymentStatus', paymentStatus);
  return url.toString();
}

const formAction = (returnUrl: string | undefined) =>
  returnUrl ? `'self' ${new URL(returnUrl).origin}` : "'self'";

function resultPage(reply: FastifyReply, title: string, message: string, returnUrl?: string) {
  const nonce = newNonce();
  const link = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to the store</a></p>` : '';
  const body = `<div class="brand">Aisle sandbox payments</div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link}`;
  return sendPage(reply, 200, page({ title, body, nonce }), nonce);
}

const NOT_ALLOWED = Symbol('return URL not allowed');

/** `returnUrl` when it is on the store's or a registered client's origin; none given: undefined. */
async function checkedReturnUrl(ctx: AppContext, returnUrl: string | undefined) {
  if (returnUrl === undefined || returnUrl === '') return undefined;
  return (await allowedReturnUrl(ctx, returnUrl)) ?? NOT_ALLOWED;
}

const notAllowedPage = (reply: FastifyReply) =>
  errorPage(reply, 400, 'Payment link not valid', 'The page to return to is not allowed for this store.');

async function showConfirmation(ctx: AppContext, reply: FastifyReply, token: string, rawReturnUrl?: string) {
  const returnUrl = await checkedReturnUrl(ctx, rawReturnUrl);
  if (returnUrl === NOT_ALLOWED) return notAllowedPage(reply);
  const action = await pendingAction(ctx, token).catch(() => undefined);
  if (!action) return errorPage(reply, 404, 'Payment link not valid', 'No payment waits for this link.');
  if (action.status !== 'PENDING')
    return resultPage(
      reply,
      action.status === 'CONFIRMED' ? 'Payment confirmed' : 'Payment failed',
      'This payment has been settled already.',
      returnUrl,
    );
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, action.paymentId));
  const [order] = await ctx.db
    .select({ number: orders.number, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, action.orderId));
  const money = orderMoney(order?.currency ?? 'USD');
  const amount = money.price(money.parse(payment?.amount ?? '0')).formattedAmount;
  const card = payment?.details.card as { brand?: string; lastFourDigits?: string } | undefined;
  const nonce = newNonce();
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(token)}">${
    returnUrl ? `<input type="hidden" name="returnUrl" value="${escapeHtml(returnUrl)}">` : ''
  }`;
  const form = (decision: string, label: string) =>
    `<form method="post" action="${PATH}">${hidden}<input type="hidden" name="decision" value="${decision}"><button type="submit">${label}</button></form>`;
  const body = `<div class="brand">Aisle sandbox payments</div>
<h1>Confirm your payment</h1>
<p>${escapeHtml(amount)} for order #${escapeHtml(String(order?.number ?? ''))}${
    card?.lastFourDigits
      ? ` with ${escapeHtml(card.brand ?? 'card')} ending in ${escapeHtml(card.lastFourDigits)}`
      : ''
  }.</p>
<p class="muted">This is the sandbox: no money moves. Choose what your bank would answer.</p>
${form('confirm', 'Confirm payment')}${form('fail', 'Fail payment')}`;
  return sendPage(
    reply,
    200,
    page({ title: 'Confirm your payment', body, nonce }),
    nonce,
    [],
    formAction(returnUrl),
  );
}

export const sandboxConfirmationPages: Module = async (app, ctx) => {
  await app.register(async (scoped) => {
    const r = scoped as unknown as App;
    acceptForms(r);
    r.get(
      PATH,
      route(open, 'The sandbox confirmation page of a payment waiting for the buyer', {
        querystring: ConfirmQuery,
      }),
      async (request, reply) => showConfirmation(ctx, reply, request.query.token, request.query.returnUrl),
    );
    r.post(
      PATH,
      route(open, 'Confirm or fail the payment (the page’s form)', { body: ConfirmForm }),
      async (request, reply) => {
        const returnUrl = await checkedReturnUrl(ctx, request.body.returnUrl);
        if (returnUrl === NOT_ALLOWED) return notAllowedPage(reply);
        const settled = await settlePendingPayment(ctx, request.body.token, {
          confirm: request.body.decision === 'confirm',
          returnUrl,
        }).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return undefined;
          throw error;
        });
        if (!settled)
          return errorPage(reply, 404, 'Payment link not valid', 'No payment waits for this link.');
        const approved = settled.outcome === 'CONFIRMED' || settled.outcome === 'ALREADY_CONFIRMED';
        if (returnUrl)
          return reply.redirect(
            withOutcome(returnUrl, settled.orderId, approved ? 'APPROVED' : 'DECLINED'),
            303,
          );
        return resultPage(
          reply,
          approved ? 'Payment confirmed' : 'Payment failed',
          approved
            ? 'Your order is paid. You can close this page.'
            : 'The payment failed; your order was not placed.',
        );
      },
    );
  });
};
