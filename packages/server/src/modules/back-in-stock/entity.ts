import { type Static, Type } from '@sinclair/typebox';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, firstRow } from '../../platform/db.ts';
import {
  defineEntity,
  entityService,
  iso,
  revisionAndDates,
  Revision,
  presentFields,
} from '../../platform/entity-kit/index.ts';
import { notFound } from '../../platform/errors.ts';
import { backInStockRequests, type ItemDetails } from './tables.ts';

/**
 * Back-in-stock notification requests (wire/merchant-settings.md "Back-in-stock"). Shoppers create them
 * (access visitor); admins get, delete, query (GET* on the collection path, POST `/query` fallback), count them
 * per item and report items back in stock. Events: `back_in_stock_request.created|updated|deleted`.
 */

export const STATUSES = ['RECEIVED', 'PROCESSING', 'NOTIFICATION_SENT', 'FAILED'] as const;
export type RequestStatus = (typeof STATUSES)[number];
export const PREFIXES = ['/back-in-stock-service', ''];
export const RELATIVE_PATH = '/v1/back-in-stock-notification-requests';
export const PATH = `${PREFIXES[0]}${RELATIVE_PATH}`;

export type RequestRow = typeof backInStockRequests.$inferSelect;

export const CatalogReference = Type.Object({
  catalogItemId: Type.String({ minLength: 1, maxLength: 200 }),
  appId: Type.String({ minLength: 1, maxLength: 200 }),
  options: Type.Optional(
    Type.Object(
      { variantId: Type.Optional(Type.String({ maxLength: 200 })) },
      { additionalProperties: true },
    ),
  ),
});
export type CatalogRef = Static<typeof CatalogReference>;

export const RequestCreate = Type.Object({
  catalogReference: CatalogReference,
  email: Type.String({ format: 'email', maxLength: 254 }),
  contactId: Type.Optional(Type.String({ maxLength: 200 })),
  itemUrl: Type.Optional(Type.String({ maxLength: 2000 })),
});
export const ItemDetailsSchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 500 })),
  price: Type.Optional(Type.String({ maxLength: 50 })),
  image: Type.Optional(Type.String({ maxLength: 2000 })),
});

/** What the create writes: the shopper's request plus what the flow resolved about the item. */
export interface NewRequest extends Static<typeof RequestCreate> {
  itemDetails: ItemDetails;
}

export const variantOf = (ref: { options?: { variantId?: string | undefined } | undefined }) =>
  ref.options?.variantId ?? '';

export const emailKeyOf = (email: string) => email.trim().toLowerCase();

export function requestToWire(row: RequestRow) {
  return {
    id: row.id,
    catalogReference: row.catalogReference,
    email: row.email,
    ...presentFields(row, ['contactId']),
    status: row.status,
    autoNotified: row.autoNotified,
    ...presentFields(row, ['failureReason', 'itemUrl']),
    ...(row.notifiedDate ? { notifiedDate: iso(row.notifiedDate) } : {}),
    ...revisionAndDates(row),
  };
}

export type WireRequest = ReturnType<typeof requestToWire>;

export const requestNotFound = (id: string) =>
  notFound('BACK_IN_STOCK_REQUEST_NOT_FOUND', `Back-in-stock request ${id} was not found`, { id });

const t = backInStockRequests;

