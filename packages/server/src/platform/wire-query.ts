/** Decoding of GET query strings per wire/README §2: `.r` = base64url JSON, else dotted keys → nested object. */

export type RawQuery = Record<string, string | string[] | undefined>;

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Returns the request object a GET carried, or throws `SyntaxError` for an undecodable `.r`. */
export function decodeQuery(raw: RawQuery): Record<string, unknown> {
  const encoded = raw['.r'];
  if (encoded !== undefined) {
    const text = Buffer.from(Array.isArray(encoded) ? (encoded[0] ?? '') : encoded, 'base64url').toString(
      'utf8',
    );
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new SyntaxError('.r is not an object');
    return parsed as Record<string, unknown>;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const path = key.split('.');
    if (path.some((p) => p === '' || FORBIDDEN_KEYS.has(p))) continue;
    setPath(out, path, value);
  }
  return out;
}

/** The client side of the same encoding, used by tests and tools. */
export function encodeComplexQuery(request: unknown): string {
  return `.r=${Buffer.from(JSON.stringify(request), 'utf8').toString('base64url')}`;
}
