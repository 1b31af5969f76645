import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import type { Db } from '../db.ts';
import { AppError, invalid } from '../errors.ts';
import type { EventInput } from '../events.ts';
import type { QuerySpec } from '../query/index.ts';
import { type BulkResult, runBulk } from './bulk.ts';
import type { Described, Values } from './description.ts';
import {
  checkRevision,
  countRows,
  inOrder,
  isUniqueViolation,
  maskedFields,
  maskPaths,
  parseRevision,
  queryIds,
  querySpec,
  UUID,
  unique,
} from './support.ts';

/** The service of one described entity: what its routes call, and what flows may call too. */
export interface EntityService<Row, Wire, Create, Patch> {
  /** `field`: where the entity sits in the body (bulk items: `<plural>[i]`). */
  create(ctx: AppContext, input: Create, field?: string): Promise<Wire>;
  /**
   * `bulk/<plural>/create`: each item created on its own (its own transaction and event), so one refused item
   * fails only itself; the items' violations name `<plural>[i]`. `returnEntity` puts each created one in `item`.
   */
  bulkCreate(ctx: AppContext, inputs: Create[], returnEntity?: boolean): Promise<BulkResult<Wire>>;
  /** The row (locked with `forUpdate` inside a write), or a 404 (an id that is no uuid too). */
  row(db: Db, id: string, options?: { forUpdate?: boolean }): Promise<Row>;
  /** `fields`: the description's `projection` fields to add. */
  get(db: Db, id: string, fields?: string[]): Promise<Wire>;
  update(
    ctx: AppContext,
    id: string,
    patch: Patch,
    fieldMask?: string | readonly string[],
    fields?: string[],
  ): Promise<Wire>;
  /**
   * `bulk/<plural>/update`: each item updated on its own, by the `id` it carries (a missing one is a violation
   * on `<plural>[i].<key>.id`).
   */
  bulkUpdate(
    ctx: AppContext,
    items: Array<{ entity: Patch; fieldMask?: string | readonly string[] | undefined }>,
    returnEntity?: boolean,
    fields?: string[],
  ): Promise<BulkResult<Wire>>;
  /**
   * An entity's own update (`add-delivery-region`…): locks the row, checks the revision when one is given,
   * sets what `change` returns, bumps the revision and records `<event>.updated`, in one transaction.
   */
  change(
    ctx: AppContext,
    id: string,
    revision: string | number | undefined,
    change: (current: Row, tx: Db) => Promise<Values> | Values,
  ): Promise<Wire>;
  remove(ctx: AppContext, id: string): Promise<void>;
  /**
   * Deletes those of `ids` that exist, in one transaction (rows locked in id order), with a `deleted` event
   * each; the answer is the wire's bulk shape, one result per given id (unknown ids: its not-found error).
   */
  removeMany(ctx: AppContext, ids: string[]): Promise<BulkAnswer>;
  /** Deletes each id on its own (its own transaction and event), answered in the wire's bulk shape. */
  removeEach(ctx: AppContext, ids: string[]): Promise<BulkResult<never>>;
  /**
   * `{<plural>, pagingMetadata}` for a wire query (offset or cursor, as it asks); `where` narrows it further
   * (a search expression…). The query routes shape it with the description's `query.answer` when it has one.
   */
  query(
    db: Db,
    query: unknown,
    options?: { where?: SQL | undefined; fields?: string[] | undefined },
  ): Promise<Record<string, unknown>>;
  /** How many rows a wire filter matches. */
  count(db: Db, filter: unknown): Promise<number>;
  /** The row the description's `getOrCreate.find` points at, created when there is none. */
  getOrCreate(ctx: AppContext, input: unknown): Promise<Wire>;
  bulkGetOrCreate(ctx: AppContext, inputs: unknown[]): Promise<BulkResult<Wire>>;
  /** Records `<event>.<type>` for a row written by the entity's own functions. */
  record(ctx: AppContext, tx: Db, type: string, row: Row, extra?: EventInput[]): Promise<Wire>;
  spec: QuerySpec | undefined;
}

