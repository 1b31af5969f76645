/**
 * Copies the `keys` that `from` sends (not `undefined`) into `into`, in the order of `keys`: the fields of a
 * write that pass through as they are (a `null` is copied: it clears).
 */
export function copyDefined<Into extends object, K extends keyof Into>(
  into: Into,
  from: { [P in K]?: Into[P] | undefined },
  keys: readonly K[],
): void {
  for (const key of keys) if (from[key] !== undefined) into[key] = from[key] as Into[K];
}
