/**
 * The router's data from the server to the browser, as JSON in the page. Loader data holds `Date`s (the SDK
 * turns wire dates into them), which JSON alone would turn into strings: they travel as `{"$date": iso}`.
 */

/** The `<script type="application/json">` holding the data. */
export const HYDRATION_ELEMENT_ID = 'aisle-router-data';

const DATE_KEY = '$date';

/** JSON that is safe inside a `<script>` element (no `</script>`, no line separators that end JS strings). */
export function serializeForScript(value: unknown): string {
  const json = JSON.stringify(value, function (this: Record<string, unknown>, key, raw: unknown) {
    const original = this[key];
    if (original instanceof Date)
      return Number.isNaN(original.getTime()) ? null : { [DATE_KEY]: original.toISOString() };
    return raw;
  });
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data as the server had it, `Date`s included. */
export function parseHydration(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const iso = (value as Record<string, unknown>)[DATE_KEY];
      if (keys.length === 1 && typeof iso === 'string') return new Date(iso);
    }
    return value;
  });
}
