import { DATED, type DeclaredSpec, declaredCalls } from '../core/entity.ts';
import { prefixTransform } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult } from './common-types.ts';
import type { AppDefaultTaxGroups, TaxGroup, TaxGroupInput, TaxGroupUpdate } from './settings-types.ts';

export const TAX_GROUPS_PATH = '/billing/v1/tax-groups';

const SPEC: DeclaredSpec = { path: TAX_GROUPS_PATH, queryMethod: 'POST', conversion: DATED };

/**
 * Tax groups: products and shipping belong to one; rates are set per group and region (admin). Updating a
 * system-defined group refuses with ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP; deleting a group also deletes
 * its rates; `queryTaxGroups` is offset-paged (`POST /query`).
 */
export const taxGroups = (http: Http) => {
  const { calls, named } = declaredCalls<TaxGroup, TaxGroupInput, TaxGroupUpdate>()(
    http,
    ['TaxGroup', 'TaxGroups'],
    SPEC,
  );
  return {
    ...named,
    /** The system-defined groups. */
    listDefaultTaxGroups: (): Promise<TaxGroup[]> =>
      http
        .request<{ taxGroups?: unknown[] }>({ method: 'GET', path: `${TAX_GROUPS_PATH}/default-tax-groups` })
        .then((response) => (response.taxGroups ?? []).map(calls.fromWire)),
    /** The system-defined groups of each app, one bulk result per app id. */
    listDefaultTaxGroupsByAppIds: (appIds: readonly string[]): Promise<BulkResult<AppDefaultTaxGroups>> =>
      http.request<BulkResult<AppDefaultTaxGroups>>({
        method: 'POST',
        path: `${TAX_GROUPS_PATH}/list-default-tax-groups-by-app-ids`,
        data: { appIds: [...appIds] },
        transform: prefixTransform('results.item.taxGroups', DATED),
      }),
  };
};

export type TaxGroupsModule = ReturnType<typeof taxGroups>;
