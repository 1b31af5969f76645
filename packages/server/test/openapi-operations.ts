import { setPolicies } from '../src/modules/identity/members.ts';
import { seedDemoStore } from '../src/seed/demo.ts';
import type { Server } from '../src/server.ts';
import type { TestServer } from '../src/testing.ts';
import { seedClient } from './identity-helpers.ts';

/** Shared by the route fuzz tests: the demo store, and every operation of the server's OpenAPI document. */

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  format?: string;
}

export interface Operation {
  method: string;
  /** With `{name}` placeholders for path parameters. */
  path: string;
  params: string[];
  query: Array<{ name: string; schema: Schema }>;
  body?: Schema | undefined;
}

/** Test-server seed: the demo OAuth client and the demo store, captcha off (sign-ups never wait on it). */
export async function seedDemo(server: Server): Promise<void> {
  await seedClient(server);
  await seedDemoStore(server.ctx);
  await setPolicies(server.ctx, { captcha: 'OFF' });
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema?: Schema }>;
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
}

/** Every GET, POST, PUT, PATCH and DELETE operation `/openapi.json` lists. */
export async function operationsOf(server: TestServer): Promise<Operation[]> {
  const spec = (await server.call('GET', '/openapi.json')).body as unknown as OpenApi;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}
