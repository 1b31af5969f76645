/**
 * The embedded database's thread: PGlite (WebAssembly PostgreSQL) runs here, off the server's event loop, and
 * answers the server thread's `client.ts` over `postMessage` (messages in `protocol.ts`).
 *
 * - **One session, used in turn.** A transaction holds the session from its first statement (which arrives
 *   marked `begin`: BEGIN and the statement in one message, one round trip less while the session is held) to
 *   `commit`/`rollback`; other calls wait for it in arrival order (as PGlite's own transaction mutex made them
 *   wait in the server thread).
 *   Every call into PGlite runs one after the other.
 * - **A statement is one round trip into PostgreSQL**, prepared once per text: Parse (first time only), Bind,
 *   Describe, Execute and Sync go in one batch, and the statement is kept by name (the most recent
 *   `STATEMENTS`), so PostgreSQL parses and plans it once instead of on every call. PGlite's own `query` makes
 *   five separate calls into the WebAssembly per statement and parses and plans it every time: most of a
 *   cart request's time (docs/BENCHMARKS.md, "Embedded database off the event loop").
 * - Parameters arrive serialised (text or bytes, as node-postgres makes them); answers go back as the
 *   protocol's bytes, unparsed: the server thread reads them (`answers.ts`). This thread reads only what it
 *   needs: message heads, notifications, errors, and the command tag of COMMIT.
 */
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ARRAY_TYPES_SQL, type Message, messagesOf } from './answers.ts';
import type { Bytes, Call, ErrorFields, Reply, WireValue, WorkerOptions } from './protocol.ts';

const { serialize } = protocol;
/** Prepared statements kept (least recently used closed first): the server has a few hundred distinct texts. */
const STATEMENTS = 256;

const port = parentPort;
if (!port) throw new Error('embedded database worker: not started as a worker thread');
const post = (reply: Reply) => port.postMessage(reply);

/**
 * Bytes as PGlite reads a dump or bundle (it only calls `arrayBuffer()`), copied into this thread's own memory:
 * one copy of the bytes is much cheaper than Node's chunked read of a large Blob.
 */
const readable = (bytes: Bytes): Blob =>
  bytes instanceof Blob
    ? bytes
    : ({ type: '', arrayBuffer: async () => bytes.slice().buffer } as unknown as Blob);

