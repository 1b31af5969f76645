import type { Http } from '../core/transport.ts';
import type { CatalogVersion } from './catalogue-types.ts';

/** Custom-host alias: `/_api/stores/v3/provision/version`. */
export const CATALOG_VERSION_PATH = '/stores/v3/provision/version';

/** Which catalogue the store runs (Aisle: `V1_CATALOG`). */
export const catalogVersion = (http: Http) => ({
  getCatalogVersion: (): Promise<CatalogVersion> =>
    http
      .request<{ catalogVersion: CatalogVersion }>({ method: 'GET', path: CATALOG_VERSION_PATH })
      .then((response) => response.catalogVersion),
});

export type CatalogVersionModule = ReturnType<typeof catalogVersion>;
