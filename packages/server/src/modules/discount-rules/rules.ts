import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  defineEntity,
  entityAt,
  entityService,
  failIf,
  iso,
  revisionAndDates,
  presentFields,
} from '../../platform/entity-kit/index.ts';
import { AppError, type FieldViolation, invalid } from '../../platform/errors.ts';
import { ruleStatus } from '../pricing/discounts.ts';
import type { DiscountRuleSnapshot, DiscountRuleTrigger, DiscountRuleValue } from '../pricing/snapshot.ts';
import { checkTrigger, checkValue, checkWindow } from './checks.ts';
import { DiscountRuleCreate, DiscountRulePatch } from './schemas.ts';
import { discountRules } from './tables.ts';

/**
 * Discount rules: automatic discounts the pricing engine applies to every cart whose trigger holds while the
 * rule is active and inside its window (modules/pricing/README.md, "Stacking order"). `status` is derived at
 * read time; `usageCount` counts placed orders the rule discounted.
 */

/** A store holds at most this many rules (MAX_DISCOUNT_RULES_REACHED past it). */
export const MAX_DISCOUNT_RULES = 1000;

export type DiscountRuleRow = typeof discountRules.$inferSelect;

const window = (row: DiscountRuleRow) => ({
  ...(row.activeStart ? { start: iso(row.activeStart) } : {}),
  ...(row.activeEnd ? { end: iso(row.activeEnd) } : {}),
});

/** The rule as the pricing engine reads it. */
export function ruleSnapshot(row: DiscountRuleRow): DiscountRuleSnapshot {
  const activeTimeInfo = window(row);
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    ...(activeTimeInfo.start || activeTimeInfo.end ? { activeTimeInfo } : {}),
    trigger: row.trigger,
    discounts: row.discounts,
  };
}

export function discountRuleToWire(row: DiscountRuleRow) {
  return {
    id: row.id,
    ...revisionAndDates(row),
    active: row.active,
    name: row.name,
    status: ruleStatus(ruleSnapshot(row), Date.now()),
    usageCount: row.usageCount,
    activeTimeInfo: window(row),
    ...presentFields(row, ['tags']),
    trigger: row.trigger,
    discounts: row.discounts,
  };
}

type Parts = {
  trigger?: DiscountRuleTrigger;
  values?: DiscountRuleValue[];
};

/** Checks the parts a body gives; the normalised trigger and values. */
function checkParts(input: {
  trigger?: unknown;
  discounts?: { values: unknown[] };
  activeTimeInfo?: { start?: string; end?: string };
}): Parts {
  const out: FieldViolation[] = [];
  const path = 'discountRule';
  const trigger = input.trigger
    ? checkTrigger(input.trigger as Parameters<typeof checkTrigger>[0], `${path}.trigger`, out)
    : undefined;
  const values = input.discounts?.values.map((v, i) =>
    checkValue(v as Parameters<typeof checkValue>[0], `${path}.discounts.values[${i}]`, out),
  );
  checkWindow(input.activeTimeInfo, `${path}.activeTimeInfo`, out);
  failIf(out);
  return { ...(trigger ? { trigger } : {}), ...(values ? { values } : {}) };
}

const dateOf = (value: string | undefined) => (value ? new Date(value) : null);

export const discountRule = defineEntity({
  ...entityAt('discount rule', '/ecom/v1', {
    create: 'Create an automatic discount rule',
    query: 'Query discount rules (offset paging)',
    update: 'Update a discount rule (mask: the fields to change)',
  }),
  table: discountRules,
  schemas: { create: DiscountRuleCreate, patch: DiscountRulePatch },
  writable: ['name', 'active', 'activeTimeInfo', 'tags', 'trigger', 'discounts'] as const,
  maskField: 'mask',
  query: {
    fields: {
      name: { sql: discountRules.name, type: 'string', sortable: true },
      active: { sql: discountRules.active, type: 'boolean' },
      usageCount: { sql: discountRules.usageCount, type: 'integer', sortable: true },
      'activeTimeInfo.start': {
        sql: discountRules.activeStart,
        type: 'date',
        nullable: true,
        sortable: true,
      },
      'activeTimeInfo.end': { sql: discountRules.activeEnd, type: 'date', nullable: true, sortable: true },
    },
  },
  toWire: discountRuleToWire,
  checkCreate: (input: DiscountRuleCreate) => checkParts(input),
  async insert(input, { tx, checked }) {
    // One creation at a time counts the rules, so the limit holds under parallel creates.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('discount_rules'))`);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(discountRules);
    if ((count?.n ?? 0) >= MAX_DISCOUNT_RULES)
      throw new AppError(
        400,
        'MAX_DISCOUNT_RULES_REACHED',
        `A store has at most ${MAX_DISCOUNT_RULES} discount rules`,
        {
          limit: MAX_DISCOUNT_RULES,
        },
      );
    return {
      name: input.name.trim(),
      active: input.active ?? true,
      activeStart: dateOf(input.activeTimeInfo?.start),
      activeEnd: dateOf(input.activeTimeInfo?.end),
      tags: input.tags ?? null,
      trigger: checked.trigger!,
      discounts: { values: checked.values! },
    };
  },
  checkUpdate: (patch: DiscountRulePatch) => checkParts(patch),
  update(patch, fields, current: DiscountRuleRow, { checked }) {
    const has = (f: (typeof fields)[number]) => fields.includes(f);
    const start = has('activeTimeInfo') ? dateOf(patch.activeTimeInfo?.start) : current.activeStart;
    const end = has('activeTimeInfo') ? dateOf(patch.activeTimeInfo?.end) : current.activeEnd;
    if (start && end && start >= end) throw invalid('discountRule.activeTimeInfo.end', 'must be after start');
    return {
      ...(has('name') && patch.name ? { name: patch.name.trim() } : {}),
      ...(has('active') ? { active: patch.active ?? true } : {}),
      ...(has('activeTimeInfo') ? { activeStart: start, activeEnd: end } : {}),
      ...(has('tags') ? { tags: patch.tags ?? null } : {}),
      ...(checked.trigger && has('trigger') ? { trigger: checked.trigger } : {}),
      ...(checked.values && has('discounts') ? { discounts: { values: checked.values } } : {}),
    };
  },
});

export const discountRuleService = entityService(discountRule);

/** Every rule, oldest first: the order the engine applies them in. */
export async function listDiscountRules(db: Db): Promise<DiscountRuleRow[]> {
  return db.select().from(discountRules).orderBy(discountRules.createdDate, discountRules.id);
}

/**
 * One more use of each rule an order applied, in the order's transaction: an atomic increment, so parallel
 * orders never lose a count, and an order placed once counts once.
 */
export async function countRuleUses(tx: Db, ruleIds: string[]): Promise<void> {
  if (ruleIds.length === 0) return;
  await tx
    .update(discountRules)
    .set({ usageCount: sql`${discountRules.usageCount} + 1` })
    .where(inArray(discountRules.id, ruleIds));
}
