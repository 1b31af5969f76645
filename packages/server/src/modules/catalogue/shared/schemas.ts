import { Type } from '@sinclair/typebox';
import { literals } from '../../../platform/schema.ts';

export {
  BulkActionMetadata,
  BulkItemMetadata,
  Empty,
  PagingMetadata,
  WireQuery,
} from '../../../platform/wire-schemas.ts';

/** Wire schemas of the catalogue reads (wire/catalogue.md §1, §2, §4). v1 prices are JSON numbers. */

export const Opt = Type.Optional;
export const Str = Type.String;
export const Num = Type.Number;
export const Bool = Type.Boolean;
export const MAX_AMOUNT = 999_999_999_999;
export const Amount = (description?: string) =>
  Type.Number({ minimum: 0, maximum: MAX_AMOUNT, ...(description ? { description } : {}) });
export const Weight = Type.Number({ minimum: 0, maximum: 1_000_000 });
export const Id = Str({ maxLength: 100 });
const Length = Str({ pattern: '^\\d{1,9}(\\.\\d{1,4})?$', description: 'A decimal string, e.g. "24.5"' });

// ---- requests

export const Uuidish = Str({ maxLength: 100 });

/** The `?id=` a v1 delete may echo (accepted, not used: the path names the entity). */
export const DeleteByIdQuery = Type.Object({ id: Opt(Id) });

export const MediaParams = Type.Object({ id: Str({ maxLength: 36 }), filename: Str({ maxLength: 200 }) });

// ---- responses

export const FocalPoint = Type.Object(
  { x: Num(), y: Num() },
  { description: 'Percent of the width and height (0–100) that crops keep in view' },
);
export const Expiry = Str({ description: 'When the signed `url` stops working (ISO date)' });
export const Image = Type.Object({
  id: Str(),
  url: Str({ description: 'Signed media URL; `&size=150|400|800` gives a WebP thumbnail of an upload' }),
  width: Type.Integer(),
  height: Type.Integer(),
  format: Opt(Str()),
  altText: Opt(Str()),
  filename: Str(),
  urlExpirationDate: Opt(Expiry),
  focalPoint: Opt(FocalPoint),
});
const Thumbnail = Type.Object({
  url: Str(),
  width: Type.Integer(),
  height: Type.Integer(),
  format: Opt(Str()),
  urlExpirationDate: Opt(Expiry),
});
const MediaItem = Type.Object({
  id: Str(),
  title: Opt(Str()),
  mediaType: literals(['image', 'video']),
  image: Opt(Image),
  video: Opt(
    Type.Object({
      files: Type.Array(
        Type.Object({
          url: Str(),
          width: Type.Integer(),
          height: Type.Integer(),
          format: Str(),
          urlExpirationDate: Opt(Expiry),
        }),
      ),
      stillFrameMediaId: Opt(Str({ description: 'Id of the poster image' })),
    }),
  ),
  thumbnail: Opt(Thumbnail),
});
export const Media = Type.Object({ mainMedia: Opt(MediaItem), items: Type.Array(MediaItem) });

const Formatted = Type.Object({ price: Str(), discountedPrice: Str(), pricePerUnit: Opt(Str()) });
export const PriceData = Type.Object({
  currency: Str(),
  price: Num(),
  discountedPrice: Num(),
  pricePerUnit: Opt(Num()),
  formatted: Formatted,
});
export const CostAndProfit = Type.Object({
  itemCost: Num(),
  formattedItemCost: Str(),
  profit: Num(),
  formattedProfit: Str(),
  profitMargin: Num({ description: 'profit / discounted price, e.g. 0.35' }),
});
export const DimensionUnit = literals(['MM', 'CM', 'M', 'IN', 'FT', 'YD'] as const);
export const Dimensions = Type.Object({
  length: Opt(Str()),
  width: Opt(Str()),
  height: Opt(Str()),
  unit: Opt(DimensionUnit),
});

export const CatalogVersionResponse = Type.Object({
  catalogVersion: Type.Union([
    Type.Literal('V1_CATALOG'),
    Type.Literal('V3_CATALOG'),
    Type.Literal('STORES_NOT_INSTALLED'),
  ]),
});

export const DimensionsInput = Type.Object({
  length: Opt(Length),
  width: Opt(Length),
  height: Opt(Length),
  unit: Opt(DimensionUnit),
});
