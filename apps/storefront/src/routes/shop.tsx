import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ProductListing } from '../components/listing.tsx';
import { metaFrom, type RouteHandle } from '../lib/meta.ts';
import { breadcrumbs } from '../lib/structured-data.ts';
import { listBrands, listOptionFacets, loadListing } from '../resources/products.ts';
import { storeOf } from '../sdk.ts';
import { listingCanonical } from '../components/listing-url.ts';

/** `/shop`: the whole catalogue with search, filters, sort and paging from the URL. */
export async function shopLoader({ request, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  const search = new URL(request.url).searchParams;
  const [listing, brands, options] = await Promise.all([
    loadListing(store, search),
    listBrands(store),
    listOptionFacets(store),
  ]);
  return { listing, brands, options };
}

const titleOf = (q: string) => (q ? `Results for “${q}”` : 'All products');

export const shopHandle: RouteHandle = {
  meta: metaFrom<Awaited<ReturnType<typeof shopLoader>>>(({ listing }, { origin }) => ({
    title: titleOf(listing.params.q),
    description:
      'Every product of the store: search, filter by brand, size, colour, price and stock, and sort.',
    canonical: listingCanonical('/shop', listing.params),
    // Search results stay out of search engines; the catalogue pages themselves are in.
    noindex: Boolean(listing.params.q),
    // Only the server writes JSON-LD (crawlers read the first page's HTML): the browser's build leaves it out.
    structuredData: import.meta.env.SSR
      ? [
          breadcrumbs(origin, [
            { name: 'Home', path: '/' },
            { name: 'Shop', path: '/shop' },
          ]),
        ]
      : undefined,
  })),
};

export function Shop() {
  const { listing, brands, options } = useLoaderData<typeof shopLoader>();
  return (
    <ProductListing
      listing={listing}
      brands={brands}
      options={options}
      heading={<h1>{titleOf(listing.params.q)}</h1>}
    />
  );
}
