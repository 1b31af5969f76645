import { checkoutTemplate } from '../../modules/checkout-templates/templates.ts';
import { FromTemplateRequest, TemplateIdParams } from '../../modules/checkout-templates/schemas.ts';
import type { Module } from '../../platform/app.ts';
import { AppError } from '../../platform/errors.ts';
import { tokenOwner } from '../cart/routes.ts';
import { errorPage } from '../html.ts';
import { checkoutFromTemplate } from './flow.ts';
import { open } from '../../platform/routing.ts';

/**
 * Starting checkouts from a template: `create-checkout-from-template` (any caller: a visitor's or member's token
 * makes the checkout theirs) and the shareable `create-and-redirect-to-checkout` link a browser follows.
 */
export const checkoutTemplateFlowRoutes: Module = (app, ctx) => {
  const { path, tags } = checkoutTemplate;
  app.post(
    `${path}/:checkoutTemplateId/create-checkout-from-template`,
    {
      config: open,
      schema: {
        tags,
        summary: 'Start a new checkout from a template',
        params: TemplateIdParams,
        body: FromTemplateRequest,
      },
    },
    async (request) =>
      checkoutFromTemplate(
        ctx,
        request.caller,
        await tokenOwner(ctx, request),
        request.params.checkoutTemplateId,
      ),
  );
  app.get(
    `${path}/:checkoutTemplateId/create-and-redirect-to-checkout`,
    {
      config: open,
      schema: {
        tags,
        summary: 'A shareable link: each visit starts a new checkout from the template and opens it',
        params: TemplateIdParams,
        querystring: FromTemplateRequest,
      },
    },
    async (request, reply) => {
      try {
        const { checkoutUrl } = await checkoutFromTemplate(
          ctx,
          request.caller,
          await tokenOwner(ctx, request),
          request.params.checkoutTemplateId,
        );
        return reply.header('cache-control', 'no-store').redirect(checkoutUrl, 302);
      } catch (error) {
        // A browser gets a page it can show; API clients the usual wire error.
        if (!(error instanceof AppError) || !request.headers.accept?.includes('text/html')) throw error;
        return errorPage(reply, error.status, 'This checkout link does not work', linkMessage(error.code));
      }
    },
  );
};

function linkMessage(code: string): string {
  switch (code) {
    case 'CHECKOUT_TEMPLATE_INACTIVE':
      return 'This checkout link is no longer active. Ask the store for a new link.';
    case 'CHECKOUT_TEMPLATE_NOT_FOUND':
      return 'This checkout link does not exist. Check the address or ask the store for a new link.';
    default:
      return 'We could not start a checkout from this link. Please try again later or contact the store.';
  }
}
