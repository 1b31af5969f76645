export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding the client accepts among those on offer: brotli, then gzip, else none. `q=0` refuses an
 * encoding; an absent header accepts only identity.
 */
export function negotiateEncoding(
  header: string | undefined,
  available: Partial<Record<Encoding, unknown>>,
): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const ok = (name: Encoding) => {
    const weight = accepted.get(name) ?? accepted.get('*');
    return weight !== undefined && weight > 0;
  };
  if (available.br !== undefined && ok('br')) return 'br';
  if (available.gzip !== undefined && ok('gzip')) return 'gzip';
  return 'identity';
}
