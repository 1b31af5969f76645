import { describe, expect, it } from 'vitest';
import {
  errorsOf,
  hydrated,
  newShopper,
  productBySlug,
  registerMember,
  shopperToken,
  signInMember,
  uniqueEmail,
  withStore,
} from './store.ts';

const { server, browser } = withStore();

/** A page as a crawler or link preview gets it: plain HTTP, no JavaScript. */
async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html', ...headers } });
  return { response, html: await response.text() };
}

interface WireProduct {
  id: string;
  name: string;
  slug: string;
  priceData: { formatted: { discountedPrice: string }; discountedPrice: number; currency: string };
}

const productOf = (slug: string) => productBySlug<WireProduct>(server, slug);

/** The JSON-LD objects of a page. */
const structuredData = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

/** A tab with JavaScript off, in a browser context of its own (its forms post to the server), opened on `path`. */
async function scriptlessPage(path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return { context, page };
}

describe('pages rendered on the server', () => {
  it('sends a product page whose HTML (before any script) holds its name, price, meta and JSON-LD', async () => {
    const product = await productOf('classic-cotton-tee');
    const { response, html } = await fetchPage('/product-page/classic-cotton-tee');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The page itself, not an empty shell.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`<h1>${product.name}</h1>`);
    expect(root).toContain(product.priceData.formatted.discountedPrice);
    expect(html).toContain(`<title>${product.name} · Aisle Demo Store</title>`);
    expect(metaContent(html, 'name', 'description')).toBeTruthy();
    expect(html).toContain(`<link rel="canonical" href="${server.url}/product-page/classic-cotton-tee">`);
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(metaContent(html, 'property', 'og:image')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
    expect(metaContent(html, 'property', 'product:price:amount')).toBe(
      product.priceData.discountedPrice.toFixed(2),
    );
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');

    const data = structuredData(html);
    const jsonLd = data.find((d) => d['@type'] === 'Product') as {
      name: string;
      offers: Array<{ price: string; priceCurrency: string; availability: string; url: string }>;
    };
    expect(jsonLd.name).toBe(product.name);
    // One offer per variant (sizes × colours), each with its price, currency, availability and own URL.
    expect(jsonLd.offers.length).toBeGreaterThan(1);
    for (const offer of jsonLd.offers) {
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.priceCurrency).toBe(product.priceData.currency);
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
      expect(offer.url).toMatch(/\/product-page\/classic-cotton-tee\?Size=\w+&Color=\w+$/);
    }
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ name: string }>;
    };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Home', 'Shop', product.name]);

    // Images: responsive WebP thumbnails, sized, the first eager with high priority and the rest lazy.
    const images = [...root.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    const main = images.find((img) => img.includes('fetchPriority="high"'));
    expect(main).toMatch(/srcSet="[^"]*size=400 400w/);
    expect(main).toMatch(/width="\d+" height="\d+"/);
    expect(main).toContain('loading="eager"');
    for (const img of images) expect(img).toMatch(/width="\d+"/);
    expect(images.filter((img) => img.includes('loading="lazy"')).length).toBeGreaterThan(0);
  });

  it('opens the home page on its first collection tiles: eager and asked for first, the products below lazy', async () => {
    const { html } = await fetchPage('/');
    const tiles = [...html.matchAll(/<a [^>]*class="collection-tile"[^>]*>(<img [^>]*>)/g)].map((m) => m[1]!);
    expect(tiles.length).toBeGreaterThan(2);
    for (const tile of tiles.slice(0, 2)) {
      expect(tile).toContain('loading="eager"');
      expect(tile).toContain('fetchPriority="high"');
    }
    for (const tile of tiles.slice(2)) expect(tile).toContain('loading="lazy"');
    const featured = html.slice(html.indexOf('id="featured"'));
    const products = [...featured.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(products.length).toBeGreaterThan(0);
    for (const img of products) expect(img).toContain('loading="lazy"');
  });

  it('keeps the chosen variant in the URL: the page opens on it', async () => {
    const { html } = await fetchPage('/product-page/classic-cotton-tee?Size=M&Color=Navy');
    expect(html).toContain('<input type="radio" name="option-Size" checked="" value="M"/>');
    expect(html).toContain('<input type="radio" name="option-Color" checked="" value="Navy"/>');
    // Variants are one page for search engines.
    expect(html).toContain(`<link rel="canonical" href="${server.url}/product-page/classic-cotton-tee">`);
  });

  it('asks for its scripts only once the page has loaded, then hydrates', async () => {
    const page = await newShopper(browser);
    await page.goto(`${server.url}/product-page/classic-cotton-tee`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // When the page's scripts were asked for, against when the HTML had been read (DOMContentLoaded): a script
    // in the HTML would be asked for while the page is still being read.
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, start: entry.startTime }));
      return { read: navigation?.domContentLoadedEventEnd ?? Number.NaN, scripts };
    });
    expect(timing.scripts.some((s) => /\/entry-client-[^/]+\.js$/.test(s.name))).toBe(true);
    expect(timing.scripts.some((s) => /\/product-[^/]+\.js$/.test(s.name))).toBe(true);
    for (const script of timing.scripts) expect(script.start).toBeGreaterThanOrEqual(timing.read);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('hydrates without errors and then navigates in the browser', async () => {
    const page = await newShopper(browser);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    // A mark on the window survives only client-side navigation (a full page load would reset it).
    await page.evaluate(() => {
      (window as unknown as { mark: string }).mark = 'kept';
    });
    const card = page.getByTestId('product-card').first();
    const name = await card.getByRole('heading').textContent();
    await card.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: name ?? '' }).waitFor();
    expect(page.url()).toContain('/product-page/');
    await expect.poll(() => page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe('kept');
    await expect(page.title()).resolves.toBe(`${name} · Aisle Demo Store`);
    await page
      .getByRole('navigation', { name: 'Collections' })
      .getByRole('link', { name: 'Shop all' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe('kept');
    expect(problems).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('hydrates home, collection and product pages without building an Intl.NumberFormat (prices from the server’s patterns)', async () => {
    const page = await newShopper(browser);
    // Counts the number formats a page builds; the first one costs a throttled phone 70–100 ms.
    await page.addInitScript(() => {
      const Original = Intl.NumberFormat;
      const counted = new Proxy(Original, {
        construct(target, args) {
          (window as unknown as { built: number }).built =
            ((window as unknown as { built?: number }).built ?? 0) + 1;
          return Reflect.construct(target, args);
        },
      });
      Object.defineProperty(Intl, 'NumberFormat', { value: counted, configurable: true, writable: true });
    });
    for (const path of ['/', '/collections/apparel', '/product-page/classic-cotton-tee']) {
      await page.goto(`${server.url}${path}`);
      const shown = path.startsWith('/product-page/') ? 'product-price' : 'product-card';
      await page.getByTestId(shown).first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { built?: number }).built ?? 0), path).toBe(0);
    }
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('hydrates home, collection and product pages in place: nothing is taken out, a focused link keeps its focus', async () => {
    const page = await newShopper(browser);
    // Every element taken out of the page's root while it loads and hydrates (a moved one is taken out too).
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removed: string[] }).removed = removed;
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.removedNodes)
            if (node instanceof Element && node.tagName !== 'LINK') removed.push(node.outerHTML.slice(0, 80));
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/', '/collections/apparel', '/product-page/classic-cotton-tee']) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'domcontentloaded' });
      // Before the scripts run: the skip link has the focus, as a shopper's first Tab gives it.
      await page.keyboard.press('Tab');
      await hydrated(page);
      expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed), path).toEqual(
        [],
      );
      expect(await page.evaluate(() => document.activeElement?.className), path).toBe('skip-link');
    }
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps the options a shopper picked before the page hydrated', async () => {
    const page = await newShopper(browser);
    // Hold the page's scripts back, as a slow phone line would, while the shopper taps.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/entry-client-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/product-page/classic-cotton-tee`, { waitUntil: 'domcontentloaded' });
    // A tap on a loaded machine may land while the page still moves (pictures decoding): tap until it takes.
    const tap = async (name: string) => {
      const radio = page.getByRole('radio', { name, exact: true });
      await expect
        .poll(async () => {
          if (!(await radio.isChecked())) await radio.click();
          return radio.isChecked();
        })
        .toBe(true);
    };
    await tap('M');
    await tap('Navy');
    expect(await page.getByRole('radio', { name: 'M', exact: true }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForURL(
      (url) => url.searchParams.get('Size') === 'M' && url.searchParams.get('Color') === 'Navy',
    );
    // The next tap (after hydration) keeps both.
    await page.getByRole('radio', { name: 'L', exact: true }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('Size') === 'L' && url.searchParams.get('Color') === 'Navy',
    );
    await expect.poll(() => page.getByRole('radio', { name: 'Navy', exact: true }).isChecked()).toBe(true);
    await expect(page.getByTestId('product-sku').textContent()).resolves.not.toBe('—');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('shows a tapped option checked at once, while the navigation to its URL still loads', async () => {
    const page = await newShopper(browser);
    await page.goto(`${server.url}/product-page/classic-cotton-tee`, { waitUntil: 'networkidle' });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // Hold the data the navigation loads (the layout's, revalidated for the new URL), as a slow phone line would.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      () => true,
      async (route) => {
        if (route.request().resourceType() === 'fetch') await held;
        await route.continue();
      },
    );
    const size = page.getByRole('radio', { name: 'M', exact: true });
    await size.click();
    expect(await size.isChecked()).toBe(true);
    const colour = page.getByRole('radio', { name: 'Navy', exact: true });
    await colour.click();
    expect(await colour.isChecked()).toBe(true);
    expect(await size.isChecked()).toBe(true);
    release();
    await page.waitForURL(
      (url) => url.searchParams.get('Size') === 'M' && url.searchParams.get('Color') === 'Navy',
    );
    expect(await size.isChecked()).toBe(true);
    expect(await colour.isChecked()).toBe(true);
    await expect(page.getByTestId('product-sku').textContent()).resolves.not.toBe('—');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('adds to the cart without JavaScript (a form post), into a session cookie', async () => {
    const { context, page } = await scriptlessPage('/product-page/classic-cotton-tee');
    await page.getByRole('radio', { name: 'M', exact: true }).check();
    await page.getByRole('radio', { name: 'Navy', exact: true }).check();
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await page.getByTestId('add-to-cart').click();
    await page.waitForURL(`${server.url}/cart`);
    const line = page.getByTestId('cart-line');
    await expect.poll(() => line.count()).toBe(1);
    await expect.poll(() => line.getByRole('link').textContent()).toBe('Classic Cotton Tee');
    await expect.poll(() => page.getByTestId('cart-page-count').textContent()).toBe('2 items');
    // The session is an HttpOnly cookie the page's scripts could not read.
    const cookie = (await context.cookies()).find((c) => c.name === 'aisle_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    // The API agrees: the cart belongs to that session.
    const cart = await server.call('GET', '/ecom/v1/carts/current', { token: await shopperToken(page) });
    expect((cart.body.cart as { lineItems: Array<{ quantity: number }> }).lineItems[0]?.quantity).toBe(2);
    // Checkout too: the form post starts the checkout on the server and goes to it.
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    const checkoutId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    const checkout = await server.call('GET', `/ecom/v1/checkouts/${checkoutId}`, { token: server.adminKey });
    expect(
      (checkout.body.checkout as { lineItems: Array<{ quantity: number }> }).lineItems[0]?.quantity,
    ).toBe(2);
    await page.goto(`${server.url}/cart`);
    // Removing works without JavaScript too.
    await line.getByRole('button', { name: /Remove/ }).click();
    await page.getByRole('main').getByText('Your cart is empty.').waitFor();
    await context.close();
  });

  it('renders a signed-in member’s account page on the server with their session cookie', async () => {
    const email = await registerMember(server, uniqueEmail('ssr'), 'Mary Somerville');
    const page = await newShopper(browser);
    await signInMember(page, server, email);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const { response, html } = await fetchPage('/account/info', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('<html lang="en" data-member="true">');
    expect(html).toContain('data-testid="member-name">Mary Somerville</span>');
    expect(html).toContain(email);
    // Without the cookie: off to sign in, coming back afterwards.
    const anonymous = await fetch(`${server.url}/account/info`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?returnTo=%2Faccount%2Finfo');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('says which option is missing when a form post without JavaScript chose none', async () => {
    const { context, page } = await scriptlessPage('/product-page/classic-cotton-tee');
    await page.getByTestId('add-to-cart').click();
    await page.getByText('Choose a size and color first.').waitFor();
    expect(page.url()).toBe(`${server.url}/product-page/classic-cotton-tee`);
    await context.close();
  });
});

describe('status codes, sitemaps and robots', () => {
  it('answers 404 for unknown products and 410 for deleted ones', async () => {
    const unknown = await fetchPage('/product-page/no-such-product');
    expect(unknown.response.status).toBe(404);
    expect(unknown.html).toContain('<meta name="robots" content="noindex">');

    const made = await server.call('POST', '/stores/v1/products', {
      token: server.adminKey,
      body: { product: { name: 'Soon Gone Scarf', productType: 'physical', priceData: { price: 12 } } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { id, slug } = made.body.product as { id: string; slug: string };
    await expect(fetchPage(`/product-page/${slug}`).then((p) => p.response.status)).resolves.toBe(200);
    const deleted = await server.call('DELETE', `/stores/v1/products/${id}`, { token: server.adminKey });
    expect(deleted.status).toBe(200);
    // The deletion is recorded by an event subscriber (after the commit).
    await expect.poll(async () => (await fetchPage(`/product-page/${slug}`)).response.status).toBe(410);
    const gone = await fetchPage(`/product-page/${slug}`);
    expect(gone.html).toContain('This product is no longer sold.');
  });

  it('lists every visible product and collection in keyset-paged sitemaps, and points robots at them', async () => {
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robotsText).toMatch(/^Disallow: \/account$/m);

    const index = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files[0]).toBe(`${server.url}/sitemaps/pages.xml`);
    const productFiles = files.filter((f) => /\/sitemaps\/products-\d+\.xml$/.test(f));
    expect(productFiles.length).toBeGreaterThan(0);
    const urls: string[] = [];
    for (const file of productFiles) {
      const xml = await (await fetch(file)).text();
      urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    const listed = await server.call('POST', '/stores-reader/v1/products/query-platformized', {
      body: { query: { paging: { limit: 100 } } },
    });
    const slugs = (listed.body.products as WireProduct[]).map((p) => `${server.url}/product-page/${p.slug}`);
    expect(new Set(urls)).toEqual(new Set(slugs));
    const pages = await (await fetch(`${server.url}/sitemaps/pages.xml`)).text();
    expect(pages).toContain(`<loc>${server.url}/shop</loc>`);
    expect(pages).toContain(`<loc>${server.url}/collections/apparel</loc>`);
    await expect(fetch(`${server.url}/sitemaps/nothing.xml`).then((r) => r.status)).resolves.toBe(404);
  });
});

describe('delivery', () => {
  it('sends hashed assets precompressed and cached for a year, never their source maps', async () => {
    const { html } = await fetchPage('/');
    // The entry script, which the page asks for once it has loaded (entry-server.tsx `startScripts`).
    const script = /s\.src="(\/assets\/entry-client-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      // fetch decodes: the script reads the same whatever the encoding.
      expect((await response.text()).length).toBeGreaterThan(1000);
    }
    const map = await fetch(`${server.url}${script}.map`, { headers: { accept: '*/*' } });
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('"sources"');
  });

  it('sends catalogue HTML compressed with an ETag (304 when unchanged) and shoppers’ pages uncached', async () => {
    const first = await fetch(`${server.url}/shop`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(first.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${server.url}/shop`, {
      headers: { accept: 'text/html', 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    const cart = await fetch(`${server.url}/cart`, {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(cart.headers.get('cache-control')).toBe('private, no-store');
    expect(cart.headers.get('content-encoding')).toBe('gzip');
    expect(await cart.text()).toContain('Your cart is empty.');
  });

  it('serves a product page from the HTML cache until the product changes', async () => {
    const product = await productOf('stoneware-table-lamp');
    const before = await fetchPage('/product-page/stoneware-table-lamp');
    const cached = await fetchPage('/product-page/stoneware-table-lamp');
    expect(cached.response.headers.get('etag')).toBe(before.response.headers.get('etag'));
    const renamed = await server.call('PATCH', `/stores/v1/products/${product.id}`, {
      token: server.adminKey,
      body: { product: { name: 'Stoneware Reading Lamp' } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = await fetchPage('/product-page/stoneware-table-lamp');
    expect(after.html).toContain('<h1>Stoneware Reading Lamp</h1>');
    expect(after.response.headers.get('etag')).not.toBe(before.response.headers.get('etag'));
  });
});
