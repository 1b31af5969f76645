import { type ConversionSpec, convertFromWire, convertToWire } from './convert.ts';
import type { Http } from './transport.ts';

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
