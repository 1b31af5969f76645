import type { BulkResult } from './bulk-types.ts';
import { type ConversionSpec, convertFromWire, convertToWire, prefixConversion } from './convert.ts';
import { createFinder } from './find.ts';
import { QueryBuilder } from './query.ts';
import { prefixTransform } from './transform.ts';
import type { Http } from './transport.ts';
import type { Filter } from './wire-query.ts';

/** One REST resource with the usual calls (wire/merchant-settings.md "CRUD"). */
export interface EntitySpec {
  /** Collection path, e.g. `/ecom/v1/coupons`. */
  path: string;
  /** Wire key of one entity, e.g. `coupon`. */
  key: string;
  /** Path parameter (and query field) naming the entity in get and delete; default `id`. */
  idParam?: string;
  /** Response conversions, relative to the entity. */
  conversion?: ConversionSpec;
  /** Request conversions, relative to the entity. */
  input?: ConversionSpec;
}

export interface EntityCalls<E, C, U> {
  /** A wire entity converted and typed. */
  fromWire(raw: unknown): E;
  /** A client entity in wire form. */
  toWire(entity: C | U): unknown;
  /** `POST <path> {<key>, ...extra}` → `{<key>}`. */
  create(entity: C, extra?: object): Promise<E>;
  /** `GET <path>/{id}` (extra fields in the query string) → `{<key>}`. */
  get(id: string, extra?: object): Promise<E>;
  /** `PATCH <path>/{<key>.id} {<key>: {...patch, id}, ...extra}` → `{<key>}`. */
  update(id: string, patch: U, extra?: object): Promise<E>;
  /** `DELETE <path>/{id}` → `{}`. */
  remove(id: string): Promise<void>;
}

/** Field masks travel as one comma-joined string. */
export function joinFieldMask(mask: string | readonly string[] | undefined): string | undefined {
  return mask === undefined || typeof mask === 'string' ? mask : mask.join(',');
}

/** Drops undefined values, so optional extras do not reach the wire. */
export function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** The create/get/update/delete calls of one resource, for modules to expose under their own names. */
export function entityCalls<E, C, U = Partial<C>>(http: Http, spec: EntitySpec): EntityCalls<E, C, U> {
  const { path, key } = spec;
  const idParam = spec.idParam ?? 'id';
  const fromWire = (raw: unknown): E => (spec.conversion ? convertFromWire(raw, spec.conversion) : raw) as E;
  const toWire = (entity: C | U): unknown => (spec.input ? convertToWire(entity, spec.input) : entity);
  const unwrap = (response: Record<string, unknown>): E => fromWire(response[key]);
  return {
    fromWire,
    toWire,
    create: (entity, extra = {}) =>
      http
        .request<Record<string, unknown>>({ method: 'POST', path, data: { [key]: toWire(entity), ...extra } })
        .then(unwrap),
    get: (id, extra = {}) =>
      http
        .request<Record<string, unknown>>({
          method: 'GET',
          path: `${path}/{${idParam}}`,
          data: { ...extra, [idParam]: id },
        })
        .then(unwrap),
    update: (id, patch, extra = {}) => {
      const wire = toWire(patch);
      return http
        .request<Record<string, unknown>>({
          method: 'PATCH',
          path: `${path}/{${key}.id}`,
          data: { [key]: { ...(typeof wire === 'object' ? wire : {}), id }, ...extra },
        })
        .then(unwrap);
    },
    remove: async (id) => {
      await http.request<unknown>({
        method: 'DELETE',
        path: `${path}/{${idParam}}`,
        data: { [idParam]: id },
      });
    },
  };
}

