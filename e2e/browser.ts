import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How the tests and the Lighthouse benchmark run it: no sandbox (root), no GPU, nothing fetched of its own. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const STOREFRONT_DIST = fileURLToPath(new URL('../apps/storefront/dist', import.meta.url));
export const ADMIN_DIST = fileURLToPath(new URL('../apps/admin/dist', import.meta.url));

let shared: Promise<Browser> | undefined;

/**
 * The system Chromium; a missing browser is a failure, never a skip. Launched once per test worker and shared
 * by the e2e files it runs one after another; each file hands it back with `releaseBrowser`.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) to run browser tests`,
    );
  }
  if (!existsSync(`${STOREFRONT_DIST}/server/entry-server.js`)) {
    throw new Error('The storefront is not built: run `npm run build -w apps/storefront` (npm test does it)');
  }
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared = chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  return shared;
}

/** A test file is done with the shared browser: close every context (shopper) it opened, keep the browser. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

/**
 * Check a radio or checkbox whose state follows the URL (option pickers, filters): the click navigates and
 * the input re-renders, so wait for it to read checked instead of asserting straight after the click.
 */
export async function choose(input: Locator, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await input.isChecked())) {
    if (Date.now() > deadline) throw new Error(`${String(input)} did not become checked`);
    await input.click();
    // Give the navigation time to land before judging (a second click would untick a checkbox).
    for (let i = 0; i < 20 && !(await input.isChecked()); i++) await input.page().waitForTimeout(100);
  }
}
