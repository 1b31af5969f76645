import { readFileSync, writeFileSync } from 'node:fs';

const DOC = 'docs/BENCHMARKS.md';

/**
 * Replaces one section of docs/BENCHMARKS.md, between `<!-- <marker>:start -->` and `<!-- <marker>:end -->`,
 * with `text`, keeping the narrative around it (nothing is written when the markers are missing).
 */
export function replaceBenchmarksSection(marker: string, text: string): void {
  const doc = readFileSync(DOC, 'utf8');
  const start = `<!-- ${marker}:start -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(`<!-- ${marker}:end -->`);
  if (i >= 0 && j > i) writeFileSync(DOC, `${doc.slice(0, i + start.length)}\n${text}\n${doc.slice(j)}`);
}
