import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, currentActor } from './actor.ts';
import { type Db, type Listener, listen, preparedRows, runTransaction } from './db.ts';
import { outboxEvents } from './tables.ts';

export interface EventInput {
  /** Entity name in dotted lower case, e.g. `product`, `cart`, `checkout_template`. */
  entity: string;
  entityId: string;
  /** `created`, `updated`, `deleted`, or a domain verb such as `completed`. */
  type: string;
  payload: Record<string, unknown>;
}

export interface DomainEvent extends EventInput {
  id: string;
  eventId: string;
  occurredAt: Date;
  /** The staff member or API key whose request recorded it; absent for shoppers and the system. */
  actor?: Actor;
}

export type Subscriber = (event: DomainEvent) => Promise<void> | void;

const MAX_ATTEMPTS = 5;
/** The `NOTIFY` channel of committed changes to watched entities (payload: the entity name). */
export const CHANGES_CHANNEL = 'aisle_changes';

/**
 * Entities whose committed changes are announced to every process (`NOTIFY`), so that `watch` works across
 * a cluster. Declared when a module is loaded (`announceChanges`), hence the same in every process whether
 * or not it has a watcher yet.
 */
const ANNOUNCED = new Set<string>();

/** Announce committed events of these entities on `CHANGES_CHANNEL` (call at module load). */
export function announceChanges(entities: readonly string[]): void {
  for (const entity of entities) ANNOUNCED.add(entity);
}
const LEASE_SECONDS = 30;
const BATCH = 25;

interface OutboxRow {
  id: string;
  event_id: string;
  entity: string;
  entity_id: string;
  type: string;
  payload: Record<string, unknown>;
  occurred_at: string | Date;
  attempts: number;
  actor: Actor | null;
}

/** The column and value of the current actor for raw inserts; empty outside an admin request. */
function actorColumn(): { column: SQL; value: SQL } {
  const actor = currentActor();
  if (!actor) return { column: sql``, value: sql`` };
  return { column: sql`, actor`, value: sql`, ${JSON.stringify(actor)}::jsonb` };
}

/**
 * The outbox: `record` inside a module's transaction, `transaction` to run one and wake the dispatcher
 * after commit. Subscribers run after commit, at least once; each event goes to one process of a cluster.
 */
export class Events {
  private readonly subscribers: Array<{ pattern: string; fn: Subscriber }> = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Entity → what to call when a change to it commits (see `watch`). */
  private readonly watchers = new Map<string, Set<() => void>>();
  /** Entities recorded by each open `transaction`, for the watchers of this process. */
  private readonly recorded = new WeakMap<Db, Set<string>>();
  private listener: Promise<Listener | undefined> | undefined;
  private live = false;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {}

  /** `pattern`: `product.created`, `product.*` or `*`. Returns an unsubscribe function. */
  subscribe(pattern: string, fn: Subscriber): () => void {
    const entry = { pattern, fn };
    this.subscribers.push(entry);
    return () => {
      const i = this.subscribers.indexOf(entry);
      if (i >= 0) this.subscribers.splice(i, 1);
    };
  }

  /**
   * Call `fn` whenever a transaction that recorded an event of one of `entities` has committed: in this
   * process right after the commit (`transaction`), in every process through `LISTEN/NOTIFY` (a few
   * milliseconds later; the entities must be `announceChanges`d at module load, so that every process
   * notifies); also whenever that channel goes down or comes back up, since changes may have been missed
   * meanwhile. For in-process caches of rarely changed data: cache only while `changesLive`.
   */
  watch(entities: string[], fn: () => void): () => void {
    announceChanges(entities);
    for (const entity of entities) {
      let set = this.watchers.get(entity);
      if (!set) {
        set = new Set();
        this.watchers.set(entity, set);
      }
      set.add(fn);
    }
    return () => {
      for (const entity of entities) this.watchers.get(entity)?.delete(fn);
    };
  }

