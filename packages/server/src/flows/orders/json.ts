/** Order data as stored (`orders.data`): plain JSON objects, read with care. */
export type Json = Record<string, unknown>;
export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
