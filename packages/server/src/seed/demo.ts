import type { AppContext } from '../platform/context.ts';

export interface SeedOptions {
  onlyIfEmpty?: boolean;
}

/** Placeholder until the catalogue tables land. */
export async function seedDemoStore(_ctx: AppContext, _options: SeedOptions = {}): Promise<void> {}
