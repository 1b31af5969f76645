import type { Currency } from './currency.ts';
import type { PricedLine } from './lines.ts';

/**
 * CUSTOM discount-rule triggers (`trigger.customTrigger {id, appId}`): a condition another part of the shop
 * decides, registered here by app and id. None is registered by default, and an unregistered trigger never
 * holds. A trigger is a pure function of the priced lines and the shopper, so every estimate of the same
 * cart gives the same answer.
 */
export interface CustomTriggerInput {
  lines: readonly PricedLine[];
  customer: { memberId?: string } | undefined;
  currency: Currency;
}

export type CustomTrigger = (input: CustomTriggerInput) => boolean;

const registry = new Map<string, CustomTrigger>();
const keyOf = (appId: string, id: string) => `${appId}\u0000${id}`;

/** Registers (or replaces) a trigger; returns a function that removes it. */
export function registerCustomTrigger(appId: string, id: string, trigger: CustomTrigger): () => void {
  const key = keyOf(appId, id);
  registry.set(key, trigger);
  return () => {
    if (registry.get(key) === trigger) registry.delete(key);
  };
}

export function customTriggerHolds(appId: string, id: string, input: CustomTriggerInput): boolean {
  return registry.get(keyOf(appId, id))?.(input) ?? false;
}
