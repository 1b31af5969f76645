import { type AppContext, perServer } from './context.ts';

/** What a `ChangeCache` keeps: an answer and when it was made. */
export interface Kept {
  at: number;
}

/**
 * Answers kept per process until something they show changes: the whole cache is dropped when an event of one of
 * `entities` commits — in this process at once, in the others through LISTEN/NOTIFY — nothing is kept while those
 * notifications are down, and an answer made across a change is not kept. Bounded by `maxEntries` and by
 * `maxBytes` of the entries' weight (an entry over an eighth of it is not kept); no entry older than `maxAge`
 * ms is answered. Expired entries leave first, then the oldest. The catalogue read cache and the storefront's
 * HTML cache are the two.
 */
export abstract class ChangeCache<E extends Kept> {
  protected readonly entries = new Map<string, E>();
  private bytes = 0;
  /** Bumped by every change: an answer that started before one is not kept. */
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly events: AppContext['events'],
    entities: readonly string[],
    protected readonly maxEntries: number,
    protected readonly maxBytes: number,
    private readonly maxAge: number,
    protected readonly now: () => number,
  ) {
    events.watch([...entities], () => this.clear());
  }

  /** The bytes an entry counts for. */
  protected abstract weight(entry: E): number;

  get size(): number {
    return this.entries.size;
  }

  /** The weight of the entries kept. */
  get sizeInBytes(): number {
    return this.bytes;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Whether anything may be kept now: room for entries, and change notifications working. */
  protected get keeping(): boolean {
    return this.maxEntries > 0 && this.events.changesLive;
  }

  /** A mark to pass to `keep`: an answer made across a change is not kept. */
  begin(): number {
    return this.generation;
  }

  protected expired(entry: E, now = this.now()): boolean {
    return now - entry.at >= this.maxAge;
  }

  /** The entry for `key` when it is there and not expired (counted as a hit). */
  protected fresh(key: string): E | undefined {
    const entry = this.entries.get(key);
    if (!entry || this.expired(entry)) return undefined;
    this.hits++;
    return entry;
  }

  protected remove(key: string, entry: E): void {
    this.entries.delete(key);
    this.bytes -= this.weight(entry);
  }

  /** Keeps `entry` under `key` when nothing changed since `mark` and it is light enough, making room for it. */
  protected keep(key: string, entry: E, mark: number): void {
    if (!this.keeping || mark !== this.generation) return;
    const weight = this.weight(entry);
    if (weight > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const now = this.now();
    // A Map iterates in insertion order, and an entry is re-inserted when refreshed: oldest first.
    for (const [k, kept] of this.entries) {
      const full = this.entries.size >= this.maxEntries || this.bytes + weight > this.maxBytes;
      if (!full && !this.expired(kept, now)) break;
      this.remove(k, kept);
    }
    this.entries.set(key, entry);
    this.bytes += weight;
  }
}

/**
 * One value read once and kept until an event of one of `entities` commits (at once in this process, through
 * LISTEN/NOTIFY in the others): nothing is kept while those notifications are down, nor longer than `maxAge` ms
 * (a write that recorded no event), and a failed read is not kept. For rarely changed settings.
 */
export class KeptUntilChange<T> {
  private value: Promise<T> | undefined;
  private loadedAt = 0;

  constructor(
    private readonly events: AppContext['events'],
    entities: string[],
    private readonly maxAge: number,
    private readonly load: () => Promise<T>,
  ) {
    events.watch(entities, () => {
      this.value = undefined;
    });
  }

  get(now = Date.now()): Promise<T> {
    if (!this.events.changesLive) return this.load();
    if (this.value && now - this.loadedAt < this.maxAge) return this.value;
    const loading = this.load();
    this.value = loading;
    this.loadedAt = now;
    loading.catch(() => {
      if (this.value === loading) this.value = undefined;
    });
    return loading;
  }
}

/**
 * A reader of one value per server's events (the context's copies share it), kept until an event of one of
 * `entities` commits and never longer than `maxAge` ms (`KeptUntilChange`): the store, checkout and merchant
 * settings shoppers' reads use.
 */
export function keptPerServer<T>(
  entities: string[],
  maxAge: number,
  load: (ctx: AppContext) => Promise<T>,
): (ctx: AppContext) => Promise<T> {
  const kept = perServer(
    (ctx) => new KeptUntilChange(ctx.events, entities, maxAge, () => load(ctx)),
    (ctx) => ctx.events,
  );
  return (ctx) => kept.get(ctx).get();
}
