/**
 * The embedded database as the server thread sees it: a client with the part of PGlite's interface that
 * drizzle-orm's `pglite` session, `preparedRows` and `listen` use (`query`, `exec`, `transaction`, `listen`,
 * `waitReady`, `close`, and `dumpDataDir` for test templates), answered by PGlite in a worker thread
 * (`worker.ts`), so SQL runs beside the server's JavaScript instead of blocking its event loop.
 *
 * Same behaviour as PGlite in the thread: one session, so a transaction has it to itself until it commits or
 * rolls back and every other call waits its turn (a call on the database from inside a transaction waits for
 * that transaction: it never ends); errors are `Error`s with the database's fields (`code` is the SQLSTATE);
 * a notification reaches its listener before the committing call returns.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { AnswerReader } from './answers.ts';
import {
  type Call,
  type ErrorFields,
  JSON_TYPES,
  type Reply,
  type Request,
  type WireValue,
  type WorkerOptions,
} from './protocol.ts';

type Parser = (value: string, typeId?: number) => unknown;
export interface QueryOptions {
  rowMode?: 'object' | 'array';
  /** Only parsers that keep the database's text (`(value) => value`): they cross to the worker by type id. */
  parsers?: Record<number, Parser>;
}

/** What `transaction` hands its function: the same calls, inside the transaction. */
export interface EmbeddedTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** An error the embedded database answered, with its fields (`code`, `detail`, `constraint`, …). */
export class EmbeddedDatabaseError extends Error {
  [field: string]: unknown;
}

const PROBE = '\u0000aisle-text\u0000';
/** The type ids of `parsers`, each checked to keep the text it is given (functions cannot cross threads). */
function rawTypes(parsers: Record<number, Parser> | undefined): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([id, parser]) => {
    if (parser(PROBE, Number(id)) !== PROBE)
      throw new Error(`embedded database: the parser of type ${id} must keep the text (value) => value`);
    return Number(id);
  });
}

const require = createRequire(import.meta.url);
const { prepareValue } = require('pg/lib/utils.js') as { prepareValue(value: unknown): WireValue };
/** Parameters as node-postgres sends them (the PostgreSQL driver's rules): text, bytes or null. */
const wireValues = (params: unknown[] = []): WireValue[] => params.map((value) => prepareValue(value));

let sourceWorker: URL | undefined;

/**
 * The worker's module when the server runs from its TypeScript sources (tests, `npm run dev`): `worker.ts`
 * bundled by esbuild once per process into a cache file named by its content. A worker started through tsx's
 * loader instead costs a loader thread and a compile of its modules for every database a test file opens.
 */
function sourceWorkerModule(): URL {
  if (sourceWorker) return sourceWorker;
  const require = createRequire(import.meta.url);
  const esbuild = require('esbuild') as typeof import('esbuild');
  const built = esbuild.buildSync({
    entryPoints: [fileURLToPath(new URL('./worker.ts', import.meta.url))],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    logLevel: 'silent',
  });
  const code = built.outputFiles[0]!.contents;
  // In the package's node_modules, so the bundle's own imports (PGlite) resolve from there.
  const dir = fileURLToPath(new URL('../../../node_modules/.cache/aisle-embedded-worker/', import.meta.url));
  const file = join(dir, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: a worker never starts from a half-written file of a parallel test run.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  sourceWorker = pathToFileURL(file);
  return sourceWorker;
}

/** The worker's module: the compiled one beside the bundle (`dist/embedded-worker.js`), or the sources'. */
function startWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./embedded-worker.js', import.meta.url), { workerData: options });
  // Plain JavaScript: no TypeScript loader (`--import tsx` of `npm run dev`) registered in the thread.
  return new Worker(sourceWorkerModule(), { workerData: options, execArgv: [] });
}

export class EmbeddedClient {
  readonly waitReady: Promise<void>;
  #worker: Worker;
  #calls = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  #listeners = new Map<number, (payload: string) => void>();
  #ids = 0;
  #transactions = 0;
  #failed: Error | undefined;
  #closed = false;
  #answers: AnswerReader | undefined;

