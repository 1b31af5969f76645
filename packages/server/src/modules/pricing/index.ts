export { estimateTotals } from './engine.ts';
export type * from './snapshot.ts';
export type * from './totals.ts';