  /** Whether changes of other processes reach the watchers (the `LISTEN` connection is up). */
  get changesLive(): boolean {
    return this.live;
  }

  private changed(entities: Iterable<string>): void {
    const called = new Set<() => void>();
    for (const entity of entities)
      for (const fn of this.watchers.get(entity) ?? [])
        if (!called.has(fn)) {
          called.add(fn);
          fn();
        }
  }

  private changedAll(): void {
    this.changed([...this.watchers.keys()]);
  }

  /** Records one entity's (or singleton's) `updated` event, its wire view under `key`; gives the view back. */
  async recordUpdate<W>(tx: Db, entity: string, entityId: string, key: string, wire: W): Promise<W> {
    await this.record(tx, { entity, entityId, type: 'updated', payload: { [key]: wire } });
    return wire;
  }

  async record(tx: Db, input: EventInput | EventInput[]): Promise<void> {
    const list = Array.isArray(input) ? input : [input];
    if (list.length === 0) return;
    const actor = currentActor();
    await tx.insert(outboxEvents).values(actor ? list.map((e) => ({ ...e, actor })) : list);
    const watched = [...new Set(list.map((e) => e.entity))].filter((e) => ANNOUNCED.has(e));
    if (watched.length === 0) return;
    // Delivered to every listening process when (and only if) the transaction commits.
    await tx.execute(
      sql`select pg_notify(${CHANGES_CHANNEL}, e) from unnest(${`{${watched.join(',')}}`}::text[]) as e`,
    );
    const recorded = this.recorded.get(tx);
    if (recorded) for (const entity of watched) recorded.add(entity);
  }

  /**
   * The statement part that records `input` once per row of the CTE named `source` (`saved`), so one
   * statement can write a row and its event atomically without a transaction. Not for announced entities
   * (it sends no notification).
   */
  recordFrom(source: string, input: EventInput): SQL {
    if (!/^[a-z_]+$/.test(source)) throw new Error(`bad CTE name: ${source}`);
    if (ANNOUNCED.has(input.entity)) throw new Error(`${input.entity} is announced: record it with record()`);
    const actor = actorColumn();
    return sql`insert into ${outboxEvents} (entity, entity_id, type, payload${actor.column})
      select ${input.entity}, ${input.entityId}, ${input.type}, ${JSON.stringify(input.payload)}::jsonb${actor.value} from ${sql.raw(source)}`;
  }

  /**
   * `record` as one part of a larger statement, for hot paths that write their rows and events in one round
   * trip: a data-modifying CTE body inserting `input` in order and notifying the announced entities among them
   * (the watchers of `tx` are told after it commits, as with `record`). `set` puts a value the statement
   * computes into every payload that has the path's parent, e.g. `{path: ['order', 'number'], value: sql`…`}`.
   */
  recordPart(
    tx: Db,
    input: EventInput | EventInput[],
    set?: { path: string[]; value: SQL } | undefined,
  ): SQL {
    const list = Array.isArray(input) ? input : [input];
    const watched = [...new Set(list.map((e) => e.entity))].filter((e) => ANNOUNCED.has(e));
    const recorded = this.recorded.get(tx);
    if (recorded) for (const entity of watched) recorded.add(entity);
    const payload = set
      ? sql`jsonb_set(e->'payload', ${`{${set.path.join(',')}}`}::text[], ${set.value}, false)`
      : sql`e->'payload'`;
    // A one-time filter: the notifications are sent once, before the rows are inserted.
    const notify = watched.length
      ? sql` where (select count(*) from (select pg_notify(${CHANGES_CHANNEL}, w) from unnest(${`{${watched.join(',')}}`}::text[]) as w) n) >= 0`
      : sql``;
    const actor = actorColumn();
    return sql`insert into ${outboxEvents} (entity, entity_id, type, payload${actor.column})
      select e->>'entity', e->>'entityId', e->>'type', ${payload}${actor.value}
      from jsonb_array_elements(${JSON.stringify(list)}::jsonb) with ordinality as x(e, n)${notify} order by x.n`;
  }

