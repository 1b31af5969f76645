import type { Http } from '../core/transport.ts';
import type { Ribbon } from './merchandising-types.ts';
import { namedCalls, namedResource } from './named-entities.ts';
import { CATALOGUE_V3_PATH } from './v3-entities.ts';

export const RIBBONS_PATH = `${CATALOGUE_V3_PATH}/ribbons`;

/**
 * Ribbons (catalogue v3): reads for everyone, writes for admin clients; the same calls as brands
 * (`createRibbon` … `bulkGetOrCreateRibbons`), but `queryRibbons` sends a plain `POST /query`.
 */
export const ribbons = (http: Http) =>
  namedCalls(namedResource<Ribbon>(http, 'ribbon', 'POST'), { one: 'Ribbon', many: 'Ribbons' });

export type RibbonsModule = ReturnType<typeof ribbons>;
