import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;

/** `compile()` on the first call, then the compiled function; a validator passes on its `errors`. */
function onFirstCall(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

/**
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for responses), each route's schema compiled
 * when the route is first called instead of at start: compiling the ~600 schemas of every route up front was
 * most of the start's CPU time (docs/BENCHMARKS.md, "Start and memory"). Same compilers, same options, same
 * code for a route once it has been called; a schema that does not compile fails its route's first request
 * instead of the start, which the route fuzz test reaches for every route.
 */
export function lazySchemaCompilers(): Compilers {
  const buildValidator = AjvCompiler();
  const buildSerializer = SerializerSelector();
  return {
    // Fastify reads only the call and `errors` of a validator (not Ajv's `schema` and `schemaEnv`).
    buildValidator: ((external, options) => {
      const compile = buildValidator(external, options);
      return (route) => onFirstCall(() => compile(route) as Validate);
    }) as Compilers['buildValidator'] & typeof buildValidator,
    buildSerializer: (external, options) => {
      const compile = buildSerializer(external, options);
      return (route) => {
        let compiled: Serialize | undefined;
        return (data: unknown) => {
          compiled ??= compile(route) as Serialize;
          return compiled(data);
        };
      };
    },
  };
}
