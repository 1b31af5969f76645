import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { MediaS3Config } from '../../../platform/media-s3-config.ts';
import { type ByteRange, isMediaKey, type MediaStorage, type ObjectInfo } from './keys.ts';

/** The AWS SDK (a large module tree), loaded on first use: a server on local disk never loads it. */
type Sdk = typeof import('@aws-sdk/client-s3');
let sdkModule: Promise<Sdk> | undefined;
const loadSdk = () => {
  sdkModule ??= import('@aws-sdk/client-s3');
  return sdkModule;
};

const missing = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Media in an S3-compatible bucket (`MEDIA_S3_*`): what several server machines share instead of a network
 * file system. A PUT replaces an object whole, so readers never see half a file; keys are the same
 * `<media id>/<name>` as on disk, under `MEDIA_S3_PREFIX`.
 */
export class S3Storage implements MediaStorage {
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(private readonly config: MediaS3Config) {}

  /** The SDK and a client of the bucket's endpoint, made on first use. */
  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= loadSdk().then((sdk) => ({ sdk, client: this.newClient(sdk) }));
    return this.connection;
  }

  private newClient(sdk: Sdk): S3Client {
    const config = this.config;
    return new sdk.S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    });
  }

  private key(key: string): string {
    if (!isMediaKey(key)) throw new Error(`invalid media key ${JSON.stringify(key)}`);
    return this.config.prefix + key;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(key), Body: bytes }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    const { sdk, client } = await this.connect();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable | undefined;
    } catch (error) {
      if (missing(sdk, error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    const { sdk, client } = await this.connect();
    try {
      const head = await client.send(
        new sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }),
      );
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (missing(sdk, error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of this.keys(prefix)) keys.push(key);
    return keys.sort();
  }

  /** Every media key under `prefix` (all of them by default), page by page. */
  async *keys(prefix = ''): AsyncIterable<string> {
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.config.bucket,
          Prefix: this.config.prefix + prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.config.prefix.length);
        if (key && isMediaKey(key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
