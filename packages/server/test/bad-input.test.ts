import { describe, expect, it } from 'vitest';
import { encodeComplexQuery } from '../src/platform/wire-query.ts';
import { serverForFile } from './file-server.ts';

const { server } = serverForFile();
interface Violation {
  field: string;
  violatedRule: string;
  description: string;
  data: Record<string, unknown>;
}
const violations = (body: Record<string, unknown>): Violation[] =>
  (body.details as { validationError?: { fieldViolations: Violation[] } }).validationError?.fieldViolations ??
  [];

const QUERY = '/stores-reader/v1/products/query-platformized';

describe('bad input gets a clear 400 naming the field, never a 500', () => {
  it('malformed JSON → FORMAT on body', async () => {
    const res = await server().call('POST', QUERY, { body: '{"query": {"paging": ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('INVALID_ARGUMENT');
    expect(violations(res.body)).toEqual([
      { field: 'body', description: 'is not valid JSON', violatedRule: 'FORMAT', data: {} },
    ]);
  });

  it('a wrong type names the nested field', async () => {
    const res = await server().call('POST', QUERY, { body: { query: { paging: { limit: 'many' } } } });
    expect(res.status).toBe(400);
    const [v] = violations(res.body);
    expect(v?.field).toBe('query.paging.limit');
    expect(v?.violatedRule).toBe('VALIDATION');
    expect(v?.data).toBeTypeOf('object');
  });

  it('a limit over the maximum → MAX', async () => {
    const res = await server().call('POST', QUERY, { body: { query: { paging: { limit: 100_000 } } } });
    expect(res.status).toBe(400);
    expect(violations(res.body).map((v) => [v.field, v.violatedRule])).toContainEqual([
      'query.paging.limit',
      'MAX',
    ]);
  });

  it('an unknown sort order → INVALID_ENUM_VALUE', async () => {
    const res = await server().call('POST', QUERY, {
      body: { query: { sort: [{ fieldName: 'name', order: 'SIDEWAYS' }] } },
    });
    expect(res.status).toBe(400);
    const v = violations(res.body).find((x) => x.field === 'query.sort[0].order');
    expect(v?.violatedRule).toBe('INVALID_ENUM_VALUE');
    expect(v?.description).toContain('ASC');
  });

  it('an unknown filter field names the field', async () => {
    const res = await server().call(
      'GET',
      `${QUERY}?${encodeComplexQuery({ query: { filter: { colour: 'red' } } })}`,
    );
    expect(res.status).toBe(400);
    expect(violations(res.body)[0]?.field).toBe('query.filter.colour');
  });

  it('an undecodable .r → FORMAT on .r', async () => {
    const res = await server().call('GET', `${QUERY}?.r=%%%`);
    expect(res.status).toBe(400);
    expect(violations(res.body)[0]).toMatchObject({ field: '.r', violatedRule: 'FORMAT' });
  });

  it('a missing required field → REQUIRED_FIELD', async () => {
    const res = await server().call('POST', '/_api/iam/authentication/v2/register', {
      body: { password: 'secret-enough' },
    });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContainEqual(
      expect.objectContaining({ field: 'loginId.email', violatedRule: 'REQUIRED_FIELD' }),
    );
  });

  it('a body that is not JSON at all → 415, not 500', async () => {
    const res = await fetch(`${server().url}${QUERY}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    expect(res.status).toBe(415);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ details: { applicationError: { code: 'UNSUPPORTED_MEDIA_TYPE' } } });
  });

  it('random junk at many routes never produces a 5xx', async () => {
    const junk: unknown[] = [
      null,
      42,
      'text',
      [],
      [1, 2],
      { query: 'x' },
      { query: { filter: [] } },
      { query: { paging: { offset: -1 } } },
      { query: { filter: { price: { $gt: 'abc' } } } },
      { query: { filter: { $and: 'x' } } },
      { query: { cursorPaging: { cursor: 'garbage' } } },
    ];
    const paths = [
      QUERY,
      '/v2/collections/query',
      '/oauth2/token',
      '/_api/iam/authentication/v2/login',
      '/_api/iam/authentication/v2/register',
    ];
    for (const path of paths) {
      for (const body of junk) {
        const res = await server().call('POST', path, { body: JSON.stringify(body) });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(res.headers.get('x-aisle-request-id')).toBeTruthy();
        expect(res.body.details, `${path} ${JSON.stringify(body)}`).toBeTypeOf('object');
      }
    }
  });
});
