export type SortOrder = 'ASC' | 'DESC';

export interface Sorting {
  fieldName: string;
  order: SortOrder;
}

/** A wire filter: `{field: value}` for equals, operator objects (`$gt`, …), `$and`/`$or` arrays, `$not`. */
export type Filter = Record<string, unknown>;

/** The wire query object (wire §4). */
export interface WireQuery {
  filter?: Filter;
  sort?: Sorting[];
  paging?: { limit: number; offset: number };
  cursorPaging?: { limit: number; cursor?: string };
}
