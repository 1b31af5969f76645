import { ConfigError } from './config.ts';

/** S3-compatible object storage for media (`MEDIA_S3_*`); absent → files under `DATA_DIR/media`. */
export interface MediaS3Config {
  bucket: string;
  /** Endpoint of an S3-compatible service (MinIO, Ceph, R2…); absent → AWS S3 of `region`. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `http://host/bucket/key` addressing (MinIO and most self-hosted services) instead of `bucket.host`. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. `shop-a/` when stores share one. */
  prefix: string;
}

export function parseMediaS3(env: NodeJS.ProcessEnv): MediaS3Config | undefined {
  const bucket = env.MEDIA_S3_BUCKET;
  if (!bucket) {
    const stray = Object.keys(env).filter((k) => k.startsWith('MEDIA_S3_') && env[k]);
    if (stray.length) throw new ConfigError(`${stray.join(', ')} set without MEDIA_S3_BUCKET`);
    return undefined;
  }
  const endpoint = env.MEDIA_S3_ENDPOINT || undefined;
  if (endpoint) {
    try {
      new URL(endpoint);
    } catch {
      throw new ConfigError(`MEDIA_S3_ENDPOINT is not a URL: "${endpoint}"`);
    }
  }
  const accessKeyId = env.MEDIA_S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.MEDIA_S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together');
  const prefix = env.MEDIA_S3_PREFIX || '';
  if (prefix && !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(prefix))
    throw new ConfigError('MEDIA_S3_PREFIX must be path segments ending in "/", e.g. "shop-a/"');
  return {
    bucket,
    endpoint,
    region: env.MEDIA_S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE === 'true',
    prefix,
  };
}
