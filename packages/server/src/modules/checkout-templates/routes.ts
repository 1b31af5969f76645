import type { Module } from '../../platform/app.ts';
import { entityRoutes } from '../../platform/entity-kit/index.ts';
import { BulkCreateTemplatesRequest } from './schemas.ts';
import { checkoutTemplate, checkoutTemplateService } from './templates.ts';
import { admin } from '../../platform/routing.ts';

/** Checkout templates, admin only: CRUD, query and bulk create. Checkouts from them: flows/checkout-templates. */
export const checkoutTemplateRoutes: Module = (app, ctx) => {
  entityRoutes(app, ctx, checkoutTemplate, checkoutTemplateService);
  app.post(
    '/v1/bulk/checkout-templates/create',
    {
      config: admin,
      schema: {
        tags: checkoutTemplate.tags,
        summary: 'Create checkout templates',
        body: BulkCreateTemplatesRequest,
      },
    },
    async (request) =>
      checkoutTemplateService.bulkCreate(
        ctx,
        request.body.checkoutTemplates,
        request.body.returnEntity ?? false,
      ),
  );
};
