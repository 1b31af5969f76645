import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPE_GROUPS, eventTypesToWire } from './event-types.ts';

const SRC = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Not outbox entities: a field-mask option's name, the test ping's `aisle` entity. */
const NOT_EVENTS = new Set(['checkoutSettings', 'aisle']);

/**
 * What the sources record: `entity: 'x'` with a literal `type: 'y'` within the next lines, the `event` of
 * entity-kit descriptions, written out or derived by `entityNames` or `entityAt` from the label (the entity,
 * created, updated, deleted: contracts are never deleted), and the entity constants of the modules.
 */
function recorded(): { entities: Set<string>; pairs: Set<string> } {
  const entities = new Set<string>();
  const pairs = new Set<string>();
  for (const file of sources(SRC)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/\bentity: '([a-z_A-Z]+)',/g)) {
        const entity = m[1]!;
        if (NOT_EVENTS.has(entity)) continue;
        entities.add(entity);
        const near = lines.slice(i, i + 5).join('\n');
        const type = /\btype: '([a-z_]+)'/.exec(near.slice(near.indexOf(m[0])));
        if (type) pairs.add(`${entity}.${type[1]}`);
      }
      // A description's own `event`, or the one `entityNames('tax group')` derives from its label.
      const kit =
        /^\s+event: '([a-z_]+)',/.exec(line)?.[1] ??
        /\bentity(?:Names|At)\('([a-z ]+)'/.exec(line)?.[1]?.replaceAll(' ', '_');
      if (kit) {
        entities.add(kit);
        for (const type of ['created', 'updated', 'deleted'])
          if (!(kit === 'subscription_contract' && type === 'deleted')) pairs.add(`${kit}.${type}`);
      }
      const constant = /\bENTITY = '([a-z_]+)'/.exec(line);
      if (constant) entities.add(constant[1]!);
    });
  }
  return { entities, pairs };
}

describe('webhook event types', () => {
  const known = new Set(eventTypesToWire().eventTypes.flatMap((g) => g.events));
  const { entities, pairs } = recorded();

  it('list every entity the sources record events of', () => {
    expect(entities.size).toBeGreaterThan(20);
    const listed = new Set(EVENT_TYPE_GROUPS.map((g) => g.entity));
    expect([...entities].filter((e) => !listed.has(e))).toEqual([]);
  });

  it('list every literal event the sources record', () => {
    expect(pairs.size).toBeGreaterThan(40);
    expect([...pairs].filter((p) => !known.has(p))).toEqual([]);
  });

  it('name each entity once, with names the webhook schema accepts', () => {
    const names = EVENT_TYPE_GROUPS.map((g) => g.entity);
    expect(new Set(names).size).toBe(names.length);
    for (const event of known) expect(event).toMatch(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/);
  });
});
