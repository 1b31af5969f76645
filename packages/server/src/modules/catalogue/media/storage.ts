import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { type AppContext, perServer } from '../../../platform/context.ts';
import { type ByteRange, isMediaKey, type MediaStorage, type ObjectInfo } from './keys.ts';
import { S3Storage } from './s3-storage.ts';

export { type ByteRange, isMediaKey, type MediaStorage, type ObjectInfo } from './keys.ts';

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

  async *keys(): AsyncIterable<string> {
    let folders: string[];
    try {
      folders = (await readdir(this.root)).filter((n) => /^[0-9a-f-]{36}$/.test(n)).sort();
    } catch {
      return;
    }
    for (const folder of folders) yield* await this.list(`${folder}/`);
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

const storages = perServer((ctx) => configuredStorage(ctx.config));

/** The storage a configuration names: the S3 bucket of `MEDIA_S3_*`, else local disk under `DATA_DIR/media`. */
export function configuredStorage(config: AppContext['config']): MediaStorage {
  return config.mediaS3 ? new S3Storage(config.mediaS3) : new LocalDiskStorage(join(config.dataDir, 'media'));
}

/** The media storage of this server, as configured unless another one was set. */
export function mediaStorage(ctx: AppContext): MediaStorage {
  return storages.get(ctx);
}

/** Use another storage (an object store; tests). Call before the server takes requests. */
export function setMediaStorage(ctx: AppContext, storage: MediaStorage): void {
  storages.set(ctx, storage);
}
