// Test-only helpers (excluded from the build): one scenario run over several entities' calls.

/**
 * A module's calls by their names (`callNamed(sdk.taxGroups)('getTaxGroup', id)`), for one scenario run over
 * several entities whose calls are named alike.
 */
export const callNamed =
  (module: unknown) =>
  <T>(name: string, ...args: unknown[]): T =>
    (module as Record<string, (...args: unknown[]) => T>)[name]!(...args);

/** `TaxGroup` → `taxGroup`: the wire key (or module name) from the name in an entity's calls. */
export const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
