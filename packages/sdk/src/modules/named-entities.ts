import type { ResourceCalls } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult } from './common-types.ts';
import type { NamedInput } from './merchandising-types.ts';
import { type V3Calls, v3Calls, v3Resource } from './v3-entities.ts';

/** Brands and ribbons: v3 entities that are a unique name, with bulk delete and get-or-create by name. */
type NamedCreate = NamedInput & { name: string };

export type NamedCalls<One extends string, Many extends string, E> = V3Calls<
  One,
  Many,
  E,
  NamedCreate,
  NamedInput
> &
  Record<`bulkDelete${Many}`, (ids: readonly string[]) => Promise<BulkResult<never>>> &
  /** The one of that name, created when missing. */
  Record<`getOrCreate${One}`, (name: string) => Promise<E>> &
  Record<`bulkGetOrCreate${Many}`, (names: readonly string[]) => Promise<BulkResult<E>>>;

/** The resource of a named entity: `key` (`brand`) gives its path, plural and id parameter. */
export const namedResource = <E>(http: Http, key: string, queryMethod: 'GET' | 'POST') =>
  v3Resource<E, NamedCreate, NamedInput>(http, {
    segment: `${key}s`,
    plural: `${key}s`,
    key,
    queryMethod,
    conversion: { dates: ['createdDate', 'updatedDate'] },
  });

/** A named entity's calls, named as its module names them (`createBrand` … `bulkGetOrCreateBrands`). */
export function namedCalls<One extends string, Many extends string, E>(
  calls: ResourceCalls<E, NamedCreate, NamedInput>,
  names: { one: One; many: Many },
): NamedCalls<One, Many, E> {
  const nameKey = `${names.one.toLowerCase()}Name`;
  return {
    ...v3Calls(calls, names),
    [`bulkDelete${names.many}`]: (ids: readonly string[]) => calls.bulkDelete(ids),
    [`getOrCreate${names.one}`]: (name: string) => calls.post('/get-or-create', { [nameKey]: name }),
    [`bulkGetOrCreate${names.many}`]: (list: readonly string[]) =>
      calls.bulk<E>('get-or-create', { [`${nameKey}s`]: [...list] }),
  } as NamedCalls<One, Many, E>;
}
