import type { TSchema } from '@sinclair/typebox';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Access } from '../auth.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db.ts';
import { notFound } from '../errors.ts';
import type { EventInput } from '../events.ts';
import type { Page, QuerySpec } from '../query/index.ts';

/**
 * One merchant entity, described once: its table, wire key and path, schemas, who may call what, writable
 * and queryable fields, event name, and the few rules of its own as plain functions. `entityService` turns
 * it into create / get / update / delete / query (each write and its event in one transaction), and
 * `entityRoutes` into the wire routes with their OpenAPI operations. Anything special stays beside it as
 * plain functions calling the same service (docs/CONVENTIONS.md, "Adding an entity").
 */
export interface EntityDescription<
  Row,
  Wire,
  Create,
  Patch,
  Field extends string = string,
  CheckedCreate = unknown,
  CheckedUpdate = unknown,
  WireContext = undefined,
> {
  /** In messages: `tax group`. */
  label: string;
  /** Wire key of one (`taxGroup`) and of a page (`taxGroups`). */
  key: string;
  plural: string;
  /** Outbox entity: events are `<event>.created|updated|deleted`. */
  event: string;
  table: EntityTable;
  /** Public collection path, e.g. `/billing/v1/tax-groups` (relative to the prefixes it is registered under). */
  path: string;
  /**
   * The path parameter naming one, `id` unless said (the v3 catalogue: `brandId`). With one, the path takes any
   * string up to 100 characters (one that is no uuid is simply not found) and a PATCH body's `<key>.id`, when
   * sent, must be the path's.
   */
  idParam?: string;
  /** OpenAPI tags and one summary per operation. */
  tags: string[];
  summaries: Partial<Record<Operation, string>>;
  /** Who may call each operation; admin when not said. */
  access?: Partial<Record<Operation, Access>>;
  /**
   * Wire schemas of the entity in a create body and in a PATCH body (without `id`, `revision`: added), and as
   * answered (`wire`): when given, every answer is serialised through it (its declared properties, in their
   * order) and documented with it.
   */
  schemas: { create: TSchema; patch?: TSchema; wire?: TSchema };
  /** Fields a PATCH may name (its `fieldMask`); none: the entity is not updated through the kit. */
  writable?: readonly Field[];
  /** The PATCH body's mask field: `fieldMask` unless the wire names it otherwise (discount rules: `mask`). */
  maskField?: string;
  /**
   * What a mask names: `fields` (default), writable field names, unknown ones refused; `paths` (the v3
   * catalogue), dotted paths as sent in a list or comma-joined, unknown ones ignored. With `paths` the rules
   * get the paths sent (every field present when there is no mask) and judge them themselves.
   */
  mask?: 'fields' | 'paths';
  /**
   * Extra `fields` a read may ask for (`?fields=` on a get; `fields` in an update, query or bulk update body),
   * e.g. the v3 catalogue's `ASSIGNED_PRODUCTS_COUNT`: `schema` is the `fields` property, `add` what they add
   * to each answered entity, read once for all the rows of the answer.
   */
  projection?: {
    schema: TSchema;
    add(db: Db, rows: Row[], fields: string[]): Promise<Array<Record<string, unknown>>>;
  };
  /**
   * Filterable and sortable fields of the wire query (`POST <p>/query`); `get` adds the complex GET beside the
   * POST, at `<p>/query` or at `getPath` (relative to `path`, `''` for the collection path itself); `answer`
   * shapes the page of those routes when the wire names its keys otherwise than `{<plural>, pagingMetadata}`.
   */
  query?: {
    fields: QuerySpec['fields'];
    get?: boolean;
    getPath?: string;
    answer?(items: Wire[], metadata: Page<string>['metadata']): Record<string, unknown>;
    /** Rewrites the wire query before it is compiled (e.g. lower-cases the values of a case-free field). */
    prepare?(query: unknown): unknown;
    /** The schema of the request's `query` (any value, compiled by the kit, when not said). */
    schema?: TSchema;
    /** `POST <p>/count {filter}` → `{count}` (violations name `filter.<field>`). */
    count?: boolean;
  };
  /**
   * `POST <path> {<ids>: [...]}` deleting many in one transaction, answered in the wire's bulk shape
   * (wire/merchant-settings.md: `{results [{itemMetadata, item}], bulkActionMetadata}`).
   */
  bulkDelete?: { path: string; ids: string; summary?: string };
  /**
   * Per-item bulk calls under `path`: `create` (`{<plural>, returnEntity}`), `update` (`{<plural>: [{<key>,
   * fieldMask}], returnEntity, fields}`), `delete` (`{<deleteIds>: [...]}`), and `get-or-create` with
   * `getOrCreate.many`. Each item on its own (its own transaction and event: one refused item fails only
   * itself), answered in the wire's bulk shape; `returnEntity` is true unless sent false.
   */
  bulk?: { path: string; create?: boolean; update?: boolean; deleteIds?: string };
  /**
   * `POST <p>/get-or-create {<field>}` → `{<key>}`: the row `find` points at, created from `create` when there
   * is none (a concurrent create of the same is read back); `many`: the bulk call's key.
   */
  getOrCreate?: {
    field: string;
    many?: string;
    schema: TSchema;
    find(input: unknown): { id: string } | { where: SQL; create: Create };
  };
  /**
   * Revisions: `optional` (last write wins when none is sent), `required` on every update (a missing one is a
   * violation on `<key>.revision`), or none at all.
   */
  revision?: 'optional' | 'required' | false;
  /** The 409 of a stale revision, when the wire words it otherwise than the kit (`checkRevision`). */
  revisionMismatch?(id: string, current: bigint, given: bigint): Error;
  /** `context`: what `wireContext` read for this call (a value shown beside the row, e.g. a store setting). */
  toWire(row: Row, context: WireContext): Wire;
  /** What `toWire` needs besides the row, read once per call (inside a write: with its transaction). */
  wireContext?(db: Db): Promise<WireContext>;
  notFound(id: string): Error;
  /**
   * Checks a create body before the transaction; `field` is where it sits in the request (`<key>`, or
   * `<plural>[i]` in a bulk create), for its violations.
   */
  checkCreate?(input: Create, field: string): CheckedCreate;
  /** Checks a patch's masked fields before the transaction. */
  checkUpdate?(patch: Patch, fields: Field[]): CheckedUpdate;
  /** The row to insert, computed inside the transaction (it may read and lock what it points at). */
  insert(input: Create, write: Write<CheckedCreate>): Promise<Values> | Values;
  /** The columns to change for the masked fields, after the row is locked and its revision checked. */
  update?(patch: Patch, fields: Field[], current: Row, write: Write<CheckedUpdate>): Promise<Values> | Values;
  /** Refuses a change to this row (e.g. a system-defined one). */
  guard?(row: Row, change: 'update' | 'delete'): void;
  /** Writes that go with a delete, in its transaction before the row goes (what points at it still does). */
  beforeDelete?(row: Row, write: Write): Promise<void>;
  /** Writes that go with a delete, in its transaction; returns the events they raise. */
  afterDelete?(row: Row, write: Write): Promise<EventInput[]>;
  /** The payload of the `deleted` event; `{id}` when not said. */
  deletedPayload?(row: Row): Record<string, unknown>;
  /**
   * What a write hitting a unique index was (answered 409 ALREADY_EXISTS instead of a 500), or the error to
   * answer instead; `field` is where the entity sits in the body (`taxRegion`, `taxRegions[2]`).
   */
  unique?(
    input: Create | Patch,
    field: string,
    change: 'create' | 'update',
  ): { what: string; data: Record<string, unknown> } | Error | undefined;
  /** The event payload of a created or updated row; `{<key>: wire}` when not said. */
  eventPayload?(wire: Wire): Record<string, unknown>;
}

