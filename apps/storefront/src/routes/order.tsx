import { AisleError, orders } from '@aisle/sdk';
import { useEffect } from 'react';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { OrderDetails } from '../components/checkout/order-details.tsx';
import { longDate, orderHeadline } from '../components/checkout/view.ts';
import { metaFrom, type RouteHandle } from '../lib/meta.ts';
import { usePageTitle } from '../lib/title.ts';
import { reloadCart } from '../resources/cart.ts';
import { readRedirectSession } from '../resources/redirects.ts';
import { currentMember } from '../resources/member.ts';
import { clientWith, storeOf } from '../sdk.ts';

/**
 * `/orders/:orderId?token=…`: the confirmation page after checkout, and the link of the confirmation e-mail.
 * The token lets whoever has the link read the order; its buyer (visitor or member) needs none.
 */
export async function orderLoader({ params, request, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? undefined;
  const [order, member, session] = await Promise.all([
    clientWith(store, { orders })
      .then((api) => api.orders.getOrder(params.orderId ?? '', token ? { confirmationToken: token } : {}))
      .catch((error) => {
        if (
          error instanceof AisleError &&
          (error.status === 404 || error.status === 403 || error.status === 401)
        ) {
          throw data(
            {
              message:
                'We could not find this order. Open the link from your confirmation e-mail, or sign in.',
            },
            { status: 404 },
          );
        }
        throw error;
      }),
    currentMember(store).catch(() => null),
    readRedirectSession(store, url.searchParams.get('redirectSessionId')),
  ]);
  const back = session?.callbacks?.thankYouPageUrl ?? session?.callbacks?.postFlowUrl;
  return { order, member, back: typeof back === 'string' ? back : undefined };
}

export const orderHandle: RouteHandle = {
  meta: metaFrom<Awaited<ReturnType<typeof orderLoader>>>(({ order }) => ({
    title: `Order ${order.number ?? ''}`.trim(),
    noindex: true,
  })),
};

export function OrderPage() {
  const { order, member, back } = useLoaderData<typeof orderLoader>();
  usePageTitle(`Order ${order.number ?? ''}`.trim());
  // The cart became this order: the header's count follows.
  useEffect(() => void reloadCart(), []);
  const failed = order.status === 'REJECTED';
  const waiting = order.status === 'INITIALIZED' || order.paymentStatus === 'PENDING';
  const headline = orderHeadline(order);
  return (
    <section className="order-page" aria-labelledby="order-title">
      <header className="order-head">
        {failed ? (
          <>
            <p className="eyebrow">Payment not completed</p>
            <h1 id="order-title">Your payment did not go through</h1>
            <p>
              Order {order.number} could not be completed: the payment was not confirmed, so nothing was
              charged.
              {order.checkoutId && ' You can try again with another card.'}
            </p>
            {order.checkoutId && (
              <p>
                <Link
                  className="button button-primary"
                  to={`/checkout/${encodeURIComponent(order.checkoutId)}`}
                >
                  Back to checkout
                </Link>
              </p>
            )}
          </>
        ) : (
          <>
            <p className="eyebrow">{headline.eyebrow}</p>
            <h1 id="order-title">{headline.title}</h1>
            <p className="order-number">
              Order number <strong data-testid="order-number">{order.number}</strong>
              {order.purchasedDate || order.createdDate ? (
                <span className="muted"> · {longDate(order.purchasedDate ?? order.createdDate)}</span>
              ) : null}
            </p>
            {headline.note && <p data-testid="order-note">{headline.note}</p>}
            {headline.placed && order.buyerInfo?.email && (
              <p className="muted">
                We sent a confirmation to <strong>{order.buyerInfo.email}</strong>.
              </p>
            )}
            {waiting && (
              <p className="alert alert-info" role="status">
                Your payment is still being confirmed. This page shows the new status when you reload it.
              </p>
            )}
          </>
        )}
      </header>
      <OrderDetails order={order} />
      <p className="actions">
        {member && (
          <Link className="button button-secondary" to={`/account/orders/${encodeURIComponent(order.id)}`}>
            View in my account
          </Link>
        )}
        {back ? (
          <a className="button button-primary" href={back}>
            Continue shopping
          </a>
        ) : (
          <Link className="button button-primary" to="/shop">
            Continue shopping
          </Link>
        )}
      </p>
    </section>
  );
}
