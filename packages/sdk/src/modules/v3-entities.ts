import { type ConversionSpec, convertFromWire, prefixConversion } from '../core/convert.ts';
import { defined, entityCalls, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import { type Filter, QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
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

export interface BulkCreateOptions {
  /** Default true. */
  returnEntity?: boolean;
}

export interface BulkUpdateOptions extends FieldsOptions {
  /** Default true. */
  returnEntity?: boolean;
}

export interface CountOptions {
  /** A wire filter, e.g. `queryBrands().startsWith('name', 'A').getFilter()`. */
  filter?: Filter;
}

/** The calls every v3 entity has; each module exposes them under its own names. */
export function v3EntityCalls<E, C, U>(http: Http, spec: V3EntitySpec) {
  const path = `${CATALOGUE_V3_PATH}/${spec.segment}`;
  const entity = entityCalls<E, C, U>(http, {
    path,
    key: spec.key,
    idParam: `${spec.key}Id`,
    conversion: spec.conversion,
    ...(spec.input ? { input: spec.input } : {}),
  });
  const bulkConversion = prefixConversion('results.item', spec.conversion);
  const bulk = <T>(action: string, data: object): Promise<BulkResult<T>> =>
    http
      .request<unknown>({ method: 'POST', path: `${CATALOGUE_V3_PATH}/bulk/${spec.segment}/${action}`, data })
      .then((response) => convertFromWire(response, bulkConversion) as BulkResult<T>);

  return {
    fromWire: entity.fromWire,
    toWire: entity.toWire,
    create: (input: C): Promise<E> => entity.create(input),
    get: (id: string, options: FieldsOptions = {}): Promise<E> =>
      entity.get(id, defined({ fields: options.fields })),
    update: (id: string, patch: U, options: MerchandisingUpdateOptions = {}): Promise<E> =>
      entity.update(
        id,
        patch,
        defined({ fieldMask: joinFieldMask(options.fieldMask), fields: options.fields }),
      ),
    remove: entity.remove,
    /** Cursor-paged. */
    query: (options: FieldsOptions = {}): QueryBuilder<E> =>
      new QueryBuilder<E>(
        createFinder<E>(http, {
          path: `${path}/query`,
          method: spec.queryMethod,
          itemsKey: spec.plural,
          metadataKey: 'pagingMetadata',
          item: entity.fromWire,
          extra: defined({ fields: options.fields }),
        }),
        'cursor',
      ),
    count: (options: CountOptions = {}): Promise<number> =>
      http
        .request<{ count?: number }>({
          method: 'POST',
          path: `${path}/count`,
          data: defined({ filter: options.filter }),
        })
        .then((response) => response.count ?? 0),
    bulkCreate: (list: readonly C[], options: BulkCreateOptions = {}): Promise<BulkResult<E>> =>
      bulk<E>(
        'create',
        defined({ [spec.plural]: list.map(entity.toWire), returnEntity: options.returnEntity }),
      ),
    bulkUpdate: (
      list: readonly { entity: U & { id: string }; fieldMask?: FieldMask | undefined }[],
      options: BulkUpdateOptions = {},
    ): Promise<BulkResult<E>> =>
      bulk<E>(
        'update',
        defined({
          [spec.plural]: list.map((item) =>
            defined({ [spec.key]: entity.toWire(item.entity), fieldMask: joinFieldMask(item.fieldMask) }),
          ),
          returnEntity: options.returnEntity,
          fields: options.fields,
        }),
      ),
    bulkDelete: (ids: readonly string[]): Promise<BulkResult<never>> =>
      bulk<never>('delete', { [`${spec.key}Ids`]: [...ids] }),
    /** A POST under the entity path whose answer is `{<key>}`. */
    post: (suffix: string, data: object): Promise<E> =>
      http
        .request<Record<string, unknown>>({ method: 'POST', path: `${path}${suffix}`, data })
        .then((response) => entity.fromWire(response[spec.key])),
    bulk,
  };
}
