import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from 'fastify';
import { asActor } from './actor.ts';
import { type Caller, checkAccess, resolveCaller } from './auth.ts';
import type { AppContext } from './context.ts';
import { clientError, httpTimeouts, limitConnectionsPerAddress } from './connections.ts';
import { isRetryableConflict } from './db.ts';
import {
  AppError,
  applicationErrorBody,
  type FieldViolation,
  transactionConflict,
  ValidationFailure,
  validationErrorBody,
} from './errors.ts';
import { registerStorefront } from '../storefront/index.ts';
import { refuseBadInput } from './input.ts';
import { registerMetrics } from './metrics.ts';
import { lazySchemaCompilers } from './lazy-schemas.ts';
import { stripUnknownKeys } from './strip.ts';
import { defaultPermission, isPermission } from './permissions.ts';
import { type SchemaError, toFieldViolations } from './validation.ts';

/** The Fastify instance modules register on: TypeBox schemas give typed requests. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
/** A module's routes: a plain function over the app and the context. */
export type Module = (app: App, ctx: AppContext) => Promise<void> | void;

export const REQUEST_ID_HEADER = 'x-aisle-request-id';
/** Characters a path parameter may have after decoding. */
const MAX_PARAM_LENGTH = 500;
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'x-aisle-bi-gateway',
  'x-aisle-consistent',
  'aisle-site-id',
  'aisle-account-id',
  'x-request-id',
];

/** The audit log's author of a request's changes: an admin caller, nobody else. */
function actorOf(caller: Caller | null) {
  if (caller?.kind !== 'admin') return undefined;
  return caller.staffId
    ? { kind: 'staff' as const, id: caller.staffId, label: caller.label }
    : { kind: 'key' as const, id: caller.keyId ?? '', label: caller.label };
}

function requestId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
}

const pathViolation = (description: string, violatedRule: 'FORMAT' | 'MAX_LENGTH'): FieldViolation => ({
  field: 'path',
  description,
  violatedRule,
  data: violatedRule === 'MAX_LENGTH' ? { max: MAX_PARAM_LENGTH } : {},
});

/** A path the router cannot decode (`%FF`) or with an over-long parameter: the wire envelope, not Fastify's. */
function routerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    reply
      .status(400)
      .send(validationErrorBody([pathViolation('is not valid percent-encoded UTF-8', 'FORMAT')]));
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const description = `has a segment longer than ${MAX_PARAM_LENGTH} characters`;
    reply.status(400).send(validationErrorBody([pathViolation(description, 'MAX_LENGTH')]));
  } else {
    request.log.error({ err: error }, 'router error');
    reply
      .status(500)
      .send(applicationErrorBody('INTERNAL_ERROR', `Internal error, request-id: ${request.id}`));
  }
}

