import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/browser.ts';
import { startServerProcess } from './server-process.ts';

/**
 * `npm run lighthouse`: Lighthouse 12 (mobile preset: a mid-range phone on slow 4G, simulated — 150 ms RTT,
 * 1.6 Mbps, 4× CPU slowdown) against the built storefront served by the real server (the demo store on the
 * embedded database), for the home page, a collection, a product and the cart. Needs `npm run build` first
 * (the README's `npm start` builds too). Results: the table below and `bench/results/lighthouse.json`.
 *
 * Each page is loaded once before measuring (the server's HTML cache is warm, as in production) and measured
 * `RUNS` times; the median run by performance score is reported.
 */

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** `LIGHTHOUSE_PAGES=product,cart` measures only those pages; `LIGHTHOUSE_REPORTS=dir` keeps each run's full report. */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',');
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const ALL_PAGES = [
  { name: 'home', path: '/' },
  { name: 'collection', path: '/collections/apparel' },
  { name: 'product', path: '/product-page/classic-cotton-tee' },
  { name: 'cart', path: '/cart' },
];
const PAGES = ALL_PAGES.filter((page) => !ONLY || ONLY.includes(page.name));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface PageResult {
  name: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script bytes transferred (compressed) on the page load. */
  scriptKb: number;
  failed: string[];
}

async function measure(
  url: string,
  port: number,
  report?: string,
): Promise<Omit<PageResult, 'name' | 'path'>> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (report) await writeFile(report, JSON.stringify(lhr));
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['resource-summary']?.details as { items?: Array<Record<string, unknown>> })
    ?.items;
  const script = items?.find((i) => i.resourceType === 'script');
  const failed = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${category.id}:${ref.id}`),
  );
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    scriptKb: Math.round((Number(script?.transferSize ?? 0) / 1024) * 10) / 10,
    failed,
  };
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'aisle-lighthouse-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    STOREFRONT_DIR: 'apps/storefront/dist',
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
  });
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const results: PageResult[] = [];
  try {
    for (const page of PAGES) {
      const url = `${server.url}${page.path}`;
      await fetch(url, { headers: { accept: 'text/html' } });
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const report = REPORTS && join(REPORTS, `${page.name}-${i + 1}.json`);
        runs.push(await measure(url, chrome.port, report));
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      results.push({ name: page.name, path: page.path, ...median });
    }
  } finally {
    chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log('page        perf  a11y  best  seo   LCP ms  FCP ms  TBT ms  CLS    JS kB  failing audits');
  for (const r of results) {
    console.log(
      [
        r.name.padEnd(10),
        String(r.scores.performance).padStart(4),
        String(r.scores.accessibility).padStart(5),
        String(r.scores['best-practices']).padStart(5),
        String(r.scores.seo).padStart(4),
        String(r.lcpMs).padStart(8),
        String(r.fcpMs).padStart(7),
        String(r.tbtMs).padStart(7),
        String(r.cls).padStart(6),
        String(r.scriptKb).padStart(7),
        ` ${r.failed.join(', ') || '—'}`,
      ].join(' '),
    );
  }
  await writeFile(
    'bench/results/lighthouse.json',
    `${JSON.stringify({ lighthouse: '12.2.3', preset: 'mobile', runs: RUNS, results }, null, 2)}\n`,
  );
}

await main();
