/** How often a key it does not know may send a process back to the database (keys added by another process). */
const REREAD_AFTER_MS = 30_000;

/**
 * Signing secrets read once per process and kept in memory (the OAuth signing keys, the media link secret):
 * callers at the same time share one read, a failed read is not kept (the next call tries again), and a key
 * the secrets do not know (`afterMiss`) reads them again, at most every 30 s.
 */
export class KeptSecrets<T> {
  /** The secrets of the last read that ended, for callers that must not wait (undefined before the first). */
  value: T | undefined;
  private kept: Promise<T> | undefined;
  private reading: Promise<T> | undefined;
  private readAt = 0;

  constructor(private readonly read: () => Promise<T>) {}

  /** The kept secrets, read (on the very first start: created) when none are kept. */
  get(): Promise<T> {
    if (!this.kept) {
      this.readAt = Date.now();
      const reading = this.read().then(
        (value) => {
          this.value = value;
          if (this.reading === reading) this.reading = undefined;
          return value;
        },
        (error: unknown) => {
          if (this.kept === reading) this.kept = undefined;
          if (this.reading === reading) this.reading = undefined;
          throw error;
        },
      );
      this.kept = reading;
      this.reading = reading;
    }
    return this.kept;
  }

  /** After a key they do not know: the secrets read again (or the read under way), undefined within 30 s of the last. */
  afterMiss(): Promise<T> | undefined {
    if (Date.now() - this.readAt < REREAD_AFTER_MS) return undefined;
    if (!this.reading) this.kept = undefined;
    return this.get();
  }

  /** The next `get` reads again; `value` stays the last secrets meanwhile. */
  forget(): void {
    this.kept = undefined;
  }
}
