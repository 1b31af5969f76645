// The public entry: every export of these modules (the client module's helpers stay inside).
export * from './keys.ts';
export type { AisleAuth, AisleHooksClient } from './client.ts';
export * from './fetchers.ts';
export * from './context.tsx';
export * from './queries.ts';
export * from './cart.ts';
export * from './hooks.ts';