export const backInStockRequest = defineEntity({
  label: 'back-in-stock request',
  key: 'request',
  plural: 'requests',
  event: 'back_in_stock_request',
  table: backInStockRequests,
  path: PATH,
  tags: ['back in stock'],
  summaries: {
    create: 'Ask to be told when an item is back in stock',
    get: 'Get a back-in-stock request',
    delete: 'Delete a back-in-stock request',
    query: 'Query back-in-stock requests',
  },
  access: { create: 'visitor' },
  schemas: { create: RequestCreate },
  query: {
    fields: {
      status: { sql: t.status, type: 'string', enum: STATUSES, sortable: true },
      email: { sql: t.emailKey, type: 'string', sortable: true },
      contactId: { sql: t.contactId, type: 'string', nullable: true },
      autoNotified: { sql: t.autoNotified, type: 'boolean' },
      'catalogReference.catalogItemId': { sql: t.catalogItemId, type: 'string', sortable: true },
      'catalogReference.appId': { sql: t.appId, type: 'string' },
      'catalogReference.options.variantId': { sql: t.variantId, type: 'string' },
    },
    get: true,
    getPath: '',
    answer: (items, metadata) => ({ requests: items, metadata }),
    prepare: (query) =>
      query && typeof query === 'object' && 'filter' in query
        ? { ...query, filter: lowerEmails((query as { filter: unknown }).filter) }
        : query,
  },
  toWire: requestToWire,
  notFound: requestNotFound,
  insert: (input: NewRequest) => ({
    appId: input.catalogReference.appId,
    catalogItemId: input.catalogReference.catalogItemId,
    variantId: variantOf(input.catalogReference),
    catalogReference: input.catalogReference,
    email: input.email.trim(),
    emailKey: emailKeyOf(input.email),
    contactId: input.contactId ?? null,
    itemUrl: input.itemUrl ?? null,
    itemDetails: input.itemDetails,
  }),
  unique: (input) => {
    const ref = (input as NewRequest).catalogReference;
    return {
      what: 'A back-in-stock request for this e-mail and item',
      data: { catalogReference: ref },
    };
  },
});

export const backInStockService = entityService(backInStockRequest);

/** The values a query filter compares with `email`, lower-cased (the field is the stored `lower(trim(email))`). */
export function lowerEmails(filter: unknown, inEmail = false): unknown {
  if (typeof filter === 'string') return inEmail ? emailKeyOf(filter) : filter;
  if (Array.isArray(filter)) return filter.map((f) => lowerEmails(f, inEmail));
  if (!filter || typeof filter !== 'object') return filter;
  return Object.fromEntries(
    Object.entries(filter).map(([k, v]) => [k, lowerEmails(v, inEmail || k === 'email')]),
  );
}

/** `mark-as-notification-sent` (a merchant notified the shopper themselves): NOTIFICATION_SENT, not automatic. */
export async function markNotificationSent(ctx: AppContext, id: string, revision?: string | number) {
  return backInStockService.change(ctx, id, revision, (current) =>
    current.status === 'NOTIFICATION_SENT'
      ? {}
      : {
          status: 'NOTIFICATION_SENT',
          autoNotified: false,
          failureReason: null,
          notifiedDate: ctx.clock(),
        },
  );
}

export const MarkSentRequest = Type.Object({ revision: Type.Optional(Revision) });

/** `count-by-catalog-reference`: requests per item (`statuses` narrows them; all when absent). */
export async function countByCatalogReference(
  db: Db,
  references: CatalogRef[],
  statuses?: readonly string[],
) {
  const ids = [...new Set(references.map((r) => r.catalogItemId))];
  const counts = ids.length
    ? await db
        .select({
          appId: t.appId,
          catalogItemId: t.catalogItemId,
          variantId: t.variantId,
          n: sql<number>`count(*)::int`,
        })
        .from(t)
        .where(
          and(inArray(t.catalogItemId, ids), statuses?.length ? inArray(t.status, [...statuses]) : undefined),
        )
        .groupBy(t.appId, t.catalogItemId, t.variantId)
    : [];
  const key = (appId: string, itemId: string, variantId: string) =>
    `${appId}\u0000${itemId}\u0000${variantId}`;
  const byKey = new Map(counts.map((c) => [key(c.appId, c.catalogItemId, c.variantId), Number(c.n)]));
  return {
    countsPerCatalogReference: references.map((ref) => ({
      catalogReference: ref,
      count: byKey.get(key(ref.appId, ref.catalogItemId, variantOf(ref))) ?? 0,
    })),
  };
}

/** The request row, or undefined (for flows that skip deleted ones). */
export async function findRequest(db: Db, id: string): Promise<RequestRow | undefined> {
  return firstRow(db, t, eq(t.id, id));
}
