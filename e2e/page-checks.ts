import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Checks the pages under test pass: axe-core (injected into the page) finds nothing serious or critical,
// and the console shows no error.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core's serious and critical violations of the page as it is now, one line each (rule, help, where).
 * Evaluated through the browser's debugging protocol, so the page's Content-Security-Policy does not stop it.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Expects no serious or critical axe violation on the page as it is now. */
export async function noSeriousA11yIssues(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const consoleErrors = new WeakMap<Page, string[]>();

/** Starts collecting the page's console errors (call right after opening the page). */
export function watchConsole(page: Page): void {
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  page.on('console', (message) => {
    // A refused API call (a 4xx the page shows as a message) is logged by the browser itself: not an error
    // of the app.
    const text = message.text();
    if (
      message.type() === 'error' &&
      !/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)
    )
      errors.push(text);
  });
}

/** Console errors since `watchConsole`. */
export const consoleErrorsOf = (page: Page): string[] => consoleErrors.get(page) ?? [];
