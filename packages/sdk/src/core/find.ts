import { createPage, type Page } from './paging.ts';
import type { QueryRunner } from './query.ts';
import type { WireQuery } from './wire-query.ts';
import { renameQueryToWire } from './renames.ts';
import type { TransformSpec } from './transform.ts';
import type { Http } from './transport.ts';
import { isRecord } from './values.ts';

export interface FindSpec {
  /** GET* path (with `.r` and POST fallback) unless `method` is POST. */
  path: string;
  method?: 'GET' | 'POST';
  fallbackPath?: string;
  /** Response keys of the items and of the paging metadata, per call. */
  itemsKey: string;
  metadataKey: string;
  /** Response transform, from the response root (e.g. `products.lastUpdated`). */
  transform?: TransformSpec;
  renames?: boolean;
  /** Request key of the query object; default `query` (orders search: `search`). */
  queryKey?: string;
  /** Request fields sent beside `query` (e.g. `fields`, `includeVariants`). */
  extra?: object;
  /** Converts each item after `transform` (image URIs, addresses, …). */
  item?: (raw: unknown) => unknown;
}

/** A QueryRunner that sends `{query}` and wraps the response in a Page. */
export function createFinder<T>(http: Http, spec: FindSpec): QueryRunner<T> {
  const run = async (query: WireQuery): Promise<Page<T>> => {
    const method = spec.method ?? 'GET';
    const response = await http.request<unknown>({
      method,
      path: spec.path,
      data: { ...spec.extra, [spec.queryKey ?? 'query']: spec.renames ? renameQueryToWire(query) : query },
      complex: method === 'GET',
      fallbackPath: spec.fallbackPath,
      transform: spec.transform,
      renames: spec.renames,
    });
    const body = isRecord(response) ? response : {};
    const raw = body[spec.itemsKey];
    const items = Array.isArray(raw) ? (spec.item ? raw.map(spec.item) : raw) : [];
    // Items are typed by the module's declaration of the response, as with http.request<T>.
    return createPage<T>({
      items: items as T[],
      metadata: body[spec.metadataKey],
      query,
      fetch: run,
    });
  };
  return run;
}
