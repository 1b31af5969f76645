import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ProductListing } from '../components/listing.tsx';
import { loadCollection } from '../resources/collections.ts';
import { listBrands, loadListing } from '../resources/products.ts';
import { usePageTitle } from '../lib/title.ts';

/** `/collections/:slug`: one collection, with the same search, filters, sort and paging as the shop. */
export async function collectionLoader({ params, request }: LoaderFunctionArgs) {
  const collection = await loadCollection(params.slug ?? '');
  const search = new URL(request.url).searchParams;
  const [listing, brands] = await Promise.all([
    loadListing(search, collection.id),
    listBrands(collection.id),
  ]);
  return { collection, listing, brands };
}

export function CollectionPage() {
  const { collection, listing, brands } = useLoaderData<typeof collectionLoader>();
  const image = collection.media?.mainMedia?.image;
  usePageTitle(collection.name);
  return (
    <ProductListing
      listing={listing}
      brands={brands}
      searchLabel={`Search ${collection.name ?? 'this collection'}`}
      heading={
        <div className="collection-head">
          {image?.url && (
            <img className="collection-thumb" src={image.url} alt="" width={72} height={72} loading="eager" />
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
