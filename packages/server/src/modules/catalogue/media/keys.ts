import type { Readable } from 'node:stream';

/**
 * Where media bytes live: a flat key → object store. Keys are `<uuid>/<name>` (`[A-Za-z0-9._-]` names), so a
 * local folder, S3 or any object store maps them one to one. Objects are written once and never changed in
 * place (a new file gets a new id). Content types are not kept here: the media record knows them.
 */
export interface MediaStorage {
  /** Writes (or replaces) an object; atomic: readers see the old object or the whole new one. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The object's bytes, or a byte range of them (both ends inclusive); undefined when absent. */
  get(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Size and date of an object, undefined when absent. */
  stat(key: string): Promise<ObjectInfo | undefined>;
  /** Removes an object; absent objects are fine. */
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix` (e.g. `<id>/`), for the files of one media item. */
  list(prefix: string): Promise<string[]>;
  /** Every key, for copying a store's media to another storage. */
  keys(): AsyncIterable<string>;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  size: number;
  modified: Date;
}

const KEY =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Whether a key is one the storage accepts (no traversal, no odd characters). */
export const isMediaKey = (key: string): boolean => KEY.test(key) && !key.includes('..');