export type Operation =
  | 'create'
  | 'get'
  | 'update'
  | 'delete'
  | 'query'
  | 'count'
  | 'bulkDelete'
  | 'bulkCreate'
  | 'bulkUpdate'
  | 'getOrCreate'
  | 'bulkGetOrCreate';

/**
 * The names a description takes from its label (`tax group`): wire keys `taxGroup` and `taxGroups`, event
 * `tax_group`, the plain summaries of its calls (`Create a tax group`, `Query tax groups`, `Get…`,
 * `Update…`, `Delete…`), each replaced by one of `summaries` where the entity says more, and its 404
 * (`TAX_GROUP_NOT_FOUND`, "Tax group <id> was not found", `{id}`), replaced by a `notFound` said after it.
 */
export function entityNames(label: string, summaries: Partial<Record<Operation, string>> = {}) {
  const words = label.split(' ');
  const key = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  const one = `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
  const event = words.join('_');
  const Label = label[0]!.toUpperCase() + label.slice(1);
  return {
    label,
    key,
    plural: `${key}s`,
    event,
    summaries: {
      create: `Create ${one}`,
      query: `Query ${label}s`,
      get: `Get ${one}`,
      update: `Update ${one}`,
      delete: `Delete ${one}`,
      ...summaries,
    } as Partial<Record<Operation, string>>,
    notFound: (id: string): Error =>
      notFound(`${event.toUpperCase()}_NOT_FOUND`, `${Label} ${id} was not found`, { id }),
  };
}

/** Where an entity is served: under an API prefix (`/billing/v1`), in an OpenAPI group (`['tax']`). */
export interface EntityApi {
  prefix: string;
  /** The tags of its operations: its plural label (`['checkout templates']`) unless said. */
  tags?: string[];
}

/**
 * `entityNames`, and where the entity is served (`api`, or its prefix alone): its collection path, the prefix and
 * the plural label dashed (`/billing/v1/tax-groups`), and its OpenAPI tags.
 */
export function entityAt(
  label: string,
  api: EntityApi | string,
  summaries: Partial<Record<Operation, string>> = {},
) {
  const { prefix, tags } = typeof api === 'string' ? { prefix: api, tags: undefined } : api;
  const plural = `${label}s`;
  return {
    ...entityNames(label, summaries),
    path: `${prefix}/${plural.replaceAll(' ', '-')}`,
    tags: tags ?? [plural],
  };
}

export type Values = Record<string, unknown>;

/** What a rule of the entity may use inside the write's transaction. */
export interface Write<Checked = unknown> {
  tx: Db;
  ctx: AppContext;
  checked: Checked;
  /** Where the entity sits in the request body, for violations: `taxRegion`, `taxRegions[2]`. */
  field: string;
}

/** The columns the kit reads and writes itself. */
export type EntityTable = PgTable & {
  id: PgColumn;
  createdDate: PgColumn;
  updatedDate: PgColumn;
  revision?: PgColumn;
};

/** A description as the service and the routes take it: typed by what they answer in, its rules' types aside. */
export type Described<Row, Wire, Create, Patch> = EntityDescription<
  Row,
  Wire,
  Create,
  Patch,
  string,
  unknown,
  unknown,
  unknown
>;

/** Typed identity: the description's types flow into the service and routes. */
export function defineEntity<
  Row,
  Wire,
  Create,
  Patch,
  Field extends string = string,
  CheckedCreate = unknown,
  CheckedUpdate = unknown,
  WireContext = undefined,
>(
  description: EntityDescription<Row, Wire, Create, Patch, Field, CheckedCreate, CheckedUpdate, WireContext>,
): EntityDescription<Row, Wire, Create, Patch, Field, CheckedCreate, CheckedUpdate, WireContext> {
  return description;
}
