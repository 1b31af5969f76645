import type { ConversionSpec } from '../core/convert.ts';
import { type BulkCreateOptions, defined, type ResourceCalls, resourceCalls } from '../core/entity.ts';
import type { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { Filter } from '../core/wire-query.ts';
import type { BulkResult, FieldMask } from './common-types.ts';
import type { FieldsOptions, MerchandisingUpdateOptions } from './merchandising-types.ts';

/** Public prefix of the v3 catalogue services (custom-host aliases: `/_api/<service>/v3`). */
export const CATALOGUE_V3_PATH = '/stores/v3';

/** One v3 catalogue entity (wire/merchant-settings.md "Catalogue v3 reference data"). */
export interface V3EntitySpec {
  /** Path segment and plural wire key, e.g. `brands` / `brands`. */
  segment: string;
  plural: string;
  /** Wire key of one entity, e.g. `brand` (the id parameter is `<key>Id`). */
  key: string;
  /** GET* with POST fallback, or plain POST (ribbons). */
  queryMethod: 'GET' | 'POST';
  conversion: ConversionSpec;
  input?: ConversionSpec;
}

export type { BulkCreateOptions };

export interface BulkUpdateOptions extends BulkCreateOptions, FieldsOptions {}

export interface CountOptions {
  /** A wire filter, e.g. `queryBrands().startsWith('name', 'A').getFilter()`. */
  filter?: Filter;
}

/**
 * The resource calls of a v3 entity (the server's entity kit with the v3 conventions): `<key>Id` path
 * parameters, cursor paging, count, and bulk calls under `/stores/v3/bulk/<segment>`.
 */
export function v3Resource<E, C, U>(http: Http, spec: V3EntitySpec): ResourceCalls<E, C, U> {
  return resourceCalls<E, C, U>(http, {
    path: `${CATALOGUE_V3_PATH}/${spec.segment}`,
    key: spec.key,
    plural: spec.plural,
    idParam: `${spec.key}Id`,
    queryMethod: spec.queryMethod,
    paging: 'cursor',
    bulkPath: `${CATALOGUE_V3_PATH}/bulk/${spec.segment}`,
    conversion: spec.conversion,
    ...(spec.input ? { input: spec.input } : {}),
  });
}

/**
 * The calls every v3 entity module has, under its names (`One`: `Brand`, `Many`: `Brands`); a bulk update's
 * items carry the entity under its wire key (`brand`).
 */
export type V3Calls<One extends string, Many extends string, E, C, U> = Record<
  `create${One}`,
  (entity: C) => Promise<E>
> &
  Record<`get${One}`, (id: string, options?: FieldsOptions) => Promise<E>> &
  /** Send the `revision` you read. */
  Record<`update${One}`, (id: string, patch: U, options?: MerchandisingUpdateOptions) => Promise<E>> &
  Record<`delete${One}`, (id: string) => Promise<void>> &
  /** Cursor-paged; `.find()` sends GET* `/query` (POST fallback, same path), or `POST /query` (ribbons). */
  Record<`query${Many}`, (options?: FieldsOptions) => QueryBuilder<E>> &
  Record<`count${Many}`, (options?: CountOptions) => Promise<number>> &
  Record<`bulkCreate${Many}`, (list: readonly C[], options?: BulkCreateOptions) => Promise<BulkResult<E>>> &
  Record<
    `bulkUpdate${Many}`,
    (
      list: readonly (Record<Uncapitalize<One>, U & { id: string }> & { fieldMask?: FieldMask })[],
      options?: BulkUpdateOptions,
    ) => Promise<BulkResult<E>>
  >;

/** A v3 entity's usual calls, named as its module names them. */
export function v3Calls<One extends string, Many extends string, E, C, U>(
  calls: ResourceCalls<E, C, U>,
  names: { one: One; many: Many },
): V3Calls<One, Many, E, C, U> {
  const { one, many } = names;
  const key = `${one[0]!.toLowerCase()}${one.slice(1)}` as Uncapitalize<One>;
  const fields = (options: FieldsOptions = {}) => defined({ fields: options.fields });
  const named = {
    [`create${one}`]: (entity: C) => calls.create(entity),
    [`get${one}`]: (id: string, options?: FieldsOptions) => calls.get(id, fields(options)),
    [`update${one}`]: (id: string, patch: U, options?: MerchandisingUpdateOptions) =>
      calls.patch(id, patch, options),
    [`delete${one}`]: (id: string) => calls.remove(id),
    [`query${many}`]: (options?: FieldsOptions) => calls.query(fields(options)),
    [`count${many}`]: (options: CountOptions = {}) => calls.count(options.filter),
    [`bulkCreate${many}`]: (list: readonly C[], options?: BulkCreateOptions) =>
      calls.bulkCreate(list, options),
    [`bulkUpdate${many}`]: (
      list: readonly (Record<Uncapitalize<One>, U & { id: string }> & { fieldMask?: FieldMask })[],
      options?: BulkUpdateOptions,
    ) =>
      calls.bulkUpdate(
        list.map((item) => ({ entity: item[key], fieldMask: item.fieldMask })),
        options,
      ),
  };
  return named as V3Calls<One, Many, E, C, U>;
}
