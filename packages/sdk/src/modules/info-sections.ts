import type { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { BulkResult, FieldMask } from './common-types.ts';
import type {
  FieldsOptions,
  InfoSection,
  InfoSectionInput,
  MerchandisingUpdateOptions,
} from './merchandising-types.ts';
import {
  type BulkCreateOptions,
  type BulkUpdateOptions,
  CATALOGUE_V3_PATH,
  type CountOptions,
  v3EntityCalls,
} from './v3-entities.ts';

export const INFO_SECTIONS_PATH = `${CATALOGUE_V3_PATH}/info-sections`;

const CONVERSION = { dates: ['createdDate', 'updatedDate'] };

/** Info sections (catalogue v3): titled rich-content blocks shared by products; admin writes. */
export const infoSections = (http: Http) => {
  const calls = v3EntityCalls<InfoSection, InfoSectionInput, InfoSectionInput>(http, {
    segment: 'info-sections',
    plural: 'infoSections',
    key: 'infoSection',
    queryMethod: 'GET',
    conversion: CONVERSION,
  });
  return {
    createInfoSection: (infoSection: InfoSectionInput): Promise<InfoSection> => calls.create(infoSection),
    getInfoSection: (infoSectionId: string, options?: FieldsOptions): Promise<InfoSection> =>
      calls.get(infoSectionId, options),
    /** Send the `revision` you read. */
    updateInfoSection: (
      infoSectionId: string,
      infoSection: InfoSectionInput,
      options?: MerchandisingUpdateOptions,
    ): Promise<InfoSection> => calls.update(infoSectionId, infoSection, options),
    deleteInfoSection: (infoSectionId: string): Promise<void> => calls.remove(infoSectionId),
    /** Cursor-paged; `.find()` sends GET* `/query` (POST fallback, same path). */
    queryInfoSections: (options?: FieldsOptions): QueryBuilder<InfoSection> => calls.query(options),
    countInfoSections: (options?: CountOptions): Promise<number> => calls.count(options),
    bulkCreateInfoSections: (
      list: readonly InfoSectionInput[],
      options?: BulkCreateOptions,
    ): Promise<BulkResult<InfoSection>> => calls.bulkCreate(list, options),
    bulkUpdateInfoSections: (
      list: readonly { infoSection: InfoSectionInput & { id: string }; fieldMask?: FieldMask }[],
      options?: BulkUpdateOptions,
    ): Promise<BulkResult<InfoSection>> =>
      calls.bulkUpdate(
        list.map((item) => ({ entity: item.infoSection, fieldMask: item.fieldMask })),
        options,
      ),
    bulkDeleteInfoSections: (infoSectionIds: readonly string[]): Promise<BulkResult<never>> =>
      calls.bulkDelete(infoSectionIds),
    /** The section with this id or unique name, created from the input when missing. */
    getOrCreateInfoSection: (infoSection: InfoSectionInput & { id?: string }): Promise<InfoSection> =>
      calls.post('/get-or-create', { infoSection }),
    /** By unique name, created when missing. */
    bulkGetOrCreateInfoSections: (list: readonly InfoSectionInput[]): Promise<BulkResult<InfoSection>> =>
      calls.bulk<InfoSection>('get-or-create', { infoSections: [...list] }),
  };
};

export type InfoSectionsModule = ReturnType<typeof infoSections>;
