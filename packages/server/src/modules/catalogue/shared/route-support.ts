import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../../platform/app.ts';
import { samePath } from '../../../platform/entity-kit/index.ts';
import type { Viewer } from './reads.ts';
import { DeleteByIdQuery } from './schemas.ts';
import { admin, open } from '../../../platform/routing.ts';

export { samePath };

/** Who reads: an admin caller sees hidden entities and may ask for merchant data. */
export const viewerOf = (request: FastifyRequest): Viewer => ({ merchant: request.caller.kind === 'admin' });

/** A catalogue read's route options: public (admins see hidden entities, `viewerOf`), tagged `catalogue`. */
export const catalogueRead = <S extends object>(summary: string, schema: S) => ({
  config: open,
  schema: { tags: ['catalogue'], summary, ...schema },
});

/** A catalogue write's route options: admins only, tagged `catalogue writes`. */
export const catalogueWrite = <S extends object>(summary: string, schema: S) => ({
  config: admin,
  schema: { tags: ['catalogue writes'], summary, ...schema },
});

/**
 * An admin call on one entity, `<method> <path>` with its `:id`, answered `{}` (a catalogue write): the body's `id`, when sent,
 * must be the path's (a DELETE has no body, and the `?id=` it may echo is not used); `run` does the work (what it
 * returns is not answered).
 */
export function entityAction<B extends TSchema>(
  r: App,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  schema: { summary: string; params: TSchema; body?: B; response?: Record<number, TSchema> },
  run: (id: string, body: Static<B>) => Promise<unknown>,
): void {
  const query = method === 'DELETE' ? { querystring: DeleteByIdQuery } : {};
  r.route({
    method,
    url: path,
    config: admin,
    schema: { tags: ['catalogue writes'], ...schema, ...query },
    handler: async (request) => {
      const { id } = request.params as { id: string };
      const body = request.body as Static<B> & { id?: string };
      if (method !== 'DELETE') samePath(id, body.id, 'id');
      await run(id, body);
      return {};
    },
  });
}