type Revisioned = { revision?: bigint };

/** The wire's bulk answer (wire/merchant-settings.md, conventions). */
export interface BulkAnswer {
  results: Array<{
    itemMetadata: {
      id: string;
      originalIndex: number;
      success: boolean;
      error?: { code: string; description: string; data: Record<string, unknown> };
    };
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}

/** The wire error of a failed bulk item: the AppError's code and message, or a generic one. */
function bulkError(error: unknown) {
  if (error instanceof AppError) return { code: error.code, description: error.message, data: error.data };
  return { code: 'UNKNOWN', description: 'The item could not be changed', data: {} };
}

export function entityService<Row, Wire, Create, Patch>(
  d: Described<Row, Wire, Create, Patch>,
): EntityService<Row, Wire, Create, Patch> {
  const table = d.table as PgTable & typeof d.table;
  // Every entity filters and sorts by its id and dates.
  const spec = d.query
    ? querySpec({
        id: { sql: table.id, type: 'uuid', sortable: true, unique: true },
        ...d.query.fields,
        createdDate: { sql: table.createdDate, type: 'date', sortable: true },
        updatedDate: { sql: table.updatedDate, type: 'date', sortable: true },
      })
    : undefined;
  const guarded = <T>(
    input: Create | Patch,
    field: string,
    change: 'create' | 'update',
    write: () => Promise<T>,
  ): Promise<T> => {
    const taken = d.unique?.(input, field, change);
    if (taken instanceof Error)
      return write().catch((error: unknown) => {
        throw isUniqueViolation(error) ? taken : error;
      });
    return taken ? unique(taken.what, taken.data, write) : write();
  };
  const contextOf = (db: Db) => (d.wireContext ? d.wireContext(db) : Promise.resolve(undefined));
  const payload = (wire: Wire) => (d.eventPayload ? d.eventPayload(wire) : { [d.key]: wire });
  const revisioned = d.revision !== false && table.revision !== undefined;
  const idOf = (r: unknown) => (r as { id: string }).id;

  /** The wire form of rows, with what the asked `fields` add. */
  async function wires(db: Db, found: Row[], fields?: string[]): Promise<Wire[]> {
    const [context, added] = await Promise.all([
      contextOf(db),
      d.projection && fields?.length && found.length
        ? d.projection.add(db, found, fields)
        : Promise.resolve(undefined),
    ]);
    return found.map((r, i) => {
      const wire = d.toWire(r, context);
      return added ? ({ ...wire, ...added[i] } as Wire) : wire;
    });
  }

  async function row(db: Db, id: string, { forUpdate = false } = {}): Promise<Row> {
    if (!UUID.test(id)) throw d.notFound(id);
    const select = db.select().from(table).where(eq(table.id, id));
    const [found] = await (forUpdate ? select.for('update') : select.limit(1));
    if (!found) throw d.notFound(id);
    return found as Row;
  }

  async function recordAs(
    ctx: AppContext,
    tx: Db,
    type: string,
    written: Row,
    extra: EventInput[] = [],
    fields?: string[],
  ) {
    const [wire] = await wires(tx, [written], fields);
    await ctx.events.record(tx, [
      { entity: d.event, entityId: idOf(written), type, payload: payload(wire!) },
      ...extra,
    ]);
    return wire!;
  }

  async function change(
    ctx: AppContext,
    id: string,
    revision: string | number | undefined,
    apply: (current: Row, tx: Db) => Promise<Values> | Values,
    fields?: string[],
  ): Promise<Wire> {
    return ctx.events.transaction(async (tx) => {
      const current = await row(tx, id, { forUpdate: true });
      d.guard?.(current, 'update');
      if (revisioned) {
        const stored = (current as Revisioned).revision!;
        if (d.revisionMismatch) {
          if (revision !== undefined && BigInt(revision) !== stored)
            throw d.revisionMismatch(id, stored, BigInt(revision));
        } else checkRevision(d.label, stored, revision);
      }
      const values = await apply(current, tx);
      const [updated] = await tx
        .update(table)
        .set({
          ...values,
          ...(revisioned ? { revision: sql`${table.revision} + 1` } : {}),
          updatedDate: ctx.clock(),
        } as Values)
        .where(eq(table.id, id))
        .returning();
      return recordAs(ctx, tx, 'updated', updated as Row, [], fields);
    });
  }

  async function create(ctx: AppContext, input: Create, field = d.key): Promise<Wire> {
    const checked = d.checkCreate?.(input, field);
    return guarded(input, field, 'create', () =>
      ctx.events.transaction(async (tx) => {
        const values = await d.insert(input, { tx, ctx, checked, field });
        const now = ctx.clock();
        const [inserted] = await tx
          .insert(table)
          .values({ ...values, createdDate: now, updatedDate: now } as Values)
          .returning();
        return recordAs(ctx, tx, 'created', inserted as Row);
      }),
    );
  }

  async function update(
    ctx: AppContext,
    id: string,
    patch: Patch,
    fieldMask?: string | readonly string[],
    fields?: string[],
  ): Promise<Wire> {
    if (!UUID.test(id)) throw d.notFound(id);
    const sent = (patch as { revision?: string | number }).revision;
    const revision = d.revision === 'required' ? parseRevision(`${d.key}.revision`, sent).toString() : sent;
    const masked =
      d.mask === 'paths'
        ? (maskPaths(fieldMask) ??
          Object.keys(patch as object).filter((k) => (patch as Record<string, unknown>)[k] !== undefined))
        : maskedFields(
            patch as Partial<Record<string, unknown>>,
            fieldMask as string | undefined,
            d.writable ?? [],
            d.key,
          );
    const checked = d.checkUpdate?.(patch, masked);
    return guarded(patch, d.key, 'update', () =>
      change(
        ctx,
        id,
        revision,
        (current, tx) =>
          d.update ? d.update(patch, masked, current, { tx, ctx, checked, field: d.key }) : {},
        fields,
      ),
    );
  }

  async function remove(ctx: AppContext, id: string): Promise<void> {
    await ctx.events.transaction(async (tx) => {
      const current = await row(tx, id, { forUpdate: true });
      d.guard?.(current, 'delete');
      const write = { tx, ctx, checked: undefined, field: d.key };
      await d.beforeDelete?.(current, write);
      await tx.delete(table).where(eq(table.id, idOf(current)));
      const extra = (await d.afterDelete?.(current, write)) ?? [];
      await ctx.events.record(tx, [
        {
          entity: d.event,
          entityId: idOf(current),
          type: 'deleted',
          payload: d.deletedPayload ? d.deletedPayload(current) : { id },
        },
        ...extra,
      ]);
    });
  }

  async function getOrCreate(ctx: AppContext, input: unknown): Promise<Wire> {
    if (!d.getOrCreate) throw new Error(`${d.label} has no get-or-create`);
    const wanted = d.getOrCreate.find(input);
    if ('id' in wanted) return (await wires(ctx.db, [await row(ctx.db, wanted.id)]))[0]!;
    const find = async () => (await ctx.db.select().from(table).where(wanted.where).limit(1))[0] as Row;
    const found = await find();
    if (found) return (await wires(ctx.db, [found]))[0]!;
    try {
      return await create(ctx, wanted.create);
    } catch (error) {
      // Created by a concurrent call in between: read it.
      const raced = await find();
      if (raced) return (await wires(ctx.db, [raced]))[0]!;
      throw error;
    }
  }

  const item = (wire: Wire, returnEntity: boolean) => ({
    id: idOf(wire),
    item: returnEntity ? wire : undefined,
  });

  return {
    spec,
    row,
    record: (ctx, tx, type, written, extra) => recordAs(ctx, tx, type, written, extra),
    create,
    bulkCreate(ctx, inputs, returnEntity = false) {
      return runBulk(ctx, inputs, async (input, i) =>
        item(await create(ctx, input, `${d.plural}[${i}]`), returnEntity),
      );
    },
    async get(db, id, fields) {
      return (await wires(db, [await row(db, id)], fields))[0]!;
    },
    update,
    bulkUpdate(ctx, items, returnEntity = false, fields) {
      return runBulk(
        ctx,
        items,
        async ({ entity, fieldMask }, i) => {
          const id = (entity as { id?: string }).id;
          if (!id) throw invalid(`${d.plural}[${i}].${d.key}.id`, 'is required', 'REQUIRED_FIELD');
          return item(await update(ctx, id, entity, fieldMask, fields), returnEntity);
        },
        ({ entity }) => (entity as { id?: string }).id,
      );
    },
    change: (ctx, id, revision, apply) => change(ctx, id, revision, apply),
    remove,
    removeEach(ctx, ids) {
      return runBulk(
        ctx,
        ids,
        async (id) => {
          await remove(ctx, id);
          return { id };
        },
        (id) => id,
      );
    },
    async removeMany(ctx, ids) {
      const outcomes = await ctx.events.transaction(async (tx) => {
        const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
        const found = wanted.length
          ? ((await tx
              .select()
              .from(table)
              .where(inArray(table.id, wanted))
              .orderBy(asc(table.id))
              .for('update')) as Array<Row & { id: string }>)
          : [];
        const byId = new Map(found.map((r) => [r.id, r]));
        const deleted = new Set<string>();
        const events: EventInput[] = [];
        const results = ids.map((given) => {
          const id = given.toLowerCase();
          try {
            const current = byId.get(id);
            if (!current || deleted.has(id)) throw d.notFound(given);
            d.guard?.(current, 'delete');
            deleted.add(id);
            return { id: given, error: undefined };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            return { id: given, error: bulkError(error) };
          }
        });
        if (deleted.size) await tx.delete(table).where(inArray(table.id, [...deleted]));
        for (const id of deleted) {
          const extra =
            (await d.afterDelete?.(byId.get(id)!, { tx, ctx, checked: undefined, field: d.key })) ?? [];
          events.push({ entity: d.event, entityId: id, type: 'deleted', payload: { id } }, ...extra);
        }
        await ctx.events.record(tx, events);
        return results;
      });
      const failures = outcomes.filter((o) => o.error).length;
      return {
        results: outcomes.map((o, originalIndex) => ({
          itemMetadata: {
            id: o.id,
            originalIndex,
            success: !o.error,
            ...(o.error ? { error: o.error } : {}),
          },
        })),
        bulkActionMetadata: {
          totalSuccesses: outcomes.length - failures,
          totalFailures: failures,
          undetailedFailures: 0,
        },
      };
    },
    async query(db, query, options = {}) {
      if (!spec) throw new Error(`${d.label} has no query fields`);
      const prepared = d.query?.prepare ? d.query.prepare(query) : query;
      const { ids, pagingMetadata } = await queryIds(db, table, spec, prepared, options.where);
      const found = ids.length ? await db.select().from(table).where(inArray(table.id, ids)) : [];
      const ordered = inOrder(ids, found as Array<Row & { id: string }>);
      return { [d.plural]: await wires(db, ordered, options.fields), pagingMetadata };
    },
    count(db, filter) {
      if (!spec) throw new Error(`${d.label} has no query fields`);
      return countRows(db, table, spec, filter);
    },
    getOrCreate,
    bulkGetOrCreate(ctx, inputs) {
      return runBulk(ctx, inputs, async (input) => item(await getOrCreate(ctx, input), true));
    },
  };
}
