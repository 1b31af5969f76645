// s3rver ships no types: the part of its API the tests use.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

interface S3rverOptions {
  address?: string;
  port?: number;
  silent?: boolean;
  directory?: string;
  configureBuckets?: Array<{ name: string }>;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;
type S3rver = S3rverInstance;
export default S3rver;
