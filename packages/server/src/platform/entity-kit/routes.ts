import { type Static, type TOptional, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import type { App } from '../app.ts';
import type { Access } from '../auth.ts';
import type { AppContext } from '../context.ts';
import { admin, complexGetHook } from '../routing.ts';
import {
  BulkDeleteResponse,
  bulkResponse,
  CountRequest,
  CountResponse,
  Empty,
  PagingMetadata,
} from '../wire-schemas.ts';
import type { Described, Operation } from './description.ts';
import type { EntityService } from './service.ts';
import { samePath } from './support.ts';

export const EntityId = Type.String({ format: 'uuid' });
export const IdParam = Type.Object({ id: EntityId });
export const Revision = Type.Union([Type.String({ pattern: '^\\d{1,19}$' }), Type.Integer({ minimum: 0 })]);
export const FieldMask = Type.Optional(
  Type.String({
    maxLength: 2000,
    description: 'Comma-joined field names to update; all given fields when absent',
  }),
);
/** Items one bulk call may name. */
export const MAX_BULK = 100;
const QueryAny = Type.Unknown({ description: '{filter, sort, paging | cursorPaging}' });
export const QueryRequest = Type.Object({ query: Type.Optional(QueryAny) });

/** `{<key>: entity}`: a create body. */
export const createBody = (key: string, entity: TSchema) => Type.Object({ [key]: entity });
/** `{<key>: entity, fieldMask}`: a PATCH body (the entity may carry `id` and `revision`). */
export const updateBody = (key: string, entity: TSchema, maskField = 'fieldMask') =>
  Type.Object({ [key]: entity, [maskField]: FieldMask });

/**
 * `GET* <path>` (complex GET, when asked; at `getPath` when the wire puts it elsewhere) and its `POST`
 * fallback, both `{query}` (or the `request` given); `response` documents and serialises the answer.
 */
export function queryRoutes(
  app: App,
  path: string,
  options: {
    tags: string[];
    summary: string;
    access?: Access;
    get?: boolean;
    getPath?: string;
    request?: TSchema;
    response?: Record<number, TSchema>;
  },
  run: (body: Record<string, unknown>) => Promise<unknown>,
): void {
  const config = { access: options.access ?? 'admin' };
  const request = options.request ?? QueryRequest;
  const schema = {
    tags: options.tags,
    summary: options.summary,
    ...(options.response ? { response: options.response } : {}),
  };
  if (options.get)
    app.get(
      options.getPath ?? path,
      { config, preValidation: complexGetHook(), schema: { ...schema, querystring: request } },
      async (r) => run(r.query as Record<string, unknown>),
    );
  app.post(path, { config, schema: { ...schema, body: request } }, async (r) =>
    run(r.body as Record<string, unknown>),
  );
}

/**
 * The wire routes of a described entity (wire/merchant-settings.md "CRUD"): `POST <p> {e}`, `GET <p>/{id}`,
 * `PATCH <p>/{id} {e, fieldMask}`, `DELETE <p>/{id}`, `<p>/query` when it has query fields, and what else it
 * describes (count, bulk calls, get-or-create). Each answers `{<key>}` (delete: `{}`). Register the entity's
 * own extra routes beside these.
 */
export function entityRoutes<Row, Wire, Create, Patch>(
  app: App,
  ctx: AppContext,
  d: Described<Row, Wire, Create, Patch>,
  service: EntityService<Row, Wire, Create, Patch>,
  only: readonly Operation[] = OPERATIONS,
): void {
  const { key, path, plural, tags } = d;
  const wire = d.schemas.wire;
  const route = (op: Operation, response?: (entity: TSchema) => TSchema) => ({
    config: { access: d.access?.[op] ?? ('admin' as const) },
    schema: {
      tags,
      summary: d.summaries[op] ?? `${op} ${d.label}`,
      ...(wire && response ? { response: { 200: response(wire) } } : {}),
    },
  });
  const has = (op: Operation) => only.includes(op);
  const one = (entity: TSchema) => Type.Object({ [key]: entity });
  const idParam = d.idParam ?? 'id';
  const Params = d.idParam ? Type.Object({ [idParam]: Type.String({ maxLength: 100 }) }) : IdParam;
  const idOf = (params: unknown) => (params as Record<string, string>)[idParam]!;
  const fields: TProperties = d.projection ? { fields: d.projection.schema } : {};
  type Body = Record<string, unknown> & { fields?: string[]; returnEntity?: boolean };

  if (has('create')) {
    const { config, schema } = route('create', one);
    app.post(
      path,
      { config, schema: { ...schema, body: createBody(key, d.schemas.create) } },
      async (request) => ({
        [key]: await service.create(ctx, (request.body as Body)[key] as Create),
      }),
    );
  }
  if (has('query') && d.query) {
    const { config, schema } = route('query', (entity) =>
      Type.Object({ [plural]: Type.Array(entity), pagingMetadata: PagingMetadata }),
    );
    const getPath = d.query.getPath === undefined ? undefined : `${path}${d.query.getPath}`;
    const request = Type.Object({
      query: Type.Optional(d.query.schema ?? QueryAny),
      ...fields,
    });
    queryRoutes(
      app,
      `${path}/query`,
      { ...schema, access: config.access, get: d.query.get, getPath, request },
      async (body) => {
        const { query, fields } = body as Body & { query?: unknown };
        const page = await service.query(ctx.db, query, { fields });
        const answer = d.query?.answer;
        return answer
          ? answer(page[plural] as Wire[], page.pagingMetadata as Parameters<typeof answer>[1])
          : page;
      },
    );
  }
  if (has('count') && d.query?.count) {
    const { config, schema } = route('count');
    app.post(
      `${path}/count`,
      { config, schema: { ...schema, body: CountRequest, response: { 200: CountResponse } } },
      async (request) => ({ count: await service.count(ctx.db, request.body.filter) }),
    );
  }
  if (has('bulkDelete') && d.bulkDelete) {
    const { config } = route('bulkDelete');
    const { ids } = d.bulkDelete;
    app.post(
      d.bulkDelete.path,
      {
        config,
        schema: {
          tags,
          summary: d.bulkDelete.summary ?? `Delete ${plural}`,
          body: Type.Object({ [ids]: Type.Array(EntityId, { minItems: 1, maxItems: MAX_BULK }) }),
        },
      },
      async (request) => service.removeMany(ctx, (request.body as Record<string, string[]>)[ids]!),
    );
  }
  const bulk = d.bulk;
  if (bulk?.create && has('bulkCreate')) {
    const { config, schema } = route('bulkCreate', bulkResponse);
    app.post(
      `${bulk.path}/create`,
      {
        config,
        schema: {
          ...schema,
          body: Type.Object({
            [plural]: Type.Array(d.schemas.create, { minItems: 1, maxItems: MAX_BULK }),
            returnEntity: ReturnEntity,
          }),
        },
      },
      async (request) => {
        const body = request.body as Body;
        return service.bulkCreate(ctx, body[plural] as Create[], body.returnEntity !== false);
      },
    );
  }
  if (bulk?.update && d.schemas.patch && has('bulkUpdate')) {
    const { config, schema } = route('bulkUpdate', bulkResponse);
    const maskField = d.maskField ?? 'fieldMask';
    app.post(
      `${bulk.path}/update`,
      {
        config,
        schema: {
          ...schema,
          body: Type.Object({
            [plural]: Type.Array(Type.Object({ [key]: d.schemas.patch, [maskField]: maskSchema(d) }), {
              minItems: 1,
              maxItems: MAX_BULK,
            }),
            returnEntity: ReturnEntity,
            ...fields,
          }),
        },
      },
      async (request) => {
        const body = request.body as Body;
        const items = (body[plural] as Body[]).map((item) => ({
          entity: item[key] as Patch,
          fieldMask: item[maskField] as string | string[] | undefined,
        }));
        return service.bulkUpdate(ctx, items, body.returnEntity !== false, body.fields);
      },
    );
  }
  if (bulk?.deleteIds && has('bulkDelete')) {
    const { config, schema } = route('bulkDelete', () => BulkDeleteResponse);
    const ids = bulk.deleteIds;
    app.post(
      `${bulk.path}/delete`,
      {
        config,
        schema: {
          ...schema,
          body: Type.Object({
            [ids]: Type.Array(d.idParam ? Type.String({ maxLength: 100 }) : EntityId, {
              minItems: 1,
              maxItems: MAX_BULK,
            }),
          }),
        },
      },
      async (request) => service.removeEach(ctx, (request.body as Record<string, string[]>)[ids]!),
    );
  }
  const getOrCreate = d.getOrCreate;
  if (getOrCreate && has('getOrCreate')) {
    const { config, schema } = route('getOrCreate', one);
    app.post(
      `${path}/get-or-create`,
      { config, schema: { ...schema, body: Type.Object({ [getOrCreate.field]: getOrCreate.schema }) } },
      async (request) => ({
        [key]: await service.getOrCreate(ctx, (request.body as Body)[getOrCreate.field]),
      }),
    );
  }
  if (getOrCreate?.many && bulk && has('bulkGetOrCreate')) {
    const many = getOrCreate.many;
    const { config, schema } = route('bulkGetOrCreate', bulkResponse);
    app.post(
      `${bulk.path}/get-or-create`,
      {
        config,
        schema: {
          ...schema,
          body: Type.Object({
            [many]: Type.Array(getOrCreate.schema, { minItems: 1, maxItems: MAX_BULK }),
          }),
        },
      },
      async (request) => service.bulkGetOrCreate(ctx, (request.body as Record<string, unknown[]>)[many]!),
    );
  }
  if (has('get')) {
    const { config, schema } = route('get', one);
    const querystring = d.projection ? { querystring: Type.Object(fields) } : {};
    app.get(
      `${path}/:${idParam}`,
      { config, schema: { ...schema, params: Params, ...querystring } },
      async (request) => ({
        [key]: await service.get(ctx.db, idOf(request.params), (request.query as Body).fields),
      }),
    );
  }
  if (has('update') && d.schemas.patch) {
    const { config, schema } = route('update', one);
    const maskField = d.maskField ?? 'fieldMask';
    app.patch(
      `${path}/:${idParam}`,
      {
        config,
        schema: {
          ...schema,
          params: Params,
          body: Type.Object({ [key]: d.schemas.patch, [maskField]: maskSchema(d), ...fields }),
        },
      },
      async (request) => {
        const body = request.body as Body;
        const id = idOf(request.params);
        const patch = body[key] as Patch;
        if (d.idParam) samePath(id, (patch as { id?: string }).id, `${key}.id`);
        return {
          [key]: await service.update(
            ctx,
            id,
            patch,
            body[maskField] as string | string[] | undefined,
            body.fields,
          ),
        };
      },
    );
  }
  if (has('delete')) {
    const { config, schema } = route('delete', () => Empty);
    app.delete(`${path}/:${idParam}`, { config, schema: { ...schema, params: Params } }, async (request) => {
      await service.remove(ctx, idOf(request.params));
      return {};
    });
  }
}

const OPERATIONS: readonly Operation[] = [
  'create',
  'get',
  'update',
  'delete',
  'query',
  'count',
  'bulkDelete',
  'bulkCreate',
  'bulkUpdate',
  'getOrCreate',
  'bulkGetOrCreate',
];

const ReturnEntity = Type.Optional(Type.Boolean({ description: 'Default true' }));

/** A mask of field names (one comma-joined string), or of dotted paths (a list or one comma-joined string). */
export const PathMask = Type.Optional(
  Type.Union(
    [Type.String({ maxLength: 1000 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })],
    {
      description: 'Comma-joined paths to update; absent = every field sent',
    },
  ),
);
/**
 * One of an entity's own admin calls on one row (docs/CONVENTIONS.md: `add-delivery-region`):
 * `POST <path>/{id}/<action>` with the body given, answered `{<key>: …}` with what `run(id, body)` gives.
 */
export function rowAction<B extends TSchema>(
  app: App,
  d: { key: string; path: string; tags: string[] },
  action: string,
  schema: { summary: string; body: B },
  run: (id: string, body: Static<B>) => Promise<unknown>,
): void {
  app.post(
    `${d.path}/:id/${action}`,
    { config: admin, schema: { tags: d.tags, summary: schema.summary, params: IdParam, body: schema.body } },
    async (request) => ({
      [d.key]: await run((request.params as { id: string }).id, request.body as Static<B>),
    }),
  );
}

const maskSchema = (d: { mask?: 'fields' | 'paths' }) => (d.mask === 'paths' ? PathMask : FieldMask);

/** The entity's fields, each optional (a PATCH, or a create that needs none). */
export function optionalFields<P extends TProperties>(fields: P) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)]),
  ) as { [K in keyof P]: TOptional<P[K]> };
}

/** A PATCH entity: every field optional, plus the `id` and `revision` a client echoes back. */
export function patchSchema<P extends TProperties>(fields: P) {
  return Type.Object({
    id: Type.Optional(EntityId),
    ...optionalFields(fields),
    revision: Type.Optional(Revision),
  });
}