/** A hop count becomes a function: trust that many proxies next to us. */
function trustProxyOption(value: boolean | number | string) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp(ctx: AppContext, modules: Module[]): Promise<App> {
  const app = Fastify<RawServerDefault>({
    loggerInstance: ctx.log,
    genReqId: (req) => requestId(req.headers['x-request-id']),
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: ctx.config.logLevel !== 'debug' && ctx.config.logLevel !== 'trace',
    }),
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
    schemaController: { compilersFactory: lazySchemaCompilers() },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: routerError,
    ...httpTimeouts(ctx.config),
    clientErrorHandler: clientError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  limitConnectionsPerAddress(app.server, ctx.config.maxConnectionsPerIp);

  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const access = request.routeOptions.config.access ?? 'public';
    try {
      request.caller = await resolveCaller(ctx.authenticators, request.headers.authorization);
    } catch (error) {
      // A bad token on a public route is simply no token.
      if (access !== 'public') throw error;
      request.caller = { kind: 'anonymous' };
    }
    checkAccess(access, request);
  });

  // Every decoded body, query string and path parameter, before validation and before any handler sees it
  // (complex GETs check their decoded `.r` again: `complexGetHook`).
  app.addHook('preValidation', async (request) => {
    refuseBadInput({ body: request.body, query: request.query, params: request.params });
  });

  // After validation: keys the route's schema does not declare are dropped before any handler sees them.
  app.addHook('preHandler', async (request) => {
    const schema = request.routeOptions.schema;
    if (schema?.body) stripUnknownKeys(schema.body, request.body);
    if (schema?.querystring) stripUnknownKeys(schema.querystring, request.query);
  });

  // An empty JSON body (DELETE, `remove-coupon`) reads as `{}`.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new ValidationFailure([
          { field: 'body', description: 'is not valid JSON', violatedRule: 'FORMAT', data: {} },
        ]),
      );
    }
  });

  app.setErrorHandler((thrown: FastifyError | AppError | ValidationFailure, request, reply) => {
    let error = thrown;
    // A deadlock or serialization failure outside `runTransaction` (which answers it itself): retryable too.
    if (isRetryableConflict(thrown)) {
      request.log.warn({ err: thrown }, 'statement aborted by concurrent writes');
      error = transactionConflict();
    }
    if (error instanceof ValidationFailure)
      return reply.status(400).send(validationErrorBody(error.violations));
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.status(error.status).send(applicationErrorBody(error.code, error.description, error.data));
    }
    if (error.validation) {
      const violations = toFieldViolations(error.validation as SchemaError[], error.validationContext);
      return reply.status(400).send(validationErrorBody(violations));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      return reply.status(status).send(applicationErrorBody(code, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(
      applicationErrorBody('INTERNAL_ERROR', `Internal error, request-id: ${request.id}`, {
        requestId: request.id,
      }),
    );
  });

  await app.register(cors, {
    origin: (origin, cb) => {
      if (!origin) return cb(null, true);
      if (ctx.config.corsOrigins.includes('*') || ctx.config.corsOrigins.includes(origin))
        return cb(null, true);
      if (origin === new URL(ctx.config.publicUrl).origin) return cb(null, true);
      Promise.all(ctx.originCheckers.map((check) => check(origin)))
        .then((results) => cb(null, results.some(Boolean)))
        .catch((err: Error) => cb(err, false));
    },
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: ['X-Aisle-Request-Id', 'X-Aisle-Consistent'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Aisle platform API',
        version: '0.1.0',
        description:
          'REST API of the Aisle store platform. Only HTTP 200 is success; errors carry `details.applicationError` or `details.validationError`.',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Raw visitor/member access token or admin API key (no Bearer prefix)',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api-reference',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  // The merchant admin app (built with base `/admin/`); the storefront is served by `storefront/` below.
  const adminDir = ctx.config.adminDir;
  const hasAdmin = adminDir !== undefined && existsSync(join(adminDir, 'index.html'));
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: adminDir,
      prefix: '/admin/',
      wildcard: false,
      index: 'index.html',
    });
  }

  // From here on every route must say who may call it (plugin routes above are public by nature), every admin
  // route what an admin caller's role must allow, and the events its handler records carry the admin caller.
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    const config = route.config;
    if (!config?.access)
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
    if (config.permission !== undefined && !isPermission(config.permission))
      throw new Error(`Route ${String(route.method)} ${route.url} declares an unknown permission`);
    if (config.access === 'admin' && !config.permission) {
      const permission = defaultPermission(String(route.method), route.url);
      if (!permission)
        throw new Error(
          `Admin route ${String(route.method)} ${route.url} has no permission: declare config.permission (platform/permissions.ts)`,
        );
      // A copy: routes share config objects (`const admin = {access: 'admin'}`).
      route.config = { ...config, permission };
    }
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      return asActor(actorOf(request.caller), () => handler.call(this, request, reply));
    };
  });
  registerMetrics(app);
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  for (const register of modules) await register(app, ctx);
  const storefront = await registerStorefront(app, ctx);

  app.setNotFoundHandler({ preHandler: undefined }, (request, reply) => {
    // Client-side routes of the admin app get its page, the storefront renders its pages (any GET that is not
    // after JSON: browsers and crawlers); everything else gets the JSON envelope.
    const accept = request.headers.accept ?? '';
    if (
      request.method === 'GET' &&
      hasAdmin &&
      request.url.startsWith('/admin/') &&
      accept.includes('text/html')
    ) {
      return reply.type('text/html').sendFile('index.html', adminDir);
    }
    const wantsJson = accept.includes('application/json') && !accept.includes('text/html');
    const adminPath = hasAdmin && request.url.startsWith('/admin/');
    if (storefront && (request.method === 'GET' || request.method === 'HEAD') && !wantsJson && !adminPath) {
      return storefront.page(request, reply);
    }
    reply.header(REQUEST_ID_HEADER, request.id);
    return reply
      .status(404)
      .send(applicationErrorBody('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
  return app;
}