/** A described resource: the CRUD calls plus its wire query (the server's entity kit, seen from the client). */
export interface ResourceSpec extends EntitySpec {
  /** Wire key of a page of entities, e.g. `coupons`. */
  plural: string;
  /** `GET` sends GET* `<path>/query` (POST fallback, same path); `POST` sends a plain POST. */
  queryMethod: 'GET' | 'POST';
  paging: 'offset' | 'cursor';
  /** The PATCH body's mask field: `fieldMask` unless the wire names it otherwise (discount rules: `mask`). */
  maskField?: string;
  /** Where the query goes when not `<path>/query` (e.g. the collection path itself), and its POST fallback. */
  queryPath?: string;
  queryFallbackPath?: string;
  /** Response key of the paging metadata; default `pagingMetadata`. */
  metadataKey?: string;
  /** Where the bulk calls go: `<bulkPath>/create`, `/update`, `/delete`, … (e.g. `/stores/v3/bulk/brands`). */
  bulkPath?: string;
}

export interface PatchOptions {
  /** Names or one comma-joined string; absent: every field sent. */
  fieldMask?: string | readonly string[];
  /** Extra fields the answer should carry (v3 catalogue: `ASSIGNED_PRODUCTS_COUNT`). */
  fields?: readonly string[];
}

export interface BulkCreateOptions {
  /** Default true on the v3 catalogue. */
  returnEntity?: boolean;
}

export interface BulkUpdateOptions extends BulkCreateOptions {
  fields?: readonly string[];
}

export interface ResourceCalls<E, C, U> extends EntityCalls<E, C, U> {
  /** `PATCH` with the options' field mask (names or one comma-joined string) and `fields`. */
  patch(id: string, patch: U, options?: PatchOptions): Promise<E>;
  /** A query builder over `<path>/query` (`extra`: request fields beside `query`); `.find()` sends it. */
  query(extra?: object): QueryBuilder<E>;
  /** `POST <path>/count {filter}` → the count. */
  count(filter?: Filter): Promise<number>;
  /** `POST <path><suffix>` answered `{<key>}`. */
  post(suffix: string, data: object): Promise<E>;
  /** `POST <bulkPath>/<action>`, the items of the answer converted. */
  bulk<T>(action: string, data: object): Promise<BulkResult<T>>;
  bulkCreate(list: readonly C[], options?: BulkCreateOptions): Promise<BulkResult<E>>;
  bulkUpdate(
    list: readonly { entity: U & { id: string }; fieldMask?: string | readonly string[] | undefined }[],
    options?: BulkUpdateOptions,
  ): Promise<BulkResult<E>>;
  /** `POST <bulkPath>/delete {<key>Ids}`. */
  bulkDelete(ids: readonly string[]): Promise<BulkResult<never>>;
}

export function resourceCalls<E, C, U = Partial<C>>(http: Http, spec: ResourceSpec): ResourceCalls<E, C, U> {
  const calls = entityCalls<E, C, U>(http, spec);
  const { key, plural, path } = spec;
  const maskField = spec.maskField ?? 'fieldMask';
  const items = prefixConversion('results.item', spec.conversion ?? {});
  const bulk = <T>(action: string, data: object): Promise<BulkResult<T>> =>
    http
      .request<unknown>({ method: 'POST', path: `${spec.bulkPath}/${action}`, data })
      .then((response) => convertFromWire(response, items) as BulkResult<T>);
  return {
    ...calls,
    patch: (id, patch, options = {}) =>
      calls.update(
        id,
        patch,
        defined({ [maskField]: joinFieldMask(options.fieldMask), fields: options.fields }),
      ),
    query: (extra = {}) =>
      new QueryBuilder<E>(
        createFinder<E>(http, {
          path: spec.queryPath ?? `${path}/query`,
          method: spec.queryMethod,
          fallbackPath: spec.queryFallbackPath,
          itemsKey: plural,
          metadataKey: spec.metadataKey ?? 'pagingMetadata',
          item: calls.fromWire,
          extra,
        }),
        spec.paging,
      ),
    count: (filter) =>
      http
        .request<{ count?: number }>({ method: 'POST', path: `${path}/count`, data: defined({ filter }) })
        .then((response) => response.count ?? 0),
    post: (suffix, data) =>
      http
        .request<Record<string, unknown>>({ method: 'POST', path: `${path}${suffix}`, data })
        .then((response) => calls.fromWire(response[key])),
    bulk,
    bulkCreate: (list, options = {}) =>
      bulk('create', defined({ [plural]: list.map(calls.toWire), returnEntity: options.returnEntity })),
    bulkUpdate: (list, options = {}) =>
      bulk(
        'update',
        defined({
          [plural]: list.map((item) =>
            defined({ [key]: calls.toWire(item.entity), [maskField]: joinFieldMask(item.fieldMask) }),
          ),
          returnEntity: options.returnEntity,
          fields: options.fields,
        }),
      ),
    bulkDelete: (ids) => bulk('delete', { [`${key}Ids`]: [...ids] }),
  };
}

