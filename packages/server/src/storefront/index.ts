import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_CLIENT_ID } from '../modules/oauth/clients.ts';
import type { App } from '../platform/app.ts';
import type { AppContext } from '../platform/context.ts';
import { negotiateEncoding } from './encoding.ts';
import { productGone, recordDeletedProducts } from './gone.ts';
import { bodyOf, type CachedPage, HtmlCache, preparePage } from './html-cache.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { loadRenderer } from './renderer.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { parseSession, readCookies, SESSION_COOKIE, sessionCookie } from './session-cookie.ts';
import { RequestSession, Sessions } from './sessions.ts';
import { registerSitemaps } from './sitemap-routes.ts';
import { StaticAssets } from './static-assets.ts';
import { open } from '../platform/routing.ts';

/** Pages whose forms also post without JavaScript (the route actions run here). */
const FORM_PATHS = ['/product-page/:slug', '/products/:slug', '/cart'];

export interface Storefront {
  /** A storefront page for a GET or HEAD no API route took (the not-found handler hands it over). */
  page(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  html: HtmlCache;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

const ERROR_PAGE = (requestId: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>We could not show this page. Please try again in a moment.</p><p>Request id: ${requestId}</p><p><a href="/">Back to the store</a></p></main></body></html>`;

/**
 * The storefront, served by the platform server from its build (`STOREFRONT_DIR`, default
 * `apps/storefront/dist`): every page rendered here (React Router's static handler, streamed) with the
 * shopper's session from an HttpOnly cookie, then hydrated in the browser; the client build's files
 * precompressed and cached; anonymous catalogue pages from an in-memory HTML cache; sitemaps and robots.txt;
 * the session endpoints the browser's SDK uses. Undefined when there is no build.
 */
export async function registerStorefront(app: App, ctx: AppContext): Promise<Storefront | undefined> {
  const dir = ctx.config.storefrontDir;
  if (!dir) return undefined;
  const loaded = await loadRenderer(dir);
  if (!loaded) {
    ctx.log.warn({ dir }, 'no storefront build here: run `npm run build -w apps/storefront`');
    return undefined;
  }
  const renderer = loaded;
  const assets = await StaticAssets.load(join(dir, 'client'));
  const sessions = new Sessions(inProcessFetch(app, '127.0.0.1'), DEMO_CLIENT_ID);
  const html = new HtmlCache(ctx.events, ctx.config.htmlCacheSize, 64 * 1024 * 1024);
  const secure = () => ctx.config.publicUrl.startsWith('https:');
  const cookieOptions = () => ({ secure: secure(), maxAgeSeconds: ctx.config.refreshTokenTtl });
  recordDeletedProducts(ctx);

  for (const path of assets.paths) {
    app.get(path, { config: open, schema: { hide: true } }, (request, reply) =>
      assets.send(path, request, reply),
    );
  }
  registerSitemaps(app, ctx);
  registerSessionRoutes(app, ctx, sessions, cookieOptions);

  const sendCached = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage,
    cacheControl: string,
  ) => {
    reply.header('etag', page.etag).header('cache-control', cacheControl);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const encoding = negotiateEncoding(request.headers['accept-encoding'], { br: 1, gzip: 1 });
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    const body = await bodyOf(page, encoding);
    reply.header('content-length', body.length);
    return reply.send(request.method === 'HEAD' ? undefined : body);
  };

  async function page(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const session = new RequestSession(
      sessions,
      parseSession(readCookies(request.headers.cookie).get(SESSION_COOKIE)),
    );
    const member = session.role === 'member';
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    reply.header('vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
    // Anonymous shoppers' catalogue pages: from memory most of the time.
    const key = request.url;
    if (method === 'GET' && !member) {
      const hit = html.get(key);
      if (hit) return sendCached(request, reply, hit, 'public, max-age=0, must-revalidate');
    }
    const mark = html.begin();
    const origin = new URL(ctx.config.publicUrl).origin;
    const body = method === 'POST' && Buffer.isBuffer(request.body) ? request.body : undefined;
    const webRequest = new Request(origin + request.url, {
      method,
      headers: body ? { 'content-type': String(request.headers['content-type']) } : {},
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    let result: Awaited<ReturnType<typeof renderer.render>>;
    try {
      result = await renderer.render({
        request: webRequest,
        fetch: inProcessFetch(app, request.ip),
        // A form post may be the visitor's first step (add to cart): it may start their session.
        auth: session.auth(method === 'POST'),
        member,
        productGone: (slug) => productGone(ctx, slug),
      });
    } catch (error) {
      request.log.error({ err: error }, 'storefront page failed to render');
      return reply.code(500).header('cache-control', 'no-store').send(ERROR_PAGE(request.id));
    }
    const setCookie = session.changed ? sessionCookie(session.current, cookieOptions()) : undefined;
    if (setCookie) reply.header('set-cookie', setCookie);

    if (result.type === 'response') {
      const { response } = result;
      const location = response.headers.get('location');
      reply.header('cache-control', 'no-store');
      if (location && response.status >= 300 && response.status < 400) {
        // After a form post the browser must GET the next page.
        return reply
          .code(method === 'POST' ? 303 : response.status)
          .header('location', location)
          .send();
      }
      return reply.code(response.status).send(Buffer.from(await response.arrayBuffer()));
    }

    reply.code(result.status);
    if (result.shared) {
      const prepared = preparePage(await collect(result.stream), Date.now());
      html.set(key, prepared, mark);
      // A renewed session cookie is this shopper's alone: no shared cache may keep the answer.
      return sendCached(
        request,
        reply,
        prepared,
        setCookie ? 'private, no-cache' : 'public, max-age=0, must-revalidate',
      );
    }
    // Shoppers' own pages (signed in, the cart, errors) stream as they render and are never stored.
    reply.header('cache-control', 'private, no-store');
    if (request.method === 'HEAD') {
      result.stream.resume();
      return reply.send();
    }
    const encoding = negotiateEncoding(request.headers['accept-encoding'], { br: 1, gzip: 1 });
    if (encoding === 'identity') return reply.send(result.stream);
    reply.header('content-encoding', encoding);
    const compress =
      encoding === 'br'
        ? createBrotliCompress({
            flush: constants.BROTLI_OPERATION_FLUSH,
            params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
          })
        : createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 });
    return reply.send(result.stream.pipe(compress));
  }

  // Form posts without JavaScript: their own scope, so urlencoded bodies are read only here.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_request, raw, done) => done(null, raw),
    );
    for (const path of FORM_PATHS) {
      scope.post(path, { config: open, schema: { hide: true } }, page);
    }
  });

  return { page, html };
}
