import { Type } from '@sinclair/typebox';
import { Bool, Id, Media, Opt, PagingMetadata, Str, Uuidish, WireQuery } from '../shared/schemas.ts';
import { MediaUrl } from '../products/write-schemas.ts';

export const QueryCollectionsRequest = Type.Object({ query: Opt(WireQuery) });
export const CollectionIdParams = Type.Object({ id: Uuidish });
export const SlugParams = Type.Object({ slug: Str({ maxLength: 200 }) });

export const Collection = Type.Object({
  id: Str(),
  name: Str(),
  slug: Str(),
  description: Str(),
  visible: Type.Boolean(),
  numberOfProducts: Type.Integer(),
  media: Media,
  lastUpdated: Str({ format: 'date-time' }),
});
export const CollectionResponse = Type.Object({ collection: Collection });
export const CollectionsResponse = Type.Object({
  collections: Type.Array(Collection),
  metadata: PagingMetadata,
});

const CollectionWrite = Type.Object({
  id: Opt(Id),
  name: Opt(Str({ minLength: 1, maxLength: 50 })),
  slug: Opt(Str({ minLength: 1, maxLength: 100 })),
  description: Opt(Str({ maxLength: 16_000 })),
  visible: Opt(Bool()),
});
export const CollectionWriteRequest = Type.Object({ collection: CollectionWrite });
export const CollectionProductIdsRequest = Type.Object({
  id: Opt(Id),
  productIds: Type.Array(Id, { maxItems: 1000 }),
});
export const CollectionImageRequest = Type.Object({
  id: Opt(Id),
  mediaId: Opt(Str({ maxLength: 100, description: 'An uploaded image (media id); or send url' })),
  url: Opt(MediaUrl),
  altText: Opt(Str({ maxLength: 250, description: 'What the picture shows, for screen readers' })),
});
export const CollectionReorderRequest = Type.Object({
  id: Opt(Id),
  productIds: Type.Array(Id, {
    minItems: 1,
    maxItems: 1000,
    description:
      "Products of the collection in the merchant's order; those not listed follow in their present order",
  }),
});
