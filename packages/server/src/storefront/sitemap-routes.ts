import type { FastifyReply } from 'fastify';
import type { App } from '../platform/app.ts';
import type { AppContext } from '../platform/context.ts';
import { notFound } from '../platform/errors.ts';
import { pagesSitemapXml, productSitemapXml, sitemapIndexXml } from './sitemap.ts';
import { robotsTxt } from './sitemap-xml.ts';
import { open } from '../platform/routing.ts';

const PRODUCT_FILE = /^products-(\d{1,19})\.xml$/;

/** `robots.txt`, `sitemap.xml` (the index) and its files under `/sitemaps/`, cached by browsers for an hour. */
export function registerSitemaps(app: App, ctx: AppContext): void {
  const origin = () => new URL(ctx.config.publicUrl).origin;
  const xml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  const options = { config: open, schema: { hide: true } };

  app.get('/robots.txt', options, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin())),
  );
  app.get('/sitemap.xml', options, async (_request, reply) =>
    xml(reply, await sitemapIndexXml(ctx, origin(), ctx.config.sitemapUrlsPerFile)),
  );
  app.get('/sitemaps/pages.xml', options, async (_request, reply) =>
    xml(reply, await pagesSitemapXml(ctx, origin())),
  );
  app.get<{ Params: { file: string } }>('/sitemaps/:file', options, async (request, reply) => {
    const match = PRODUCT_FILE.exec(request.params.file);
    if (!match?.[1]) throw notFound('SITEMAP_NOT_FOUND', `There is no sitemap ${request.params.file}`);
    return xml(
      reply,
      await productSitemapXml(ctx, origin(), BigInt(match[1]), ctx.config.sitemapUrlsPerFile),
    );
  });
}
