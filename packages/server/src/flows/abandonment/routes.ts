import { Type } from '@sinclair/typebox';
import { STATUSES } from '../../modules/abandoned-checkouts/model.ts';
import type { Module } from '../../platform/app.ts';
import { IdParam } from '../../platform/entity-kit/index.ts';
import { checkoutAnalytics } from './analytics.ts';
import { abandonmentJob } from './job.ts';
import { subscribeRecovery } from './recovered.ts';
import { recoveryRedirect } from './redirect.ts';
import { sendRecoveryMailNow } from './send-now.ts';
import { admin, open, routeOptions } from '../../platform/routing.ts';

const route = routeOptions(['abandoned checkouts']);

const AnalyticsRequest = Type.Object({
  startDate: Type.Optional(Type.String({ format: 'date-time' })),
  endDate: Type.Optional(Type.String({ format: 'date-time' })),
  metrics: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  statuses: Type.Optional(Type.Array(Type.Union(STATUSES.map((s) => Type.Literal(s))), { maxItems: 2 })),
  interval: Type.Optional(Type.Union([Type.Literal('DAY'), Type.Literal('WEEK'), Type.Literal('MONTH')])),
});

const RedirectQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200 })),
  metasiteId: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Work on abandoned checkouts that spans domains: the job, recovery on order, analytics, the recovery link. */
export const abandonmentRoutes: Module = async (app, ctx) => {
  subscribeRecovery(ctx);
  await abandonmentJob(app, ctx);

  app.post(
    '/ecom/v1/abandoned-checkout/get-analytics',
    route(admin, 'Recoverable and recovered value, counts and rate', { body: AnalyticsRequest }),
    async (request) => checkoutAnalytics(ctx, request.body),
  );

  app.post(
    '/ecom/v1/abandoned-checkouts/:id/send-recovery-email',
    route(admin, 'Send the recovery mail now (Aisle)', { params: IdParam }),
    async (request) => ({ abandonedCheckout: await sendRecoveryMailNow(ctx, request.params.id) }),
  );

  // Opened from the recovery mail by the buyer's browser: public, the link's token is the key.
  app.get(
    '/ecom/v1/abandoned-checkout/:id/redirect-to-checkout',
    route(open, 'Open the checkout again (302; JSON {redirectUrl} when the caller asks for JSON)', {
      params: IdParam,
      querystring: RedirectQuery,
    }),
    async (request, reply) => {
      const url = await recoveryRedirect(ctx, request.params.id, {
        admin: request.caller.kind === 'admin',
        token: request.query.token,
      });
      const accept = request.headers.accept ?? '';
      if (accept.includes('application/json') && !accept.includes('text/html')) return { redirectUrl: url };
      return reply.redirect(url, 302);
    },
  );
};
