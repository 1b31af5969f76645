import type { Http } from '../core/transport.ts';
import type { BulkResult } from './common-types.ts';
import type { InfoSection, InfoSectionInput } from './merchandising-types.ts';
import { CATALOGUE_V3_PATH, v3Calls, v3Resource } from './v3-entities.ts';

export const INFO_SECTIONS_PATH = `${CATALOGUE_V3_PATH}/info-sections`;

/**
 * Info sections (catalogue v3): titled rich-content blocks shared by products; admin writes. `createInfoSection`,
 * `getInfoSection`, `updateInfoSection` (send the `revision` you read), `deleteInfoSection`,
 * `queryInfoSections` (cursor-paged GET* with POST fallback), `countInfoSections`, `bulkCreateInfoSections`,
 * `bulkUpdateInfoSections`, and:
 */
export const infoSections = (http: Http) => {
  const calls = v3Resource<InfoSection, InfoSectionInput, InfoSectionInput>(http, {
    segment: 'info-sections',
    plural: 'infoSections',
    queryMethod: 'GET',
    conversion: { dates: ['createdDate', 'updatedDate'] },
    key: 'infoSection',
  });
  return {
    ...v3Calls(calls, { one: 'InfoSection', many: 'InfoSections' }),
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
