import { describe, expect, it } from 'vitest';
import { serverForFile } from './file-server.ts';

const { server } = serverForFile();

describe('platform', () => {
  it('answers /healthz with the database kind', async () => {
    const res = await server().call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded',
    });
  });

  it('puts a request id on every response and echoes x-request-id', async () => {
    const fresh = await server().call('GET', '/healthz');
    expect(fresh.headers.get('x-aisle-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await server().call('GET', '/nope', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-aisle-request-id')).toBe('trace-123');
  });

  it('answers unknown routes with the application error envelope', async () => {
    const res = await server().call('GET', '/v1/unknown');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ details: { applicationError: { code: 'NOT_FOUND', data: {} } } });
  });

  it('serves an OpenAPI 3.1 document and a reference page', async () => {
    const doc = await server().call('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths as object)).toContain('/healthz');
    const page = await fetch(`${server().url}/api-reference/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });

  it('exposes Prometheus metrics per route', async () => {
    await server().call('GET', '/healthz');
    const res = await fetch(`${server().url}/metrics`);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status_code="200"\} \d+/);
    expect(text).toContain('http_request_duration_seconds_bucket');
  });

  it('answers CORS preflight for allowed origins with the wire headers', async () => {
    const res = await fetch(`${server().url}/healthz`, {
      method: 'OPTIONS',
      headers: {
        origin: server().url,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,x-aisle-consistent',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(server().url);
    expect(res.headers.get('access-control-allow-headers')).toContain('x-aisle-consistent');
    const other = await fetch(`${server().url}/healthz`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('rejects a bad credential on a non-public route with 401', async () => {
    const res = await server().call('GET', '/v1/admin/whoami', { token: 'aisle_sk_wrong' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ details: { applicationError: { code: 'UNAUTHENTICATED' } } });
    const ok = await server().call('GET', '/v1/admin/whoami', { token: server().adminKey });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ caller: { kind: 'admin' } });
  });
});