/** Conversions of an entity that carries only its created and updated dates. */
export const DATED: ConversionSpec = { dates: ['createdDate', 'updatedDate'] };

/**
 * The usual calls of a described resource under its module's names (`One`: `TaxRate`, `Many`: `TaxRates`):
 * `create<One>`, `get<One>`, `update<One>` (send the `revision` you read; `fieldMask` travels under the
 * spec's mask field), `delete<One>` and `query<Many>` (paged as the spec says).
 */
export type NamedCalls<One extends string, Many extends string, E, C, U> = Record<
  `create${One}`,
  (entity: C) => Promise<E>
> &
  Record<`get${One}`, (id: string) => Promise<E>> &
  Record<`update${One}`, (id: string, patch: U, options?: PatchOptions) => Promise<E>> &
  Record<`delete${One}`, (id: string) => Promise<void>> &
  Record<`query${Many}`, () => QueryBuilder<E>>;

/** A resource declared by its names: its wire keys follow them (`TaxRate` → `taxRate`, `TaxRates` → `taxRates`). */
export interface DeclaredSpec extends Omit<ResourceSpec, 'key' | 'plural' | 'paging'> {
  /** Default `offset`. */
  paging?: ResourceSpec['paging'];
}

export const uncapitalize = <S extends string>(name: S) =>
  `${name[0]!.toLowerCase()}${name.slice(1)}` as Uncapitalize<S>;

/**
 * Declares one resource: `declaredCalls<E, C, U>()(http, ['TaxRate', 'TaxRates'], spec)` gives its resource
 * calls (for the module's own extra calls) and the usual calls under the module's names.
 */
export function declaredCalls<E, C, U = Partial<C>>() {
  return <One extends string, Many extends string>(
    http: Http,
    [one, many]: readonly [One, Many],
    spec: DeclaredSpec,
  ): { calls: ResourceCalls<E, C, U>; named: NamedCalls<One, Many, E, C, U> } => {
    const calls = resourceCalls<E, C, U>(http, {
      ...spec,
      key: uncapitalize(one),
      plural: uncapitalize(many),
      paging: spec.paging ?? 'offset',
    });
    const named = {
      [`create${one}`]: (entity: C) => calls.create(entity),
      [`get${one}`]: (id: string) => calls.get(id),
      [`update${one}`]: (id: string, patch: U, options?: PatchOptions) => calls.patch(id, patch, options),
      [`delete${one}`]: (id: string) => calls.remove(id),
      [`query${many}`]: () => calls.query(),
    };
    return { calls, named: named as NamedCalls<One, Many, E, C, U> };
  };
}

/**
 * `POST <path> {<plural>: list, returnEntity}` (`returnEntity` false unless asked), each item on its own: a
 * refused one fails only its item; the items' entities converted as `conversion` says.
 */
export function bulkCreateCall<E, C>(http: Http, path: string, plural: string, conversion?: ConversionSpec) {
  return (list: readonly C[], options: { returnEntity?: boolean } = {}): Promise<BulkResult<E>> =>
    http.request<BulkResult<E>>({
      method: 'POST',
      path,
      data: { [plural]: [...list], returnEntity: options.returnEntity ?? false },
      ...(conversion ? { transform: prefixTransform('results.item', conversion) } : {}),
    });
}
