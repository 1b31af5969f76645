/**
 * Reading PostgreSQL's answers in the server thread. The worker hands over a statement's answer as the
 * protocol's bytes, unparsed (its thread is the busy one: PGlite's own parsing and copying the parsed rows
 * across cost it about a fifth of its time), and they are parsed here with PGlite's parser and the same type
 * parsers PGlite uses: its defaults and one array parser per array type of the database.
 */
import { type ParserOptions, parse, protocol, type Results, types } from '@electric-sql/pglite';
import { JSON_TYPES } from './protocol.ts';

/** Element type id and its array type id, as PGlite reads them at start (`_initArrayTypes`). */
export type ArrayTypes = Array<[element: number, array: number]>;

export const ARRAY_TYPES_SQL = `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem WHERE a.typcategory = 'A'
  GROUP BY b.oid, b.typarray ORDER BY b.oid`;

const keepText = (value: string) => value;

/** A protocol message as PGlite's parser makes it (`name`: `dataRow`, `commandComplete`, `error`, …). */
export type Message = { name: string } & Record<string, unknown>;

/** Every message of an answer, parsed. */
export function messagesOf(answer: Uint8Array): Message[] {
  const messages: Message[] = [];
  new protocol.Parser().parse(answer, (message) => messages.push(message as unknown as Message));
  return messages;
}

export class AnswerReader {
  readonly #base: ParserOptions;
  readonly #sets = new Map<string, ParserOptions>();

  constructor(arrayTypes: ArrayTypes) {
    const parsers: ParserOptions = { ...types.parsers };
    for (const [element, array] of arrayTypes)
      parsers[array] = (value: string) => types.arrayParser(value, parsers[element]!, array);
    this.#base = parsers;
  }

  /** The parsers with `rawTypes`, json and jsonb keeping the database's text (json is parsed by the caller). */
  #parsers(rawTypes: number[]): ParserOptions {
    const key = rawTypes.join(',');
    let parsers = this.#sets.get(key);
    if (!parsers) {
      parsers = { ...this.#base };
      for (const id of [...rawTypes, ...JSON_TYPES]) parsers[id] = keepText;
      this.#sets.set(key, parsers);
    }
    return parsers;
  }

  /** The first result of one statement's answer (Parse … Sync), as PGlite's `query` would give it. */
  read<T>(answer: Uint8Array, rawTypes: number[], rowMode: 'object' | 'array'): Results<T> {
    return (parse.parseResults(messagesOf(answer) as never, this.#parsers(rawTypes) as never, {
      rowMode,
    })[0] ?? {
      rows: [],
      fields: [],
    }) as Results<T>;
  }

  /** Every result of a simple-protocol answer (statements separated by `;`), as PGlite's `exec` gives them. */
  readAll(answer: Uint8Array, rawTypes: number[]): Results[] {
    return parse.parseResults(messagesOf(answer) as never, this.#parsers(rawTypes) as never);
  }
}
