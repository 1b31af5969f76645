import { type Static, Type } from '@sinclair/typebox';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { iso, lockSingleton, maskedFields, Revision } from '../../platform/entity-kit/index.ts';
import { abandonedCheckoutSettings } from './tables.ts';

/**
 * The store's recovery settings (a singleton, docs/DECISIONS.md): whether recovery mails go out, and after how
 * many minutes without an order a checkout counts as abandoned. `ABANDONED_CHECKOUT_MINUTES` in the environment
 * overrides the delay (`effectiveDelayMinutes` shows what applies). Updates record
 * `abandoned_checkout_settings.updated`.
 */

export const DEFAULT_DELAY_MINUTES = 60;
const FIELDS = ['recoveryEmailsEnabled', 'delayMinutes'] as const;

export const RecoverySettingsPatch = Type.Object({
  recoveryEmailsEnabled: Type.Optional(Type.Boolean()),
  delayMinutes: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10_080, description: 'Minutes; at most a week' }),
  ),
  revision: Type.Optional(Revision),
});
export const UpdateRecoverySettingsRequest = Type.Object({
  abandonedCheckoutSettings: RecoverySettingsPatch,
  fieldMask: Type.Optional(Type.String({ maxLength: 200 })),
});

type Row = typeof abandonedCheckoutSettings.$inferSelect;

const DEFAULTS: Row = {
  id: 1,
  recoveryEmailsEnabled: true,
  delayMinutes: DEFAULT_DELAY_MINUTES,
  revision: 0n,
  updatedDate: new Date(0),
};

export async function readRecoverySettings(db: Db): Promise<Row> {
  const [row] = await db.select().from(abandonedCheckoutSettings).where(eq(abandonedCheckoutSettings.id, 1));
  return row ?? DEFAULTS;
}

/** The delay that applies: the environment's override, else the store's. */
export const effectiveDelayMinutes = (ctx: AppContext, row: Pick<Row, 'delayMinutes'>): number =>
  ctx.config.abandonedCheckoutMinutes ?? row.delayMinutes;

export function recoverySettingsToWire(ctx: AppContext, row: Row) {
  return {
    recoveryEmailsEnabled: row.recoveryEmailsEnabled,
    delayMinutes: row.delayMinutes,
    effectiveDelayMinutes: effectiveDelayMinutes(ctx, row),
    revision: row.revision.toString(),
    ...(row.revision > 0n ? { updatedDate: iso(row.updatedDate) } : {}),
  };
}

export async function updateRecoverySettings(
  ctx: AppContext,
  patch: Static<typeof RecoverySettingsPatch>,
  fieldMask: string | undefined,
) {
  const fields = maskedFields(patch, fieldMask, FIELDS, 'abandonedCheckoutSettings');
  const saved = await ctx.events.transaction(async (tx) => {
    await lockSingleton(tx, abandonedCheckoutSettings, 'abandoned checkout settings', patch.revision);
    const [row] = await tx
      .update(abandonedCheckoutSettings)
      .set({
        ...Object.fromEntries(fields.map((f) => [f, patch[f]])),
        revision: sql`${abandonedCheckoutSettings.revision} + 1`,
        updatedDate: ctx.clock(),
      })
      .where(eq(abandonedCheckoutSettings.id, 1))
      .returning();
    const wire = recoverySettingsToWire(ctx, row!);
    return ctx.events.recordUpdate(tx, 'abandoned_checkout_settings', '1', 'abandonedCheckoutSettings', wire);
  });
  return { abandonedCheckoutSettings: saved };
}
