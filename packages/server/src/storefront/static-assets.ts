import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding, type Encoding } from './encoding.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** One file of the build, with its precompressed copies, kept in memory (the build is a few hundred KB). */
interface Asset {
  type: string;
  etag: string;
  /** Content-hashed names (`/assets/…`) never change: cached for a year. */
  immutable: boolean;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
}

/** Served files: not source maps (kept on disk for error reporting), not the `.br`/`.gz` copies themselves. */
const SERVED = (path: string) => !/\.(map|br|gz)$/.test(path) && !path.split(sep).includes('.vite');

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

async function readOptional(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

/**
 * The storefront's client build (`dist/client`): hashed assets with `Cache-Control: public, max-age=31536000,
 * immutable`, other files (the favicon) for an hour; brotli or gzip by `Accept-Encoding` from the build's
 * precompressed copies (`Vary: Accept-Encoding`), `ETag` and 304s.
 */
export class StaticAssets {
  private constructor(private readonly files: Map<string, Asset>) {}

  static async load(dir: string): Promise<StaticAssets> {
    const files = new Map<string, Asset>();
    for await (const path of walk(dir)) {
      if (!SERVED(path)) continue;
      const identity = await readFile(path);
      const [br, gzip] = await Promise.all([readOptional(`${path}.br`), readOptional(`${path}.gz`)]);
      const url = `/${relative(dir, path).split(sep).join('/')}`;
      files.set(url, {
        type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        immutable: url.startsWith('/assets/'),
        bodies: { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
      });
    }
    return new StaticAssets(files);
  }

  /** The URL paths served (routes are registered for each). */
  get paths(): string[] {
    return [...this.files.keys()];
  }

  send(path: string, request: FastifyRequest, reply: FastifyReply) {
    const asset = this.files.get(path);
    if (!asset) return false;
    const encoding = negotiateEncoding(request.headers['accept-encoding'], asset.bodies);
    reply
      .type(asset.type)
      .header(
        'cache-control',
        asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
      .header('vary', 'Accept-Encoding')
      .header('x-content-type-options', 'nosniff')
      .header('etag', asset.etag);
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(asset.bodies[encoding]);
  }
}
