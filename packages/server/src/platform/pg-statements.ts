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

export const STATEMENTS_PER_CONNECTION = 200;

/** node-postgres's record of what a connection has prepared (not part of its typed API; stable across 8.x). */
interface PreparedRecord {
  connection?: { parsedStatements?: Record<string, string> };
}

/** Statement names by connection, least recently used first. */
const used = new WeakMap<pg.ClientBase, Map<string, true>>();

function namesOf(client: pg.ClientBase): Map<string, true> {
  let names = used.get(client);
  if (!names) {
    names = new Map();
    used.set(client, names);
  }
  return names;
}

/** Records that `client` is about to run the statement named `name` (it becomes the most recently used). */
export function useStatement(client: pg.ClientBase, name: string): void {
  const names = namesOf(client);
  names.delete(name);
  names.set(name, true);
}

/**
 * Closes the least recently used statements of `client` beyond `keep`. The client must be idle and held by
 * the caller alone (no other query queued on it), as a client just taken from the pool is.
 */
export async function trimStatements(client: pg.ClientBase, keep = STATEMENTS_PER_CONNECTION): Promise<void> {
  const names = namesOf(client);
  if (names.size <= keep) return;
  const gone: string[] = [];
  for (const name of names.keys()) {
    if (names.size - gone.length <= keep) break;
    gone.push(name);
  }
  const parsed = (client as unknown as PreparedRecord).connection?.parsedStatements ?? {};
  // Only what PostgreSQL did prepare (a statement whose text failed to parse never was: closing it would fail).
  const prepared = gone.filter((name) => parsed[name] !== undefined);
  for (const name of gone) {
    names.delete(name);
    // Forgotten first: a later use of the name prepares it again.
    delete parsed[name];
  }
  if (prepared.length === 0) return;
  try {
    // Names are `q_` and hex (`statementName`): safe to write into the text.
    await client.query(prepared.map((name) => `deallocate ${name}`).join('; '));
  } catch {
    // Housekeeping never fails the statement it precedes; what stays prepared goes with the connection.
  }
}

/** How many statements `client` is recorded to keep (for tests). */
export const statementsKept = (client: pg.ClientBase): number => used.get(client)?.size ?? 0;
