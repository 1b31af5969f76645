import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { AuthStrategy, FetchFn } from '@aisle/sdk';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  RouterContextProvider,
  type StaticHandlerContext,
  StaticRouterProvider,
  type UIMatch,
} from 'react-router';
import { HYDRATION_ELEMENT_ID, serializeForScript } from './lib/hydration.ts';
import { documentTitle, metaOf, type PageMeta, siteOf, storeDescription } from './lib/meta.ts';
import { moneyPatterns } from './lib/money.ts';
import { pageFiles, storefrontRoutes } from './routes.tsx';
import { storeContext } from './sdk.ts';
import { createStoreClient } from './store-client.ts';

/**
 * The storefront rendered on the server (React Router's static handler + React's streaming renderer), loaded by
 * the platform server from the build (`dist/server/entry-server.js`). The server brings the shopper's session
 * (an auth strategy over their cookie) and an in-process `fetch` to its own API; everything else is here.
 */

export interface RenderInput {
  /** The shopper's request, with the store's public origin. */
  request: Request;
  /** Calls the platform API (in process). */
  fetch: FetchFn;
  /** The shopper's session: their visitor or member access token (none: anonymous). */
  auth: AuthStrategy;
  member: boolean;
  /** Did a product at this slug exist once (deleted: 410)? */
  productGone: (slug: string) => Promise<boolean>;
}

export type RenderResult =
  /** A redirect (or other response) from a loader or action. */
  | { type: 'response'; response: Response }
  | {
      type: 'page';
      status: number;
      /** The same HTML for every anonymous shopper (a catalogue page): the server may keep it. */
      shared: boolean;
      stream: Readable;
    };

