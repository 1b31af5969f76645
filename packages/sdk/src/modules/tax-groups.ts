import { entityCalls, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import { prefixTransform } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult } from './common-types.ts';
import type {
  AppDefaultTaxGroups,
  TaxGroup,
  TaxGroupInput,
  TaxGroupUpdate,
  UpdateOptions,
} from './settings-types.ts';

export const TAX_GROUPS_PATH = '/billing/v1/tax-groups';

const CONVERSION = { dates: ['createdDate', 'updatedDate'] };

/** Tax groups: products and shipping belong to one; rates are set per group and region (admin). */
export const taxGroups = (http: Http) => {
  const calls = entityCalls<TaxGroup, TaxGroupInput, TaxGroupUpdate>(http, {
    path: TAX_GROUPS_PATH,
    key: 'taxGroup',
    conversion: CONVERSION,
  });
  return {
    createTaxGroup: (taxGroup: TaxGroupInput): Promise<TaxGroup> => calls.create(taxGroup),
    getTaxGroup: (taxGroupId: string): Promise<TaxGroup> => calls.get(taxGroupId),
    /** System-defined groups refuse with ILLEGAL_UPDATE_ON_SYSTEM_DEFINED_TAX_GROUP. */
    updateTaxGroup: (
      taxGroupId: string,
      taxGroup: TaxGroupUpdate,
      options: UpdateOptions = {},
    ): Promise<TaxGroup> =>
      calls.update(taxGroupId, taxGroup, { fieldMask: joinFieldMask(options.fieldMask) }),
    /** Also deletes the group's rates. */
    deleteTaxGroup: (taxGroupId: string): Promise<void> => calls.remove(taxGroupId),
    /** Offset-paged; `.find()` sends `POST /query`. */
    queryTaxGroups: (): QueryBuilder<TaxGroup> =>
      new QueryBuilder<TaxGroup>(
        createFinder<TaxGroup>(http, {
          path: `${TAX_GROUPS_PATH}/query`,
          method: 'POST',
          itemsKey: 'taxGroups',
          metadataKey: 'pagingMetadata',
          item: calls.fromWire,
        }),
        'offset',
      ),
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
        transform: prefixTransform('results.item.taxGroups', CONVERSION),
      }),
  };
};

export type TaxGroupsModule = ReturnType<typeof taxGroups>;
