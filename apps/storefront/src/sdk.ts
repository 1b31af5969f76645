import { collections, createClient, products } from '@aisle/sdk';

/** The storefront talks to the platform only through the SDK, on its own origin. */
export const client = createClient({ modules: { products, collections } });
