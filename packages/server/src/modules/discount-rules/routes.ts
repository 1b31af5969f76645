import type { Module } from '../../platform/app.ts';
import { entityRoutes } from '../../platform/entity-kit/index.ts';
import { discountRule, discountRuleService } from './rules.ts';

/** Discount rules: admin only; the pricing engine reads them through the merchant-settings cache. */
export const discountRuleRoutes: Module = (app, ctx) => {
  entityRoutes(app, ctx, discountRule, discountRuleService);
};
