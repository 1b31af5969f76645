/**
 * The named (prepared) statements each PostgreSQL connection keeps, bounded.
 *
 * `preparedRows` names a statement after its text so PostgreSQL plans it once per connection. Most texts are
 * the server's own (a few hundred), but a product query's text follows the shopper's filter: a client that sends
 * thousands of differently shaped filters would leave thousands of prepared statements, and their cached plans,
 * in every connection (2,700 shapes grew PostgreSQL's memory by 400 MiB), and as many entries in node-postgres's
 * own map. Each connection keeps at most `STATEMENTS_PER_CONNECTION`; beyond that the least recently used are
 * closed (`DEALLOCATE`) before the next statement, while the connection is ours alone (taken from the pool).
 * The embedded database bounds its own (`embedded/worker.ts`).
 */
import type pg from 'pg';
import { LruMap } from './lru.ts';

export const STATEMENTS_PER_CONNECTION = 200;

/** node-postgres's record of what a connection has prepared (not part of its typed API; stable across 8.x). */
interface PreparedRecord {
  connection?: { parsedStatements?: Record<string, string> };
}

interface Kept {
  /** Statement names, least recently used first. */
  names: LruMap<true>;
  /** Names pushed out of `names`, to close when the connection is ours alone. */
  closing: string[];
}

const kept = new WeakMap<pg.ClientBase, Kept>();

function keptOf(client: pg.ClientBase): Kept {
  let entry = kept.get(client);
  if (!entry) {
    const closing: string[] = [];
    entry = {
      names: new LruMap<true>(STATEMENTS_PER_CONNECTION, undefined, (name) => closing.push(name)),
      closing,
    };
    kept.set(client, entry);
  }
  return entry;
}

/** Records that `client` is about to run the statement named `name` (it becomes the most recently used). */
export function useStatement(client: pg.ClientBase, name: string): void {
  const { names } = keptOf(client);
  if (names.get(name) === undefined) names.set(name, true);
}

/**
 * Closes the statements of `client` pushed out of its bound. The client must be idle and held by the caller
 * alone (no other query queued on it), as a client just taken from the pool is.
 */
export async function closeEvicted(client: pg.ClientBase): Promise<void> {
  const { names, closing } = keptOf(client);
  if (closing.length === 0) return;
  const gone = closing.splice(0).filter((name) => !names.has(name));
  const parsed = (client as unknown as PreparedRecord).connection?.parsedStatements ?? {};
  // Only what PostgreSQL did prepare (a statement whose text failed to parse never was: closing it would fail).
  const prepared = gone.filter((name) => parsed[name] !== undefined);
  // Forgotten first: a later use of a name prepares it again.
  for (const name of gone) delete parsed[name];
  if (prepared.length === 0) return;
  try {
    // Names are `q_` and hex (`statementName`): safe to write into the text.
    await client.query(prepared.map((name) => `deallocate ${name}`).join('; '));
  } catch {
    // Housekeeping never fails the statement it precedes; what stays prepared goes with the connection.
  }
}
