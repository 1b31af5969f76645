import type { App } from '../platform/app.ts';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Accept `application/x-www-form-urlencoded` bodies in this scope (HTML forms, plain OAuth clients). */
export function acceptForms(app: App): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const out: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))
        if (!UNSAFE_KEYS.has(key) && !(key in out)) out[key] = value;
      done(null, out);
    },
  );
}
