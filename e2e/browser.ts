import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const STOREFRONT_DIST = fileURLToPath(new URL('../apps/storefront/dist', import.meta.url));

/** The system Chromium; a missing browser is a failure, never a skip. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) to run browser tests`,
    );
  }
  if (!existsSync(`${STOREFRONT_DIST}/index.html`)) {
    throw new Error('The storefront is not built: run `npm run build -w apps/storefront` (npm test does it)');
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
