/**
 * A map that keeps at most `budget` of weight (each value's `weight`, 1 by default: a count), the least recently
 * used leaving first; a value heavier than an eighth of the budget is not kept. Counts its hits and misses.
 */
export class LruMap<V> {
  private readonly values = new Map<string, V>();
  private weights = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly budget: number,
    private readonly weight: (value: V) => number = () => 1,
    /** Told of each value the budget pushes out (not of `clear`). */
    private readonly evicted?: (key: string, value: V) => void,
  ) {}

  get size(): number {
    return this.values.size;
  }

  get(key: string): V | undefined {
    const value = this.values.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    // Most recently used last: eviction takes the first.
    this.values.delete(key);
    this.values.set(key, value);
    this.hits++;
    return value;
  }

  set(key: string, value: V): void {
    if (this.weight(value) > this.budget / 8) return;
    const old = this.values.get(key);
    if (old !== undefined) this.weights -= this.weight(old);
    this.values.set(key, value);
    this.weights += this.weight(value);
    for (const [k, v] of this.values) {
      if (this.weights <= this.budget) break;
      this.values.delete(k);
      this.weights -= this.weight(v);
      this.evicted?.(k, v);
    }
  }

  delete(key: string): void {
    const value = this.values.get(key);
    if (value === undefined) return;
    this.values.delete(key);
    this.weights -= this.weight(value);
  }

  /** Whether `key` is kept (not counted as a use). */
  has(key: string): boolean {
    return this.values.has(key);
  }

  clear(): void {
    this.values.clear();
    this.weights = 0;
  }

  entries(): IterableIterator<[string, V]> {
    return this.values.entries();
  }
}
