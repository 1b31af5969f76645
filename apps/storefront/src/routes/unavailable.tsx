import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { readRedirectSession } from '../resources/redirects.ts';
import { metaFrom, type RouteHandle } from '../lib/meta.ts';
import { usePageTitle } from '../lib/title.ts';
import { storeOf } from '../sdk.ts';

const VERTICALS: Record<string, { title: string; text: string }> = {
  bookings: {
    title: 'Bookings',
    text: 'This store does not take appointments or class bookings: Aisle has no bookings service.',
  },
  events: { title: 'Events', text: 'This store does not sell event tickets: Aisle has no events service.' },
  'paid-plans': {
    title: 'Paid plans',
    text: 'This store does not sell memberships or paid plans: Aisle has no pricing-plans service.',
  },
  'payment-requests': {
    title: 'Payment requests',
    text: 'This store cannot take payment requests: Aisle has no payment-requests service.',
  },
};

/**
 * The honest page for redirect intents of verticals Aisle does not have (`/unavailable/:vertical`). A redirect
 * session's callbacks give the way back.
 */
export async function unavailableLoader({ params, request, context }: LoaderFunctionArgs) {
  const vertical = params.vertical ?? '';
  const session = await readRedirectSession(
    storeOf(context),
    new URL(request.url).searchParams.get('redirectSessionId'),
  );
  const back = session?.callbacks?.postFlowUrl ?? session?.callbacks?.cartPageUrl;
  return {
    page: VERTICALS[vertical] ?? {
      title: 'Not available',
      text: 'This part of the store does not exist. Everything we sell is in the shop.',
    },
    back: typeof back === 'string' ? back : undefined,
  };
}

export const unavailableHandle: RouteHandle = {
  meta: metaFrom<Awaited<ReturnType<typeof unavailableLoader>>>(({ page }) => ({
    title: page.title,
    noindex: true,
  })),
};

export function Unavailable() {
  const { page, back } = useLoaderData<typeof unavailableLoader>();
  usePageTitle(page.title);
  return (
    <section className="notice-page" aria-labelledby="unavailable-title">
      <p className="eyebrow">Not available</p>
      <h1 id="unavailable-title">{page.title}</h1>
      <p>{page.text}</p>
      <p className="actions">
        {back && (
          <a className="button button-secondary" href={back}>
            Go back
          </a>
        )}
        <Link className="button button-primary" to="/shop">
          Browse the shop
        </Link>
      </p>
    </section>
  );
}