const options = workerData as WorkerOptions;
// PostgreSQL's WebAssembly (9 MB) is compiled by one background task rather than one per V8 helper thread:
// each helper kept its share of the compiler's memory in its own malloc arena for the life of the process
// (idle memory 231-294 MiB → 232-252; the start no slower on two cores). Set before PGlite compiles it (a module
// compiled elsewhere, as the tests pass, is not compiled again).
setFlagsFromString('--wasm-num-compilation-tasks=1');
const pgliteOptions: PGliteOptions = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffersMb}MB`],
  ...(options.loadDataDir ? { loadDataDir: readable(options.loadDataDir) } : {}),
  ...(options.wasmModule ? { pgliteWasmModule: options.wasmModule } : {}),
  ...(options.fsBundle ? { fsBundle: readable(options.fsBundle) } : {}),
};
const pg = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);

// ---- every PGlite call one after the other

let chain: Promise<unknown> = Promise.resolve();
function serial<T>(work: () => Promise<T>): Promise<T> {
  const run = chain.then(work);
  chain = run.catch(() => {});
  return run;
}

// ---- the session: held by one transaction at a time

let owner: number | undefined;
let held = false;
const waiting: Array<() => void> = [];
async function acquire(): Promise<void> {
  if (!held) {
    held = true;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else held = false;
}
/** `work` with the session to itself (not inside anyone's transaction). */
async function alone<T>(work: () => Promise<T>): Promise<T> {
  await acquire();
  try {
    return await work();
  } finally {
    release();
  }
}

// ---- statements

/** SQL text → statement name, least recently used first. */
const statements = new Map<string, string>();
/** Statements to close with the next call outside a transaction. */
const closing: string[] = [];
let named = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

class QueryError extends Error {}

/** The first error among `messages`, with the statement it came from (as PGlite's own query attaches it). */
function failure(messages: Message[], text: string, params?: WireValue[]): Error | undefined {
  const error = messages.find((m) => m.name === 'error') as (Error & Record<string, unknown>) | undefined;
  if (!error) return undefined;
  Object.assign(error, { query: text, ...(params ? { params } : {}) });
  return error;
}

/** The answer to `bytes` as PostgreSQL wrote it: not parsed here (the server thread reads it, `answers.ts`). */
async function runRaw(bytes: Uint8Array, inTransaction: boolean): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await pg.execProtocolRawStream(bytes, {
    // Outside a transaction each statement commits: write the data folder then (as PGlite's `query` does).
    syncToFs: !inTransaction,
    // A view of the WebAssembly's memory, valid only during the call.
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  return chunks.length === 1 ? chunks[0]! : concat(chunks);
}

const utf8 = new TextDecoder();
/** Listener ids by channel name as PostgreSQL spells it (unquoted names are lower case). */
const channels = new Map<string, Set<number>>();
const postgresName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

/**
 * What this thread needs of a raw answer, read from the message heads alone: whether the statement was
 * prepared (ParseComplete) and whether it failed (ErrorResponse). Notifications in it are delivered here, before
 * the answer is posted (PGlite's own parsing, skipped for these answers, would have delivered them).
 */
function scan(answer: Uint8Array): { prepared: boolean; failed: boolean } {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  let prepared = false;
  let failed = false;
  for (let at = 0; at + 5 <= answer.length; ) {
    const type = answer[at];
    const end = at + 1 + view.getInt32(at + 1);
    if (type === 0x31)
      prepared = true; // '1' ParseComplete
    else if (type === 0x45)
      failed = true; // 'E' ErrorResponse
    else if (type === 0x41) {
      // 'A' NotificationResponse: process id, channel and payload as C strings
      const channelEnd = answer.indexOf(0, at + 9);
      const channel = utf8.decode(answer.subarray(at + 9, channelEnd));
      const payload = utf8.decode(answer.subarray(channelEnd + 1, end - 1));
      for (const listener of channels.get(channel) ?? []) post({ notify: listener, payload });
    }
    at = end;
  }
  return { prepared, failed };
}

/**
 * One statement with parameters: Parse (first time), Bind, Describe, Execute, Sync in one call. The answer goes
 * back as bytes, read by the server thread; an error is read and thrown here.
 */
async function extended(text: string, params: WireValue[], inTransaction: boolean): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  if (!inTransaction) for (const name of closing.splice(0)) parts.push(serialize.close({ type: 'S', name }));
  let name = statements.get(text);
  const fresh = name === undefined;
  if (name === undefined) {
    name = `aisle_${++named}`;
    parts.push(serialize.parse({ name, text, types: [] }));
  } else {
    statements.delete(text);
    statements.set(text, name);
  }
  parts.push(
    serialize.bind({ statement: name, values: params }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  );
  const answer = await runRaw(concat(parts), inTransaction);
  const { prepared, failed } = scan(answer);
  if (fresh && prepared) {
    statements.set(text, name);
    if (statements.size > STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value as [string, string];
      statements.delete(oldestText);
      closing.push(oldest);
    }
  }
  const error = failed ? failure(messagesOf(answer), text, params) : undefined;
  if (error) {
    // A table changed under a kept statement ("cached plan must not change result type", raised before it
    // ran): prepare it afresh, and run it again when no transaction was aborted by the error.
    if (!fresh && (error as { code?: string }).code === '0A000') {
      statements.delete(text);
      closing.push(name);
      if (!inTransaction) return extended(text, params, inTransaction);
    }
    throw error;
  }
  return answer;
}

/**
 * Statements without parameters in the simple protocol (several may be separated by `;`). The answer goes back
 * as bytes, read by the server thread; an error is read and thrown here.
 */
async function simple(text: string, inTransaction: boolean): Promise<Uint8Array> {
  const answer = await runRaw(serialize.query(text), inTransaction);
  const error = scan(answer).failed ? failure(messagesOf(answer), text) : undefined;
  if (error) throw error;
  return answer;
}

/** COMMIT or ROLLBACK: the command PostgreSQL answered (it answers COMMIT of a failed transaction ROLLBACK). */
async function control(text: string, inTransaction: boolean): Promise<string | undefined> {
  const answer = await simple(text, inTransaction);
  const [result] = parse.parseResults(messagesOf(answer) as never, pg.parsers);
  return (result as { command?: string } | undefined)?.command;
}

// ---- calls

const listeners = new Map<number, () => Promise<void>>();

function ownedBy(tx: number): void {
  if (owner !== tx) throw new QueryError('Transaction is closed');
}

/** Transactions whose BEGIN is under way (waiting for the session): their next calls wait for it. */
const beginning = new Map<number, Promise<unknown>>();

/** The session for transaction `tx`: BEGIN it when this is its first statement, else check it holds it. */
async function inTransaction(tx: number, begin: true | undefined): Promise<void> {
  if (begin) {
    const begun = (async () => {
      await acquire();
      try {
        await serial(() => simple('BEGIN', true));
      } catch (error) {
        release();
        throw error;
      }
      owner = tx;
    })();
    beginning.set(
      tx,
      begun.catch(() => {}),
    );
    try {
      await begun;
    } finally {
      beginning.delete(tx);
    }
    return;
  }
  await beginning.get(tx);
  ownedBy(tx);
}

/** `run` in transaction `tx`'s session (its first statement begins it), or with the session alone. */
async function statement<T>(
  tx: number | undefined,
  begin: true | undefined,
  run: (inTransaction: boolean) => Promise<T>,
): Promise<T> {
  if (tx === undefined) return alone(() => serial(() => run(false)));
  await inTransaction(tx, begin);
  return serial(() => run(true));
}

async function handle(call: Call): Promise<unknown> {
  switch (call.op) {
    case 'query':
      return statement(call.tx, call.begin, (inTx) => extended(call.text, call.params, inTx));
    case 'exec':
      return statement(call.tx, call.begin, (inTx) => simple(call.text, inTx));
    case 'commit':
    case 'rollback': {
      await beginning.get(call.tx);
      ownedBy(call.tx);
      owner = undefined;
      try {
        const command = await serial(() => control(call.op === 'commit' ? 'COMMIT' : 'ROLLBACK', false));
        // PostgreSQL answers COMMIT of a failed transaction with ROLLBACK: the caller must know it was not saved.
        if (call.op === 'commit' && command === 'ROLLBACK')
          throw Object.assign(new QueryError('Transaction was rolled back instead of committed'), {
            code: '25P02',
            severity: 'ERROR',
            query: 'COMMIT',
          });
        return null;
      } finally {
        release();
      }
    }
    case 'listen': {
      const { channel, listener } = call;
      const unlisten = await alone(() =>
        serial(() => pg.listen(channel, (payload) => post({ notify: listener, payload }))),
      );
      // Statements' answers are raw (`scan` delivers their notifications): PGlite's listener only sees the
      // answers it parses itself (its LISTEN and UNLISTEN).
      const name = postgresName(channel);
      const set = channels.get(name) ?? new Set<number>();
      channels.set(name, set);
      set.add(listener);
      listeners.set(listener, () => {
        set.delete(listener);
        return alone(() => serial(() => unlisten()));
      });
      return null;
    }
    case 'unlisten': {
      const unlisten = listeners.get(call.listener);
      listeners.delete(call.listener);
      await unlisten?.();
      return null;
    }
    case 'dump':
      return alone(() => serial(() => pg.dumpDataDir('none')));
    case 'close':
      return alone(() => serial(() => pg.close()));
  }
}

function fields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    if (value !== undefined && typeof value !== 'function') own[key] = value;
  return { message: error.message, name: error.name, stack: error.stack, fields: own };
}

port.on('message', (call: Call) => {
  handle(call).then(
    (value) =>
      // A raw answer's bytes are moved, not copied.
      value instanceof Uint8Array
        ? port.postMessage({ id: call.id, ok: true, value } satisfies Reply, [value.buffer as ArrayBuffer])
        : post({ id: call.id, ok: true, value }),
    (error: unknown) => post({ id: call.id, ok: false, error: fields(error) }),
  );
});

pg.waitReady.then(
  async () => {
    // The array types PGlite read at start, for the server thread's parsers (`answers.ts`). Read again: PGlite
    // keeps only the parsers it made of them (`pg.parsers` by array type id, the element type inside a closure).
    const { rows } = await pg.query<{ oid: number; typarray: number }>(ARRAY_TYPES_SQL);
    post({ ready: true, arrayTypes: rows.map((r) => [r.oid, r.typarray]) });
  },
  (error: unknown) => post({ failed: fields(error) }),
);
