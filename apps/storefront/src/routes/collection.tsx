import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { listingCanonical } from '../components/listing-url.ts';
import { ProductListing } from '../components/listing.tsx';
import { Picture } from '../components/picture.tsx';
import { metaFrom, plainText, type RouteHandle } from '../lib/meta.ts';
import { breadcrumbs } from '../lib/structured-data.ts';
import { loadCollection } from '../resources/collections.ts';
import { listBrands, listOptionFacets, loadListing } from '../resources/products.ts';
import { storeOf } from '../sdk.ts';

/** `/collections/:slug`: one collection, with the same search, filters, sort and paging as the shop. */
export async function collectionLoader({ params, request, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  const collection = await loadCollection(store, params.slug ?? '');
  const search = new URL(request.url).searchParams;
  const [listing, brands, options] = await Promise.all([
    loadListing(store, search, collection.id),
    listBrands(store, collection.id),
    listOptionFacets(store, collection.id),
  ]);
  return { collection, listing, brands, options };
}

export const collectionHandle: RouteHandle = {
  meta: metaFrom<Awaited<ReturnType<typeof collectionLoader>>>(({ collection, listing }, { origin }) => {
    const path = `/collections/${collection.slug}`;
    const image = collection.media?.mainMedia?.image;
    return {
      title: collection.name,
      description:
        plainText(collection.description) ?? `${collection.name}: browse the collection at our store.`,
      canonical: listingCanonical(path, listing.params),
      noindex: Boolean(listing.params.q),
      image: image?.url ? { url: image.url, width: image.width, height: image.height } : undefined,
      // Only the server writes JSON-LD (crawlers read the first page's HTML): the browser's build leaves it out.
      structuredData: import.meta.env.SSR
        ? [
            breadcrumbs(origin, [
              { name: 'Home', path: '/' },
              { name: collection.name ?? 'Collection', path },
            ]),
          ]
        : undefined,
    };
  }),
};

export function CollectionPage() {
  const { collection, listing, brands, options } = useLoaderData<typeof collectionLoader>();
  const image = collection.media?.mainMedia?.image;
  return (
    <ProductListing
      listing={listing}
      brands={brands}
      options={options}
      searchLabel={`Search ${collection.name ?? 'this collection'}`}
      heading={
        <div className="collection-head">
          {image?.url && (
            <Picture className="collection-thumb" image={image} alt="" sizes="72px" width={72} height={72} />
          )}
          <div>
            <p className="eyebrow">Collection</p>
            <h1>{collection.name}</h1>
            {collection.description && <p className="muted">{collection.description}</p>}
          </div>
        </div>
      }
    />
  );
}