  constructor(options: WorkerOptions) {
    this.#worker = startWorker(options);
    let ready: () => void;
    let failed: (error: Error) => void;
    this.waitReady = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    this.waitReady.catch(() => {});
    this.#worker.on('message', (reply: Reply) => {
      if ('notify' in reply) return this.#listeners.get(reply.notify)?.(reply.payload);
      if ('ready' in reply) {
        this.#answers = new AnswerReader(reply.arrayTypes);
        return ready();
      }
      if ('failed' in reply) return failed(toError(reply.failed));
      const call = this.#calls.get(reply.id);
      this.#calls.delete(reply.id);
      if (reply.ok) call?.resolve(reply.value);
      else call?.reject(toError(reply.error));
    });
    const stop = (error: Error) => {
      this.#failed ??= error;
      failed(error);
      for (const call of this.#calls.values()) call.reject(error);
      this.#calls.clear();
    };
    this.#worker.on('error', stop);
    this.#worker.on('exit', (code) => stop(new Error(`embedded database worker exited (${code})`)));
  }

  #call<T>(request: Request): Promise<T> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = ++this.#ids;
    return new Promise<T>((resolve, reject) => {
      this.#calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id } satisfies Call);
    });
  }

  async #query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
    begin?: true,
  ) {
    const { rowMode, parsers, ...rest } = options ?? {};
    if (Object.keys(rest).length)
      throw new Error(`embedded database: unsupported query options ${Object.keys(rest)}`);
    const raw = rawTypes(parsers);
    const answer = await this.#call<Uint8Array>({
      op: 'query',
      text,
      params: wireValues(params),
      ...(tx === undefined ? {} : { tx }),
      ...(begin ? { begin } : {}),
    });
    // A call is answered only after the worker said it is ready, so the reader exists.
    return parseJson(this.#answers!.read<T>(answer, raw, rowMode ?? 'object'), raw);
  }

  async #exec(
    text: string,
    options: QueryOptions | undefined,
    tx?: number,
    begin?: true,
  ): Promise<Results[]> {
    const raw = rawTypes(options?.parsers);
    const answer = await this.#call<Uint8Array>({
      op: 'exec',
      text,
      ...(tx === undefined ? {} : { tx }),
      ...(begin ? { begin } : {}),
    });
    return this.#answers!.readAll(answer, raw).map((result) => parseJson(result, raw));
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(text, options);
  }

  /**
   * `fn` inside BEGIN … COMMIT, with the session to itself from its first statement: committed when it returns,
   * rolled back when it throws (the error is rethrown) or calls `rollback()`. A COMMIT PostgreSQL answers with
   * ROLLBACK (the transaction had failed) throws 25P02.
   */
  async transaction<T>(fn: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const id = ++this.#transactions;
    let closed = false;
    // BEGIN goes with the first statement (the worker takes the session then): a transaction holds the
    // session for one round trip less, and one that runs no statement never takes it.
    let begun = false;
    const first = (): true | undefined => {
      if (closed) throw new Error('Transaction is closed');
      if (begun) return undefined;
      begun = true;
      return true;
    };
    const end = async (op: 'commit' | 'rollback') => {
      closed = true;
      if (begun) await this.#call({ op, tx: id });
    };
    const tx: EmbeddedTransaction = {
      query: async (text, params, options) => this.#query(text, params, options, id, first()),
      exec: async (text, options) => this.#exec(text, options, id, first()),
      rollback: async () => {
        if (closed) throw new Error('Transaction is closed');
        await end('rollback');
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await fn(tx);
      if (!closed) await end('commit');
      return result;
    } catch (error) {
      if (!closed) await end('rollback');
      throw error;
    }
  }

  /** `LISTEN channel`: `onNotify` gets each payload; the returned function stops listening. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = ++this.#ids;
    this.#listeners.set(listener, onNotify);
    try {
      await this.#call({ op: 'listen', channel, listener });
    } catch (error) {
      this.#listeners.delete(listener);
      throw error;
    }
    return async () => {
      if (!this.#listeners.delete(listener) || this.#failed) return;
      await this.#call({ op: 'unlisten', listener });
    };
  }

  /** The data folder as a tar archive (tests keep a migrated database as a template). */
  dumpDataDir(_compression: 'none' = 'none'): Promise<Blob> {
    return this.#call<Blob>({ op: 'dump' });
  }

  /** Closes the database (waiting for a transaction in progress) and ends the worker. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      if (!this.#failed) await this.#call({ op: 'close' });
    } finally {
      this.#listeners.clear();
      await this.#worker.terminate();
    }
  }
}

/** The json and jsonb values of `result` parsed (the worker sends them as text), unless kept as text. */
function parseJson<T>(result: Results<T>, raw: number[]): Results<T> {
  // By column: in object rows a later column of the same name is the one kept.
  const json = new Map<string | number, boolean>();
  result.fields.forEach((field, i) => {
    const parse = JSON_TYPES.includes(field.dataTypeID) && !raw.includes(field.dataTypeID);
    json.set(Array.isArray(result.rows[0]) ? i : field.name, parse);
  });
  const keys = [...json].filter(([, parse]) => parse).map(([key]) => key);
  if (keys.length === 0) return result;
  for (const row of result.rows as Array<Record<string | number, unknown>>)
    for (const key of keys) {
      const value = row[key];
      if (typeof value === 'string') row[key] = JSON.parse(value);
    }
  return result;
}

function toError(fields: ErrorFields): Error {
  const error = new EmbeddedDatabaseError(fields.message);
  Object.assign(error, fields.fields);
  Object.defineProperty(error, 'name', { value: fields.name, configurable: true, writable: true });
  // The worker's stack says where PostgreSQL's answer was read; the caller's own follows it.
  if (fields.stack) error.stack = `${error.stack}\n    in the embedded database worker:\n${fields.stack}`;
  return error;
}
