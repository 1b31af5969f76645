import type { Module } from '../../platform/app.ts';
import { tokenizeCard } from './sandbox.ts';
import { CardTokenRequest } from './schemas.ts';
import { visitor } from '../../platform/routing.ts';

/** `POST /payments/sandbox/v1/card-tokens`: a single-use token for a sandbox card (visitor, member or admin). */
export const paymentRoutes: Module = async (app, ctx) => {
  app.post(
    '/payments/sandbox/v1/card-tokens',
    {
      config: visitor,
      schema: {
        tags: ['payments'],
        summary: 'Tokenise a sandbox card (the number is never stored); the token is single use, 30 minutes',
        body: CardTokenRequest,
      },
    },
    async (request) => tokenizeCard(ctx.db, request.body, ctx.clock()),
  );
};
