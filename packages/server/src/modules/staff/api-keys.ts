import type { ApiKey, OnTheWire } from '@aisle/sdk';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { createApiKey, hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { roleOf, type StaffRole } from '../../platform/permissions.ts';
import { apiKeys } from '../../platform/tables.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** An API key as listed: its first characters (`aisle_sk_` and five more), never the key or its hash. */
export type ApiKeyWire = OnTheWire<ApiKey>;

export function toApiKeyWire(row: ApiKeyRow): ApiKeyWire {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: roleOf(row.role),
    bootstrap: row.bootstrap,
    ...(row.createdBy ? { createdBy: row.createdBy } : {}),
    createdDate: row.createdDate.toISOString(),
    ...(row.revokedDate ? { revokedDate: row.revokedDate.toISOString() } : {}),
  };
}

const ENTITY = 'api_key';

async function recordKeyEvent(ctx: AppContext, tx: Db, row: ApiKeyRow, type: 'created' | 'revoked') {
  await ctx.events.record(tx, {
    entity: ENTITY,
    entityId: row.id,
    type,
    payload: { apiKey: toApiKeyWire(row) },
  });
}

/** Newest first, revoked ones included (they say when). */
export async function listApiKeys(db: Db): Promise<ApiKeyWire[]> {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.createdDate), desc(apiKeys.id));
  return rows.map(toApiKeyWire);
}

/** A new key for an integration: the answer is the only time the key is seen. */
export async function createIntegrationKey(
  ctx: AppContext,
  input: { name: string; role: StaffRole; createdBy: string },
): Promise<{ apiKey: ApiKeyWire; key: string }> {
  return ctx.events.transaction(async (tx) => {
    const { id, key } = await createApiKey(tx, input);
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id));
    await recordKeyEvent(ctx, tx, row!, 'created');
    return { apiKey: toApiKeyWire(row!), key };
  });
}

/** Revoke by id or by the key's prefix; revoking a revoked key changes nothing. */
export async function revokeApiKey(ctx: AppContext, idOrPrefix: string): Promise<ApiKeyWire> {
  return ctx.events.transaction(async (tx) => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrPrefix);
    const matches = await tx
      .select()
      .from(apiKeys)
      .where(uuid ? eq(apiKeys.id, idOrPrefix) : eq(apiKeys.prefix, idOrPrefix));
    if (matches.length === 0) throw notFound('API_KEY_NOT_FOUND', `No API key "${idOrPrefix}"`);
    if (matches.length > 1)
      throw conflict('API_KEY_AMBIGUOUS', `Several keys start with "${idOrPrefix}"; revoke by id`);
    const found = matches[0]!;
    if (found.revokedDate) return toApiKeyWire(found);
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedDate: ctx.clock() })
      .where(and(eq(apiKeys.id, found.id), isNull(apiKeys.revokedDate)))
      .returning();
    await recordKeyEvent(ctx, tx, row!, 'revoked');
    return toApiKeyWire(row!);
  });
}

export type BootstrapOutcome = 'kept' | 'installed' | 'replaced' | 'revoked';

/**
 * Make `key` (the configured `ADMIN_API_KEY`) the live bootstrap key. Already live: kept (and marked the
 * bootstrap key). Revoked earlier: 'revoked', nothing changes (the caller refuses to start). Otherwise the
 * live bootstrap keys are revoked and `key` installed in their place ('replaced', or 'installed' when there
 * were none).
 */
export async function installBootstrapKey(ctx: AppContext, key: string): Promise<BootstrapOutcome> {
  return ctx.events.transaction(async (tx) => {
    const [same] = await tx
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, hashSecret(key)));
    if (same?.revokedDate) return 'revoked';
    if (same) {
      if (!same.bootstrap) await tx.update(apiKeys).set({ bootstrap: true }).where(eq(apiKeys.id, same.id));
      return 'kept';
    }
    const old = await tx
      .update(apiKeys)
      .set({ revokedDate: ctx.clock() })
      .where(and(eq(apiKeys.bootstrap, true), isNull(apiKeys.revokedDate)))
      .returning();
    for (const row of old) await recordKeyEvent(ctx, tx, row, 'revoked');
    const { id } = await createApiKey(
      tx,
      { name: 'Bootstrap key (ADMIN_API_KEY)', role: 'OWNER', bootstrap: true, createdBy: 'ADMIN_API_KEY' },
      key,
    );
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id));
    await recordKeyEvent(ctx, tx, row!, 'created');
    return old.length > 0 ? 'replaced' : 'installed';
  });
}

/** Whether any key was ever made (live or revoked): the first start generates one when none was. */
export async function anyApiKey(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: apiKeys.id }).from(apiKeys).limit(1);
  return row !== undefined;
}
