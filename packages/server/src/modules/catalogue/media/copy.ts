import type { Readable } from 'node:stream';
import type { MediaStorage } from './keys.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Copies every media object from one storage to another (local disk ↔ S3), keys unchanged; objects already
 * there with the same size are skipped, so an interrupted copy can simply run again. The source is left as it
 * was: switch the server over once the copy is complete, then remove the old objects yourself.
 */
export async function copyMedia(
  from: MediaStorage,
  to: MediaStorage,
  progress: (done: number, key: string) => void = () => {},
): Promise<{ copied: number; skipped: number }> {
  let copied = 0;
  let skipped = 0;
  for await (const key of from.keys()) {
    const [source, target] = await Promise.all([from.stat(key), to.stat(key)]);
    if (!source) continue;
    if (target && target.size === source.size) skipped++;
    else {
      const stream = await from.get(key);
      if (!stream) continue;
      await to.put(key, await bytesOf(stream));
      copied++;
    }
    progress(copied + skipped, key);
  }
  return { copied, skipped };
}
