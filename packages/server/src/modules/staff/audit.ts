import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { logCursor, logPage } from '../../platform/query/log-page.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { diffSnapshots, flatten } from './audit-diff.ts';
import { type AuditChange, auditLog } from './tables.ts';

/**
 * The audit log is written from the outbox: every event recorded by an admin caller's request carries its
 * actor, and this subscriber keeps one row per such event (idempotent on the event id, so a redelivered
 * event is not counted twice). `changes` compares the event's payload with the entity's previous audited
 * state.
 */
export async function recordAudit(ctx: AppContext, event: DomainEvent): Promise<void> {
  const actor = event.actor;
  if (!actor) return;
  const [previous] = await ctx.db
    .select({ snapshot: auditLog.snapshot })
    .from(auditLog)
    .where(and(eq(auditLog.entity, event.entity), eq(auditLog.entityId, event.entityId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  const snapshot = event.type === 'deleted' ? {} : flatten(event.payload);
  await ctx.db
    .insert(auditLog)
    .values({
      eventId: event.eventId,
      occurredAt: event.occurredAt,
      actorKind: actor.kind,
      actorId: actor.id,
      actorLabel: actor.label,
      entity: event.entity,
      entityId: event.entityId,
      action: event.type,
      changes: diffSnapshots(previous?.snapshot, snapshot),
      snapshot,
    })
    .onConflictDoNothing();
}

export interface AuditEntryWire {
  id: string;
  occurredDate: string;
  actor: { kind: 'staff' | 'key'; id: string; label: string };
  entity: string;
  entityId: string;
  /** The event type: `created`, `updated`, `deleted`, `revoked`, … */
  action: string;
  changes: AuditChange[];
}

export interface AuditQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  actorId?: string | undefined;
}

/** Newest first; `cursor` is `pagingMetadata.cursors.next` of the previous page. */
export async function listAudit(ctx: AppContext, query: AuditQuery) {
  const cursor = logCursor(query.cursor);
  const filters: SQL[] = [];
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  const { rows, pagingMetadata } = await logPage(ctx.db, auditLog, cursor, filters, query.limit ?? 50);
  const entries: AuditEntryWire[] = rows.map((row) => ({
    id: String(row.id),
    occurredDate: row.occurredAt.toISOString(),
    actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel },
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    changes: row.changes,
  }));
  return { entries, pagingMetadata };
}
