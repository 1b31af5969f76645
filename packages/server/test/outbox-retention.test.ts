import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purgeDeliveredEvents } from '../src/flows/sessions/outbox-retention.ts';
import { rows } from '../src/platform/db.ts';
import { serverForFile } from './file-server.ts';

const { server } = serverForFile();
/** An outbox row of `days` ago, delivered then or still pending. */
async function event(name: string, days: number, delivered: boolean): Promise<void> {
  const at = new Date(Date.now() - days * 86_400_000);
  await server().ctx.db.execute(
    sql`insert into outbox_events (entity, entity_id, type, payload, occurred_at, dispatched_at, attempts, last_error)
        values ('retention_test', ${name}, 'updated', '{}'::jsonb, ${at}, ${delivered ? at : null},
          ${delivered ? 1 : 5}, ${name === 'gave-up' ? 'subscriber failed' : null})`,
  );
}

const left = async () =>
  (
    await rows<{ entity_id: string }>(
      server().ctx.db,
      sql`select entity_id from outbox_events where entity = 'retention_test' order by entity_id`,
    )
  ).map((r) => r.entity_id);

describe('outbox retention', () => {
  it('deletes delivered events older than the retention, never pending ones, in batches', async () => {
    await server().ctx.events.drain();
    await event('old-delivered', 30, true);
    await event('gave-up', 9, true);
    await event('old-pending', 30, false);
    await event('recent-delivered', 2, true);
    // Dispatching would deliver the pending row: keep it pending for this test by claiming it far ahead.
    await server().ctx.db.execute(
      sql`update outbox_events set claimed_until = now() + interval '1 hour' where entity_id = 'old-pending'`,
    );
    // More than one batch of old delivered rows.
    await server().ctx.db.execute(
      sql`insert into outbox_events (entity, entity_id, type, payload, occurred_at, dispatched_at)
          select 'retention_bulk', g::text, 'updated', '{}'::jsonb, now() - interval '20 days', now() - interval '20 days'
          from generate_series(1, 5200) g`,
    );
    expect(server().ctx.config.outboxRetentionDays).toBe(7);
    const purged = await purgeDeliveredEvents(server().ctx);
    expect(purged).toBeGreaterThanOrEqual(5202);
    expect(await left()).toEqual(['old-pending', 'recent-delivered']);
    const [bulk] = await rows<{ n: number }>(
      server().ctx.db,
      sql`select count(*)::int as n from outbox_events where entity = 'retention_bulk'`,
    );
    expect(bulk?.n).toBe(0);
    // A shorter retention reaches the recent row too.
    server().ctx.config.outboxRetentionDays = 1;
    expect(await purgeDeliveredEvents(server().ctx)).toBe(1);
    expect(await left()).toEqual(['old-pending']);
    server().ctx.config.outboxRetentionDays = 7;
  });
});
