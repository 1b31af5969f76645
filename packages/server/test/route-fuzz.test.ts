import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from './file-server.ts';
import { CLIENT_ID } from './identity-helpers.ts';
import { type Operation, operationsOf, type Schema, seedDemo } from './openapi-operations.ts';

/**
 * Every operation of the OpenAPI document, called with bad input as each kind of caller: no 5xx, ever, and
 * every error in the wire's error format. Path parameters take an unknown GUID, text that is no id, and a real
 * id of the demo store; bodies are junk of every JSON type and the operation's own body with each top-level
 * field given a value of the wrong type.
 */

const { server } = serverForFile({ seed: seedDemo });
let operations: Operation[] = [];
let visitorToken = '';
let realIds: string[] = [];

beforeAll(async () => {
  operations = await operationsOf(server());
  // Media files stream bytes, not JSON: their bad links are tested with the media tests.
  operations = operations.filter((op) => !op.path.startsWith('/media/'));
  const token = await server().call('POST', '/oauth2/token', {
    body: { grantType: 'anonymous', clientId: CLIENT_ID },
  });
  visitorToken = token.body.access_token as string;
  const products = await server().call('POST', '/stores-reader/v1/products/query-platformized', {
    body: { query: { paging: { limit: 2 } } },
  });
  realIds = ((products.body.products as { id: string }[]) ?? []).map((p) => p.id);
}, 120_000);

/** A value of another JSON type than `schema` allows. */
function wrongTypeFor(schema: Schema): unknown {
  const types = new Set(
    [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat().filter((t): t is string => Boolean(t)),
  );
  if (!types.has('object')) return { unexpected: true };
  if (!types.has('string')) return 'not what was asked';
  if (!types.has('number') && !types.has('integer')) return -1.5;
  return [null];
}

function bodiesFor(op: Operation): unknown[] {
  const junk: unknown[] = [null, 7, 'text', [], [{}], {}, { unexpected: { nested: [1, 'two'] } }];
  const properties = op.body?.properties ?? {};
  for (const [name, schema] of Object.entries(properties)) {
    junk.push({ [name]: wrongTypeFor(schema) });
    // One level further: the first nested object's fields, each wrong in turn.
    for (const [inner, innerSchema] of Object.entries(schema.properties ?? {}).slice(0, 12))
      junk.push({ [name]: { [inner]: wrongTypeFor(innerSchema) } });
  }
  return junk;
}

function pathsFor(op: Operation): string[] {
  const fills = [randomUUID(), 'not-an-id', realIds[0] ?? randomUUID(), "x'; drop table products; --"];
  return fills.map((fill) => op.path.replace(/\{[^}]+\}/g, encodeURIComponent(fill)));
}

const callers = () => [
  { name: 'admin', headers: { authorization: server().adminKey } as Record<string, string> },
  { name: 'visitor', headers: { authorization: visitorToken } },
  { name: 'nobody', headers: {} },
];

function expectCleanAnswer(
  label: string,
  res: { status: number; body: Record<string, unknown>; headers: Headers },
): void {
  expect(res.status, `${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`).toBeLessThan(500);
  if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('json')) {
    expect(res.body.details, `${label}: error body without details`).toBeTypeOf('object');
    expect(res.body.message, `${label}: error body without message`).toBeTypeOf('string');
  }
}

describe('every route answers bad input without a 5xx', () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  it('junk bodies and wrong field types, as admin, visitor and nobody', { timeout: 600_000 }, async () => {
    let calls = 0;
    let rejected = 0;
    for (const op of operations) {
      const [path] = pathsFor(op);
      const withBody = op.method !== 'GET' && op.method !== 'DELETE';
      for (const caller of callers()) {
        // Every caller gets the junk; only the admin (who passes every access check) gets each wrong field.
        const bodies = withBody
          ? caller.name === 'admin'
            ? bodiesFor(op)
            : bodiesFor(op).slice(0, 7)
          : [undefined];
        for (const body of bodies) {
          const res = await server().call(op.method, path!, {
            headers: caller.headers,
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          });
          calls++;
          if (res.status === 400) rejected++;
          expectCleanAnswer(`${caller.name} ${op.method} ${op.path} ${JSON.stringify(body)}`, res);
        }
      }
    }
    // Thousands of calls, and the admin's junk mostly stopped by validation (not by a missing route).
    expect(calls).toBeGreaterThan(4000);
    expect(rejected).toBeGreaterThan(calls / 3);
  });

  it('path parameters that are unknown, not ids, real, or hostile, and junk query strings', {
    timeout: 600_000,
  }, async () => {
    for (const op of operations) {
      if (op.params.length === 0 && op.query.length === 0) continue;
      for (const path of pathsFor(op)) {
        for (const caller of callers().slice(0, 2)) {
          const query = op.query.map(({ name }) => `${encodeURIComponent(name)}=%FF%FE`).join('&');
          const url = query ? `${path}?${query}` : path;
          const res = await server().call(op.method, url, {
            headers: caller.headers,
            ...(op.method !== 'GET' && op.method !== 'DELETE' ? { body: '{}' } : {}),
          });
          expectCleanAnswer(`${caller.name} ${op.method} ${url}`, res);
        }
      }
    }
  });
});
