import type { StoredCatalogReference, StoredCatalogLine, StoredCustomLine } from './model.ts';

/** Stored cart lines for the module's pure tests. */
export const catalogLine = (
  id: string,
  mergeKey: string,
  quantity: number,
  catalogReference: StoredCatalogReference = { catalogItemId: 'p', appId: 'a' },
): StoredCatalogLine => ({
  kind: 'catalog',
  id,
  quantity,
  catalogReference,
  productId: catalogReference.catalogItemId,
  variantId: 'v',
  mergeKey,
  lastKnown: { name: 'P' },
  addedDate: '2025-01-01T00:00:00.000Z',
});

export const customLine = (id: string, quantity: number): StoredCustomLine => ({
  kind: 'custom',
  id,
  quantity,
  productName: { original: 'Wrap' },
  price: '1.00',
  itemType: { preset: 'SERVICE' },
  addedDate: '2025-01-01T00:00:00.000Z',
});
