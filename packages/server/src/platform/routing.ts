import type { FastifyContextConfig, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { App } from './app.ts';
import { ValidationFailure } from './errors.ts';
import { refuseBadInput } from './input.ts';
import { decodeQuery, type RawQuery } from './wire-query.ts';

/**
 * Route configs by who may call (docs/CONVENTIONS.md): `{ config: admin, schema }`. Shared objects: the app
 * copies a config before adding an admin route's default permission.
 */
export const admin = { access: 'admin' } as const;
export const member = { access: 'member' } as const;
export const visitor = { access: 'visitor' } as const;
export const open = { access: 'public' } as const;

/**
 * The options of a module's routes, all tagged `tags`: `route(access, summary, schema)` is
 * `{ config: access, schema: { tags, summary, ...schema } }` (the catalogue's `catalogueRead` and
 * `catalogueWrite` fix the access as well).
 */
export function routeOptions(tags: string[]) {
  return <C extends FastifyContextConfig, S extends object = object>(
    config: C,
    summary: string,
    schema?: S,
  ) => ({
    config,
    schema: { tags, summary, ...(schema as S) },
  });
}

/**
 * Register one service's routes under each of its public prefixes (wire/README §1: public path and
 * custom-host alias). Only the first prefix appears in the OpenAPI document.
 */
export async function underPrefixes(
  app: App,
  prefixes: string[],
  register: (scoped: App) => void,
): Promise<void> {
  for (const [index, prefix] of prefixes.entries()) {
    await app.register(
      async (scoped) => {
        if (index > 0) {
          scoped.addHook('onRoute', (route) => {
            route.schema = { ...(route.schema ?? {}), hide: true } as FastifySchema;
          });
        }
        register(scoped as unknown as App);
      },
      { prefix },
    );
  }
}

/**
 * A "complex GET" (wire/README §2): the request object arrives as `.r` (base64url JSON) or dotted query
 * keys, and is validated against the same schema as the POST fallback's body. Use with
 * `app.get(path, { ...complexGetOptions(schema) }, handler)` and read `request.query`.
 */
export function complexGetHook(): NonNullable<RouteShorthandOptions['preValidation']> {
  return async (request) => {
    let decoded: Record<string, unknown>;
    try {
      decoded = decodeQuery(request.query as RawQuery);
    } catch {
      throw new ValidationFailure([
        { field: '.r', description: 'is not base64url-encoded JSON', violatedRule: 'FORMAT', data: {} },
      ]);
    }
    refuseBadInput({ query: decoded });
    request.query = decoded;
  };
}
