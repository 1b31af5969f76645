import { Type } from '@sinclair/typebox';
import { LineItemInput, MAX_LINES } from '../../modules/cart/schemas.ts';
import type { Module } from '../../platform/app.ts';
import { previewDiscountRules } from './preview.ts';
import { admin } from '../../platform/routing.ts';

/** Catalogue lines as a shopper adds them (no admin price overrides: the preview prices what shoppers pay). */
const PreviewLine = Type.Pick(LineItemInput, ['quantity', 'catalogReference']);

const PreviewRequest = Type.Object({
  lineItems: Type.Array(PreviewLine, { minItems: 1, maxItems: MAX_LINES }),
  memberId: Type.Optional(Type.String({ format: 'uuid' })),
});

/** The admin's preview of the discount rules on a hypothetical cart (flows/discount-rules/preview.ts). */
export const discountRulePreviewRoutes: Module = (app, ctx) => {
  app.post(
    '/ecom/v1/discount-rules/preview',
    {
      config: admin,
      schema: {
        tags: ['discount rules'],
        summary: 'Preview the discount rules on a hypothetical cart',
        body: PreviewRequest,
      },
    },
    async (request) => previewDiscountRules(ctx, request.body),
  );
};
