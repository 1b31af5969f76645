import { createHttp, type Http, type TransportOptions } from './transport.ts';

/** A module: a plain factory over the transport, so unused modules are tree-shaken away. */
export type ModuleFactory<M extends object = object> = (http: Http) => M;

export type ModuleMap = Record<string, ModuleFactory>;

export interface ClientOptions<M extends ModuleMap> extends TransportOptions {
  modules: M;
}

export type BoundModules<M extends ModuleMap> = { readonly [K in keyof M]: ReturnType<M[K]> };

export type AisleClient<M extends ModuleMap> = BoundModules<M> & {
  /** Generic JSON call with the client's auth, headers, encoding and error mapping. */
  request: Http['request'];
  /** Raw fetch with the client's auth headers; relative paths get the baseUrl. */
  fetchWithAuth: Http['fetchWithAuth'];
};

const RESERVED = new Set(['request', 'fetchWithAuth']);

/** Binds each module to one shared transport: `createClient({ modules: { products } }).products.getProduct(id)`. */
export function createClient<M extends ModuleMap>(options: ClientOptions<M>): AisleClient<M> {
  const http = createHttp(options);
  const bound: Record<string, object> = {};
  for (const [name, factory] of Object.entries(options.modules)) {
    if (RESERVED.has(name)) throw new Error(`Module name "${name}" is reserved`);
    bound[name] = factory(http);
  }
  // The loop above builds exactly BoundModules<M>; TypeScript cannot follow it through Object.entries.
  return { ...(bound as BoundModules<M>), request: http.request, fetchWithAuth: http.fetchWithAuth };
}
