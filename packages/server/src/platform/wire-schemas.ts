import { type TSchema, Type } from '@sinclair/typebox';

/**
 * Wire schemas every service shares (wire/README §4, wire/merchant-settings.md): the query request, paging
 * metadata, the bulk answer, counts and the empty answer.
 */

const Opt = Type.Optional;
const Str = Type.String;
const Bool = Type.Boolean;

/** The wire query (wire/README §4). `filter` and `sort` are also accepted as JSON strings. */
export const WireQuery = Type.Object(
  {
    filter: Opt(
      Type.Union([Type.Record(Str(), Type.Unknown()), Str({ maxLength: 20_000 })], {
        description:
          'Filter object: `{"field": value}` (equals), `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$startsWith`, `$endsWith`, `$contains` (case-insensitive), `$in`, `$hasSome`, `$hasAll`, `$exists`, `$and`, `$or`, `$not`.',
      }),
    ),
    sort: Opt(
      Type.Union([
        Type.Array(
          Type.Object({ fieldName: Opt(Str({ maxLength: 100 })), order: Opt(Str({ maxLength: 10 })) }),
          {
            maxItems: 5,
          },
        ),
        Str({ maxLength: 2000 }),
      ]),
    ),
    paging: Opt(
      Type.Object({
        limit: Opt(Type.Integer({ minimum: 0, maximum: 100, description: 'Default 50, at most 100' })),
        offset: Opt(Type.Integer({ minimum: 0 })),
      }),
    ),
    cursorPaging: Opt(
      Type.Object({
        limit: Opt(Type.Integer({ minimum: 0, maximum: 100, description: 'Default 50, at most 100' })),
        cursor: Opt(Type.Union([Str({ maxLength: 16_384 }), Type.Null()])),
      }),
    ),
  },
  { description: 'Use `paging` (offset) or `cursorPaging`; a cursor carries its query, so send it alone.' },
);

/** Offset paging: count, offset, total (absent when tooManyToCount); cursor paging: count, cursors, hasNext. */
export const PagingMetadata = Type.Object({
  count: Type.Integer(),
  offset: Opt(Type.Integer()),
  total: Opt(Type.Integer()),
  tooManyToCount: Opt(Type.Boolean()),
  cursors: Opt(
    Type.Object({ next: Type.Union([Str(), Type.Null()]), prev: Type.Union([Str(), Type.Null()]) }),
  ),
  hasNext: Opt(Type.Boolean()),
});

const BulkError = Type.Object({ code: Str(), description: Str(), data: Type.Record(Str(), Type.Unknown()) });
export const BulkItemMetadata = Type.Object({
  id: Opt(Str()),
  originalIndex: Type.Integer(),
  success: Bool(),
  error: Opt(BulkError),
});
export const BulkActionMetadata = Type.Object({
  totalSuccesses: Type.Integer(),
  totalFailures: Type.Integer(),
  undetailedFailures: Type.Integer(),
});

export const Empty = Type.Object({});

/** The wire's bulk answer: one result per item (with the item when asked), and the totals. */
export function bulkResponse(item: TSchema): TSchema {
  return Type.Object({
    results: Type.Array(Type.Object({ itemMetadata: BulkItemMetadata, item: Opt(item) })),
    bulkActionMetadata: BulkActionMetadata,
  });
}
export const BulkDeleteResponse = Type.Object({
  results: Type.Array(Type.Object({ itemMetadata: BulkItemMetadata })),
  bulkActionMetadata: BulkActionMetadata,
});

/** `POST <p>/count {filter}` → `{count}`. */
export const CountRequest = Type.Object({
  filter: Opt(Type.Union([Type.Record(Str(), Type.Unknown()), Str()])),
});
export const CountResponse = Type.Object({ count: Type.Integer() });
