import type { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult, FieldMask } from './common-types.ts';
import type { Ribbon, FieldsOptions, MerchandisingUpdateOptions, NamedInput } from './merchandising-types.ts';
import {
  type BulkCreateOptions,
  type BulkUpdateOptions,
  CATALOGUE_V3_PATH,
  type CountOptions,
  v3EntityCalls,
} from './v3-entities.ts';

export const RIBBONS_PATH = `${CATALOGUE_V3_PATH}/ribbons`;

const CONVERSION = { dates: ['createdDate', 'updatedDate'] };

/** Ribbons (catalogue v3): reads for everyone, writes for admin clients. */
export const ribbons = (http: Http) => {
  const calls = v3EntityCalls<Ribbon, NamedInput, NamedInput>(http, {
    segment: 'ribbons',
    plural: 'ribbons',
    key: 'ribbon',
    queryMethod: 'POST',
    conversion: CONVERSION,
  });
  return {
    createRibbon: (ribbon: NamedInput & { name: string }): Promise<Ribbon> => calls.create(ribbon),
    getRibbon: (ribbonId: string, options?: FieldsOptions): Promise<Ribbon> => calls.get(ribbonId, options),
    /** Send the `revision` you read. */
    updateRibbon: (
      ribbonId: string,
      ribbon: NamedInput,
      options?: MerchandisingUpdateOptions,
    ): Promise<Ribbon> => calls.update(ribbonId, ribbon, options),
    deleteRibbon: (ribbonId: string): Promise<void> => calls.remove(ribbonId),
    /** Cursor-paged; `.find()` sends `POST /query`. */
    queryRibbons: (options?: FieldsOptions): QueryBuilder<Ribbon> => calls.query(options),
    countRibbons: (options?: CountOptions): Promise<number> => calls.count(options),
    bulkCreateRibbons: (
      list: readonly (NamedInput & { name: string })[],
      options?: BulkCreateOptions,
    ): Promise<BulkResult<Ribbon>> => calls.bulkCreate(list, options),
    bulkUpdateRibbons: (
      list: readonly { ribbon: NamedInput & { id: string }; fieldMask?: FieldMask }[],
      options?: BulkUpdateOptions,
    ): Promise<BulkResult<Ribbon>> =>
      calls.bulkUpdate(
        list.map((item) => ({ entity: item.ribbon, fieldMask: item.fieldMask })),
        options,
      ),
    bulkDeleteRibbons: (ribbonIds: readonly string[]): Promise<BulkResult<never>> =>
      calls.bulkDelete(ribbonIds),
    /** The ribbon of that name, created when missing. */
    getOrCreateRibbon: (ribbonName: string): Promise<Ribbon> => calls.post('/get-or-create', { ribbonName }),
    bulkGetOrCreateRibbons: (ribbonNames: readonly string[]): Promise<BulkResult<Ribbon>> =>
      calls.bulk<Ribbon>('get-or-create', { ribbonNames: [...ribbonNames] }),
  };
};

export type RibbonsModule = ReturnType<typeof ribbons>;
