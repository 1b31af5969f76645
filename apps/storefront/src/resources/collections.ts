import type { Collection } from '@aisle/sdk';
import { data } from 'react-router';
import { isNotFound } from './products.ts';
import { client } from '../sdk.ts';

let navigation: Promise<Collection[]> | undefined;

/** The visible collections for the header and the home page, loaded once per page load. */
export function listCollections(): Promise<Collection[]> {
  if (!navigation) {
    navigation = client.collections
      .queryCollections()
      .ascending('name')
      .limit(50)
      .find()
      .then((page) => page.items);
    navigation.catch(() => {
      navigation = undefined;
    });
  }
  return navigation;
}

/** A collection by slug; a 404 response for the error page when there is none (or it is hidden). */
export async function loadCollection(slug: string): Promise<Collection> {
  try {
    return await client.collections.getCollectionBySlug(slug);
  } catch (error) {
    if (isNotFound(error))
      throw data({ message: `There is no collection called “${slug}”.` }, { status: 404 });
    throw error;
  }
}
