import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../platform/context.ts';

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

function checkKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`invalid media key ${JSON.stringify(key)}`);
  return key;
}

/** The default storage: files under a folder (`DATA_DIR/media`), one sub-folder per media id. */
export class LocalDiskStorage implements MediaStorage {
  constructor(readonly root: string) {}

  private path(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside, then renamed over: a reader never gets half a file.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    const path = this.path(key);
    const info = await this.stat(key);
    if (!info) return undefined;
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { size: info.size, modified: info.mtime } : undefined;
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    try {
      await unlink(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    // The id's folder goes with its last file.
    await rmdir(dirname(path)).catch(() => undefined);
  }

  async list(prefix: string): Promise<string[]> {
    const slash = prefix.indexOf('/');
    const folder = slash < 0 ? prefix : prefix.slice(0, slash);
    if (!/^[0-9a-f-]{36}$/.test(folder)) return [];
    try {
      const names = await readdir(join(this.root, folder));
      return names
        .filter((n) => !n.endsWith('.partial'))
        .map((n) => `${folder}/${n}`)
        .filter((k) => k.startsWith(prefix) && isMediaKey(k))
        .sort();
    } catch {
      return [];
    }
  }
}

const storages = new WeakMap<AppContext, MediaStorage>();

/** The media storage of this server: local disk under `DATA_DIR/media` unless another one was set. */
export function mediaStorage(ctx: AppContext): MediaStorage {
  let storage = storages.get(ctx);
  if (!storage) {
    storage = new LocalDiskStorage(join(ctx.config.dataDir, 'media'));
    storages.set(ctx, storage);
  }
  return storage;
}

/** Use another storage (an object store; tests). Call before the server takes requests. */
export function setMediaStorage(ctx: AppContext, storage: MediaStorage): void {
  storages.set(ctx, storage);
}
