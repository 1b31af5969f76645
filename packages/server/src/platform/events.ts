import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rows } from './db.ts';
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
}

export type Subscriber = (event: DomainEvent) => Promise<void> | void;

const MAX_ATTEMPTS = 5;
const LEASE_SECONDS = 30;
const BATCH = 100;

interface OutboxRow {
  id: string;
  event_id: string;
  entity: string;
  entity_id: string;
  type: string;
  payload: Record<string, unknown>;
  occurred_at: string | Date;
  attempts: number;
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

  async record(tx: Db, input: EventInput | EventInput[]): Promise<void> {
    const list = Array.isArray(input) ? input : [input];
    if (list.length === 0) return;
    await tx.insert(outboxEvents).values(list);
  }

  /** Run `fn` in a transaction; events recorded in it are dispatched after commit. */
  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const result = await this.db.transaction((tx) => fn(tx as unknown as Db));
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

  start(pollMs = 1000): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await this.running;
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
    const claimed = await rows<OutboxRow>(
      this.db,
      sql`update outbox_events set claimed_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
          where id in (
            select id from outbox_events
            where dispatched_at is null and (claimed_until is null or claimed_until < now())
            order by id limit ${BATCH} for update skip locked)
          returning id, event_id, entity, entity_id, type, payload, occurred_at, attempts`,
    );
    claimed.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    for (const row of claimed) {
      const event: DomainEvent = {
        id: String(row.id),
        eventId: row.event_id,
        entity: row.entity,
        entityId: row.entity_id,
        type: row.type,
        payload: row.payload,
        occurredAt: new Date(row.occurred_at),
      };
      const error = await this.deliver(event);
      if (error === undefined || row.attempts >= MAX_ATTEMPTS) {
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