export interface Renderer {
  render(input: RenderInput): Promise<RenderResult>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'src/entry-client.tsx';
/** The catalogue pages: their HTML is the same for every shopper who is not signed in. */
const SHARED_ROUTES = new Set(['home', 'shop', 'collection', 'product', 'product-alias']);

/** Text for HTML (element content and quoted attribute values). */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The chunk's file and those it imports, then their CSS, each once. */
function chunkFiles(
  manifest: Manifest,
  key: string,
  seen = new Set<string>(),
): { js: string[]; css: string[] } {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const js = [chunk.file];
  const css = [...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) {
    const more = chunkFiles(manifest, imported, seen);
    js.push(...more.js);
    css.push(...more.css);
  }
  return { js, css };
}

function metaTags(meta: PageMeta | undefined, siteName: string, origin: string, url: URL): string {
  const title = documentTitle(meta, siteName);
  const description = meta?.description ?? storeDescription(siteName);
  const canonical = meta?.canonical ? new URL(meta.canonical, origin).href : undefined;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta name="robots" content="${meta?.noindex ? 'noindex' : 'index, follow'}">`,
  ];
  if (canonical) tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
  const property = (name: string, content: string | number | undefined) => {
    if (content !== undefined && content !== '')
      tags.push(`<meta property="${name}" content="${escapeHtml(String(content))}">`);
  };
  const named = (name: string, content: string | undefined) => {
    if (content) tags.push(`<meta name="${name}" content="${escapeHtml(content)}">`);
  };
  property('og:site_name', siteName);
  property('og:type', meta?.type === 'product' ? 'product' : 'website');
  property('og:title', meta?.title ?? siteName);
  property('og:description', description);
  property('og:url', canonical ?? new URL(url.pathname + url.search, origin).href);
  const image = meta?.image ? new URL(meta.image.url, origin).href : undefined;
  property('og:image', image);
  property('og:image:width', meta?.image?.width);
  property('og:image:height', meta?.image?.height);
  property('og:image:alt', meta?.image?.alt);
  property('product:price:amount', meta?.price?.amount);
  property('product:price:currency', meta?.price?.currency);
  named('twitter:card', image ? 'summary_large_image' : 'summary');
  named('twitter:title', meta?.title ?? siteName);
  named('twitter:description', description);
  named('twitter:image', image);
  if (meta?.price) {
    named('twitter:label1', 'Price');
    named('twitter:data1', `${meta.price.amount} ${meta.price.currency}`);
  }
  for (const data of meta?.structuredData ?? []) {
    tags.push(`<script type="application/ld+json">${serializeForScript(data)}</script>`);
  }
  return tags.join('');
}

/** Errors as React Router's browser router reads them back (`__type`). */
function serializeErrors(errors: StaticHandlerContext['errors']) {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => {
      if (isRouteErrorResponse(error)) return [id, { ...error, __type: 'RouteErrorResponse' }];
      if (error instanceof Error) return [id, { message: error.message, __type: 'Error' }];
      return [id, error];
    }),
  );
}

/** The renderer over a client build (`dist/client`: its Vite manifest and CSS). */
export async function createRenderer(clientDir: string): Promise<Renderer> {
  const manifest = JSON.parse(await readFile(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`The storefront build has no ${ENTRY} in its manifest`);
  const entryFiles = chunkFiles(manifest, ENTRY);
  // The entry's CSS is the whole store's look: inlined, so the first paint needs no second request.
  const inlineCss = (
    await Promise.all(entryFiles.css.map((file) => readFile(join(clientDir, file), 'utf8')))
  ).join('\n');
  const routes = storefrontRoutes('server');
  const handler = createStaticHandler(routes);

  const assetsFor = (matchIds: string[]) => {
    const js = new Set(entryFiles.js.slice(1));
    const css = new Set<string>();
    for (const file of pageFiles(matchIds)) {
      const files = chunkFiles(manifest, file);
      for (const f of files.js) js.add(f);
      for (const f of files.css) if (!entryFiles.css.includes(f)) css.add(f);
    }
    return { js: [...js], css: [...css] };
  };

  return {
    async render(input) {
      const { request } = input;
      const url = new URL(request.url);
      const connection = { auth: input.auth, fetch: input.fetch };
      const client = Promise.resolve(createStoreClient(connection));
      const context = new RouterContextProvider();
      context.set(storeContext, {
        kind: 'server',
        api: () => client,
        connection,
        loggedIn: () => input.member,
        origin: url.origin,
        memo: new Map(),
        productGone: input.productGone,
      });
      const result = await handler.query(request, { requestContext: context });
      if (result instanceof Response) return { type: 'response', response: result };

      const matchIds = result.matches.map((m) => m.route.id);
      const failed = result.errors !== null;
      const uiMatches: UIMatch[] = result.matches.map((m) => ({
        id: m.route.id,
        pathname: m.pathname,
        params: m.params,
        loaderData: result.loaderData[m.route.id],
        data: result.loaderData[m.route.id],
        handle: m.route.handle,
      }));
      const meta = failed
        ? { title: result.statusCode === 410 ? 'No longer available' : 'Page not found', noindex: true }
        : metaOf(uiMatches, url.origin);
      const assets = assetsFor(matchIds);
      const head = [
        '<!doctype html>',
        `<html lang="en"${input.member ? ' data-member="true"' : ''}>`,
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="theme-color" content="#1f2937">',
        metaTags(meta, siteOf(uiMatches, url.origin).name, url.origin, url),
        '<link rel="icon" href="/favicon.png" type="image/png" sizes="64x64">',
        `<style>${inlineCss}</style>`,
        ...assets.css.map((file) => `<link rel="stylesheet" href="/${file}">`),
        '</head><body><div id="root">',
      ].join('');
      // The scripts come after the page: the HTML and the first image are not kept waiting behind them. Made
      // once the page is rendered, so it carries the money patterns its prices were written with.
      const tail = () => {
        const data = {
          loaderData: result.loaderData,
          actionData: result.actionData,
          errors: serializeErrors(result.errors),
          money: moneyPatterns(),
        };
        return [
          `</div><script type="application/json" id="${HYDRATION_ELEMENT_ID}">${serializeForScript(data)}</script>`,
          `<script>${startScripts(assets.js, entry.file)}</script>`,
          '</body></html>',
        ].join('');
      };

      const router = createStaticRouter(handler.dataRoutes, result);
      const stream = new PassThrough();
      const status = result.statusCode;
      return new Promise<RenderResult>((resolve, reject) => {
        let settled = false;
        const { pipe } = renderToPipeableStream(
          <StaticRouterProvider router={router} context={result} hydrate={false} />,
          {
            onShellReady() {
              settled = true;
              stream.write(head);
              const body = new PassThrough();
              body.on('data', (chunk: Buffer) => stream.write(chunk));
              body.on('end', () => stream.end(tail()));
              body.on('error', (error) => stream.destroy(error));
              pipe(body);
              resolve({
                type: 'page',
                status,
                shared:
                  status === 200 &&
                  !input.member &&
                  request.method === 'GET' &&
                  SHARED_ROUTES.has(matchIds.at(-1) ?? ''),
                stream,
              });
            },
            onShellError(error) {
              if (!settled) reject(error);
            },
            onError(error) {
              if (settled) stream.destroy(error instanceof Error ? error : new Error(String(error)));
            },
          },
        );
      });
    },
  };
}

/** How long after the HTML was read a page asks for its scripts at the latest (`startScripts`). */
export const SCRIPTS_AT_LATEST_MS = 2_000;

/**
 * The page's scripts, asked for once the page has loaded (its HTML, styles and first images: the `load` event),
 * its eager images are decoded (`decode()`) and the frame after that has been painted, so that on a slow link the first paint and the largest image do not share
 * the bandwidth with ~110 kB of scripts, and scripts already in the browser's cache (a return visit) do not run
 * hydration's work on the main thread before the page is first shown — or `SCRIPTS_AT_LATEST_MS` after the HTML was
 * read, so an image that never arrives (or a background tab, which paints no frames) does not keep the page from
 * hydrating. The page works before they run (links and forms are plain HTML; add to cart is a form post);
 * hydration follows and marks `<html data-hydrated>` (entry-client.tsx).
 */
export function startScripts(preload: string[], entry: string): string {
  const files = JSON.stringify(preload.map((file) => `/${file}`));
  return `(function(){var started=false;function go(){if(started)return;started=true;var d=document;${files}.forEach(function(f){var l=d.createElement("link");l.rel="modulepreload";l.href=f;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";s.src=${JSON.stringify(`/${entry}`)};d.body.appendChild(s)}function frames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}function painted(){var shown=[].filter.call(document.images,function(i){return i.loading!=="lazy"&&i.decode}).map(function(i){return i.decode().catch(function(){})});Promise.all(shown).then(frames)}if(document.readyState==="complete")painted();else addEventListener("load",painted);setTimeout(go,${SCRIPTS_AT_LATEST_MS})})()`;
}
