import { fetchCollection } from '@aisle/react';
import type { Collection } from '@aisle/sdk';
import { data } from 'react-router';
import { memoized, type Store } from '../sdk.ts';

/** The visible collections for the header and the home page, read once per request or page load. */
export function listCollections(store: Store): Promise<Collection[]> {
  return memoized(store, 'collections', async () =>
    (await store.api()).collections
      .queryCollections()
      .ascending('name')
      .limit(50)
      .find()
      .then((page) => page.items),
  );
}

/** A collection by slug; a 404 response for the error page when there is none (or it is hidden). */
export async function loadCollection(store: Store, slug: string): Promise<Collection> {
  const collection = await fetchCollection(await store.api(), slug);
  if (!collection) throw data({ message: `There is no collection called “${slug}”.` }, { status: 404 });
  return collection;
}