  /**
   * Run `fn` in a transaction; events recorded in it are dispatched after commit. A deadlock or serialization
   * failure runs `fn` again from the start (`runTransaction`): it must be re-runnable, and call
   * `markExternalEffect(tx)` before doing anything outside the database.
   */
  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    let recorded: Set<string> | undefined;
    const result = await runTransaction(this.db, this.log, (tx) => {
      recorded = new Set();
      this.recorded.set(tx, recorded);
      return fn(tx);
    });
    if (recorded?.size) this.changed(recorded);
    this.kick();
    return result;
  }

  /** Ask for a dispatch soon; coalesces bursts. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.dispatchAll().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Dispatch everything pending now (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    await this.dispatchAll();
  }

  /** Poll for pending events every `pollMs`, and listen for other processes' changes (`watch`). */
  start(pollMs = 1000): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.listener ??= listen(this.db, CHANGES_CHANNEL, {
      onNotify: (entity) => this.changed([entity]),
      onUp: () => {
        this.live = true;
        this.changedAll();
      },
      onDown: (error) => {
        this.live = false;
        this.changedAll();
        if (!this.stopped) this.log.warn({ err: error }, 'change notifications interrupted');
      },
    }).catch((error: unknown) => {
      this.log.warn({ err: error }, 'change notifications unavailable');
      return undefined;
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await this.running;
    const listener = await this.listener;
    this.listener = undefined;
    this.live = false;
    await listener?.close();
  }

  private async dispatchAll(): Promise<void> {
    try {
      while ((await this.dispatchBatch()) === BATCH) {
        // keep going while full batches come back
      }
    } catch (error) {
      this.log.error({ err: error }, 'outbox dispatch failed');
    }
  }

  private async dispatchBatch(): Promise<number> {
    // Both statements of a batch are prepared once per connection: they run after every burst of writes.
    const claimed = await preparedRows<OutboxRow>(
      this.db,
      sql`update outbox_events set claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
          where id in (
            select id from outbox_events
            where dispatched_at is null and (claimed_until is null or claimed_until < now())
            order by id limit ${BATCH} for update skip locked)
          returning id, event_id, entity, entity_id, type, payload, occurred_at, attempts, actor`,
    );
    claimed.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    // Delivered rows are marked together, in one statement per batch.
    const delivered: string[] = [];
    for (const row of claimed) {
      const event: DomainEvent = {
        id: String(row.id),
        eventId: row.event_id,
        entity: row.entity,
        entityId: row.entity_id,
        type: row.type,
        payload: row.payload,
        occurredAt: new Date(row.occurred_at),
        ...(row.actor ? { actor: row.actor } : {}),
      };
      const error = await this.deliver(event);
      if (error === undefined) delivered.push(String(row.id));
      else if (row.attempts >= MAX_ATTEMPTS) {
        await this.db.execute(
          sql`update outbox_events set dispatched_at = now(), claimed_until = null, last_error = ${error ?? null} where id = ${row.id}`,
        );
      } else {
        // retry after a back-off
        await this.db.execute(
          sql`update outbox_events set claimed_until = now() + make_interval(secs => ${2 ** row.attempts}), last_error = ${error} where id = ${row.id}`,
        );
      }
    }
    if (delivered.length)
      await preparedRows(
        this.db,
        sql`update outbox_events set dispatched_at = now(), claimed_until = null, last_error = null
            where id = any(${`{${delivered.join(',')}}`}::bigint[])`,
      );
    return claimed.length;
  }

  private async deliver(event: DomainEvent): Promise<string | undefined> {
    const name = `${event.entity}.${event.type}`;
    let failure: string | undefined;
    for (const { pattern, fn } of this.subscribers) {
      if (pattern !== '*' && pattern !== name && pattern !== `${event.entity}.*`) continue;
      try {
        await fn(event);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        this.log.warn({ err: error, event: name, eventId: event.eventId }, 'event subscriber failed');
      }
    }
    return failure;
  }
}
