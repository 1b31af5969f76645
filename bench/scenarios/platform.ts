import type { Scenario } from '../measure.ts';

export async function platformScenarios(): Promise<Scenario[]> {
  return [{ name: 'bare route', description: 'GET /ping: routing, hooks, JSON; no database', path: '/ping' }];
}
