import { getAt } from './values.ts';

/** Fills `{x}` / `{a.b}` from the request object, always URI-encoded so ids cannot change the route. */
export function fillPath(template: string, data: object | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = getAt(data, name);
    if (
      (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') ||
      value === ''
    ) {
      throw new TypeError(`Missing path parameter "${name}"`);
    }
    return encodeURIComponent(String(value));
  });
}
