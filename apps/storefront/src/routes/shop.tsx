import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ProductListing } from '../components/listing.tsx';
import { listBrands, loadListing } from '../resources/products.ts';
import { usePageTitle } from '../lib/title.ts';

/** `/shop`: the whole catalogue with search, filters, sort and paging from the URL. */
export async function shopLoader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const [listing, brands] = await Promise.all([loadListing(search), listBrands()]);
  return { listing, brands };
}

export function Shop() {
  const { listing, brands } = useLoaderData<typeof shopLoader>();
  const q = listing.params.q;
  usePageTitle(q ? `Results for “${q}”` : 'All products');
  return (
    <ProductListing
      listing={listing}
      brands={brands}
      heading={<h1>{q ? `Results for “${q}”` : 'All products'}</h1>}
    />
  );
}
