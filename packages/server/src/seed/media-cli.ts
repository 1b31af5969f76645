import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { copyMedia } from '../modules/catalogue/media/copy.ts';
import { S3Storage } from '../modules/catalogue/media/s3-storage.ts';
import { LocalDiskStorage } from '../modules/catalogue/media/storage.ts';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { runTool } from './tool.ts';

const USAGE = `Usage: npm run media -- copy --to s3|disk

  copy --to s3     copy every media file from DATA_DIR/media to the bucket of MEDIA_S3_*
  copy --to disk   copy every media file from the bucket of MEDIA_S3_* to DATA_DIR/media

Keys stay the same and files already there (same size) are skipped, so an interrupted copy can run again.
The source is not changed. Copy while the server still uses the source, switch MEDIA_S3_* on (or off),
restart, and copy once more to catch uploads made in between. docs/OPERATIONS.md, "Media storage".`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals[0] !== 'copy' || positionals.length > 1 || (values.to !== 's3' && values.to !== 'disk'))
    throw new ConfigError(`expected "copy --to s3" or "copy --to disk"\n\n${USAGE}`);
  const config = loadConfig();
  if (!config.mediaS3)
    throw new ConfigError('MEDIA_S3_BUCKET (and the other MEDIA_S3_* settings) must be set');
  const disk = new LocalDiskStorage(join(config.dataDir, 'media'));
  const bucket = new S3Storage(config.mediaS3);
  const [from, to] = values.to === 's3' ? [disk, bucket] : [bucket, disk];
  const where =
    values.to === 's3'
      ? `${disk.root} → s3://${config.mediaS3.bucket}/${config.mediaS3.prefix}`
      : `s3://${config.mediaS3.bucket}/${config.mediaS3.prefix} → ${disk.root}`;
  process.stderr.write(`Copying media ${where}\n`);
  const { copied, skipped } = await copyMedia(from, to, (done) => {
    if (done % 100 === 0) process.stderr.write(`\r${done} files`);
  });
  process.stderr.write(`\rCopied ${copied} files, skipped ${skipped} already there.\n`);
  return 0;
}

runTool(main);
