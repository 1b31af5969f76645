/**
 * Messages between the server thread's embedded-database client (`client.ts`) and the worker thread that runs
 * PGlite (`worker.ts`). Everything here crosses `postMessage`, so it is plain data: parameters already
 * serialised to text or bytes, answers as the protocol's bytes (read in the server thread, `answers.ts`).
 */

import type { ArrayTypes } from './answers.ts';

/**
 * The embedded database's buffer cache, in MiB, unless `EMBEDDED_SHARED_BUFFERS_MB` says otherwise. In
 * WebAssembly the whole of PostgreSQL's shared memory is touched when it starts (its anonymous mapping is
 * zero-filled memory), so PostgreSQL's default of 128 MiB is 128 MiB more resident memory at idle and about
 * 0.6 s more CPU at every start; pages not in the cache are read from the data folder through the operating
 * system's file cache (docs/DECISIONS.md, "Embedded database memory").
 */
export const EMBEDDED_SHARED_BUFFERS_MB = 16;

/** What the worker opens: a data folder or memory, started from a dump or not, with a shared WebAssembly. */
export interface WorkerOptions {
  /** PGlite's data folder; absent → in memory. */
  dataDir?: string;
  /** PostgreSQL's `shared_buffers`, in MiB: all of it is resident (see `EMBEDDED_SHARED_BUFFERS_MB`). */
  sharedBuffersMb: number;
  loadDataDir?: Bytes;
  wasmModule?: WebAssembly.Module;
  fsBundle?: Bytes;
}

/**
 * A data-dir dump or PGlite's file-system bundle: a Blob, or bytes (on a `SharedArrayBuffer`, every worker of
 * the process reads the one copy: tests start a database per file from the same template).
 */
export type Bytes = Blob | Uint8Array;

/** json and jsonb: sent as text by the worker and parsed by the client, unless the caller keeps them text. */
export const JSON_TYPES = [114, 3802];

/** A parameter as the wire takes it: text, bytes (sent binary) or null. */
export type WireValue = string | Uint8Array | null;

export type Request =
  | {
      /** Answered with the protocol's bytes (a `Uint8Array`), read by the server thread (`answers.ts`). */
      op: 'query';
      text: string;
      params: WireValue[];
      tx?: number;
      /** The transaction's first statement: BEGIN it first (one message for both). */
      begin?: true;
    }
  | {
      /** Answered with the protocol's bytes as `query` is: the answer of every statement of `text`. */
      op: 'exec';
      text: string;
      tx?: number;
      begin?: true;
    }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump' }
  | { op: 'close' };

export type Call = Request & { id: number };

/** A database error's fields, as PGlite's `DatabaseError` has them (`code` is the SQLSTATE). */
export interface ErrorFields {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ErrorFields }
  | { notify: number; payload: string }
  | { ready: true; arrayTypes: ArrayTypes }
  | { failed: ErrorFields };
