import type { StoredLine } from './model.ts';
import { MAX_QUANTITY } from './schemas.ts';

/**
 * Lines of `source` added to `target`: a line with the same merge key adds its quantity (capped at the
 * maximum), any other line is appended. Custom lines are never merged.
 */
export function mergeLines(target: StoredLine[], source: StoredLine[]): StoredLine[] {
  const out = target.map((line) => ({ ...line }));
  for (const line of source) {
    const same =
      line.kind === 'catalog'
        ? out.find((l) => l.kind === 'catalog' && l.mergeKey === line.mergeKey)
        : out.find((l) => l.id === line.id);
    if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + line.quantity);
    else out.push({ ...line });
  }
  return out;
}
