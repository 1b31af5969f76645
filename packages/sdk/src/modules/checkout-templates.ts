import { bulkCreateCall, type DeclaredSpec, declaredCalls } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type {
  CheckoutFromTemplate,
  CheckoutTemplate,
  CheckoutTemplateInput,
  CheckoutTemplateUpdate,
} from './checkout-template-types.ts';

export const CHECKOUT_TEMPLATES_PATH = '/ecom/v1/checkout-templates';

const SPEC: DeclaredSpec = { path: CHECKOUT_TEMPLATES_PATH, queryMethod: 'POST', paging: 'cursor' };

/**
 * Checkout templates: lines, a coupon and page settings from which any number of independent checkouts start
 * (admin; starting a checkout from a template is open to shoppers too). `queryCheckoutTemplates` is
 * cursor-paged (`POST /query`).
 */
export const checkoutTemplates = (http: Http) => ({
  ...declaredCalls<CheckoutTemplate, CheckoutTemplateInput, CheckoutTemplateUpdate>()(
    http,
    ['CheckoutTemplate', 'CheckoutTemplates'],
    SPEC,
  ).named,
  /** Each template on its own: a refused one fails only its item. */
  bulkCreateCheckoutTemplates: bulkCreateCall<CheckoutTemplate, CheckoutTemplateInput>(
    http,
    '/v1/bulk/checkout-templates/create',
    'checkoutTemplates',
  ),
  /**
   * A new checkout from the template. With a visitor's or member's token it is theirs; otherwise (an admin
   * key) `checkoutUrl` hands it to whoever opens it first. 400 CHECKOUT_TEMPLATE_INACTIVE for an inactive one.
   */
  createCheckoutFromTemplate: (
    checkoutTemplateId: string,
    options: { siteId?: string } = {},
  ): Promise<CheckoutFromTemplate> =>
    http.request<CheckoutFromTemplate>({
      method: 'POST',
      path: `${CHECKOUT_TEMPLATES_PATH}/{checkoutTemplateId}/create-checkout-from-template`,
      data: { checkoutTemplateId, ...(options.siteId ? { siteId: options.siteId } : {}) },
    }),
  /**
   * The shareable link: every visit starts a fresh checkout from the template and sends the browser to the
   * hosted checkout page. Built locally (no request).
   */
  checkoutLink: (checkoutTemplateId: string, baseUrl: string): string =>
    `${baseUrl.replace(/\/$/, '')}${CHECKOUT_TEMPLATES_PATH}/${encodeURIComponent(checkoutTemplateId)}/create-and-redirect-to-checkout`,
});

export type CheckoutTemplatesModule = ReturnType<typeof checkoutTemplates>;
