import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../src/platform/db.ts';
import { announceChanges, type DomainEvent, Events } from '../src/platform/events.ts';
import { openTestDatabase } from '../src/testing.ts';

const quiet = { error: () => {}, warn: () => {} };
let database: Database;
/** Two outboxes on one database: two server processes of a cluster. */
let one: Events;
let two: Events;

announceChanges(['test_setting']);

beforeAll(async () => {
  database = await openTestDatabase();
  one = new Events(database.db, quiet);
  two = new Events(database.db, quiet);
  one.start(60_000);
  two.start(60_000);
  for (let i = 0; i < 200 && !(one.changesLive && two.changesLive); i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
});
afterAll(async () => {
  await one?.stop();
  await two?.stop();
  await database?.close();
});

const nextChange = (events: Events, entity: string) =>
  new Promise<void>((resolve) => {
    const stop = events.watch([entity], () => {
      stop();
      resolve();
    });
  });

describe('change notifications (Events.watch)', () => {
  it('reach this process at commit and every other process through LISTEN/NOTIFY', async () => {
    expect(one.changesLive).toBe(true);
    expect(two.changesLive).toBe(true);
    let local = 0;
    const stop = one.watch(['test_setting'], () => local++);
    const remote = nextChange(two, 'test_setting');
    await one.transaction(async (tx) => {
      await one.record(tx, { entity: 'test_setting', entityId: '1', type: 'updated', payload: {} });
      // Not before the commit.
      expect(local).toBe(0);
    });
    expect(local).toBeGreaterThanOrEqual(1);
    await remote;
    stop();
  });

  it('say nothing of a transaction that rolled back', async () => {
    let seen = 0;
    const stop = two.watch(['test_setting'], () => seen++);
    await expect(
      one.transaction(async (tx) => {
        await one.record(tx, { entity: 'test_setting', entityId: '2', type: 'updated', payload: {} });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A later committed change arrives; the rolled-back one never did.
    const later = nextChange(two, 'test_setting');
    await one.transaction((tx) =>
      one.record(tx, { entity: 'test_setting', entityId: '3', type: 'updated', payload: {} }),
    );
    await later;
    expect(seen).toBe(1);
    stop();
  });
});

describe('outbox', () => {
  it('records a row and its event in one statement (recordFrom), and dispatches it once', async () => {
    const delivered: DomainEvent[] = [];
    const stop = one.subscribe('gadget.created', (event) => {
      delivered.push(event);
    });
    await database.db.execute(sql`create table if not exists gadgets (id int primary key)`);
    const write = (id: number) =>
      rows<{ id: number }>(
        database.db,
        sql`with saved as (insert into gadgets (id) values (${id}) on conflict do nothing returning id),
            event as (${one.recordFrom('saved', { entity: 'gadget', entityId: String(id), type: 'created', payload: { id } })})
            select id from saved`,
      );
    expect(await write(1)).toHaveLength(1);
    // The conflicting insert wrote nothing, and so recorded nothing.
    expect(await write(1)).toHaveLength(0);
    await one.drain();
    await two.drain();
    expect(delivered.map((e) => e.payload)).toEqual([{ id: 1 }]);
    const [event] = delivered;
    expect(event).toMatchObject({ entity: 'gadget', entityId: '1', type: 'created', id: expect.any(String) });
    expect(Math.abs(event!.occurredAt.getTime() - Date.now())).toBeLessThan(60_000);
    const pending = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from outbox_events where entity = 'gadget' and dispatched_at is null`,
    );
    expect(pending[0]?.n).toBe(0);
    expect(() =>
      one.recordFrom('saved', { entity: 'test_setting', entityId: '1', type: 'x', payload: {} }),
    ).toThrow(/announced/);
    stop();
  });

  it('hands every event to a `*` subscriber and only matching ones to `entity.*` and exact ones', async () => {
    const seen: Record<string, string[]> = { all: [], widget: [], exact: [] };
    const stops = [
      one.subscribe('*', (e) => void seen.all?.push(`${e.entity}.${e.type}`)),
      one.subscribe('widget.*', (e) => void seen.widget?.push(`${e.entity}.${e.type}`)),
      one.subscribe('gizmo.deleted', (e) => void seen.exact?.push(`${e.entity}.${e.type}`)),
    ];
    await one.transaction((tx) =>
      one.record(tx, [
        { entity: 'widget', entityId: '1', type: 'created', payload: {} },
        { entity: 'gizmo', entityId: '2', type: 'deleted', payload: {} },
        { entity: 'widget', entityId: '1', type: 'renamed', payload: {} },
      ]),
    );
    await one.drain();
    for (const stop of stops) stop();
    expect(seen.all).toEqual(['widget.created', 'gizmo.deleted', 'widget.renamed']);
    expect(seen.widget).toEqual(['widget.created', 'widget.renamed']);
    expect(seen.exact).toEqual(['gizmo.deleted']);
  });
});
