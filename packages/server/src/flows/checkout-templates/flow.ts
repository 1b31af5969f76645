import { randomUUID } from 'node:crypto';
import type { CartOwner } from '../../modules/cart/service.ts';
import type { CreatedBy } from '../../modules/checkout/model.ts';
import type { CreateCheckoutRequest } from '../../modules/checkout/schemas.ts';
import {
  type CheckoutTemplateRow,
  checkoutTemplateService,
  templateInactive,
} from '../../modules/checkout-templates/templates.ts';
import { targetOf } from '../../modules/redirects/intents.ts';
import { saveSession } from '../../modules/redirects/service.ts';
import type { Caller } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { createCheckout } from '../checkout/flow.ts';

/**
 * Checkouts started from a checkout template (docs/CHECKOUT.md "Checkout templates"). Each call makes a new,
 * independent checkout with the template's lines, coupon and page customization, remembers the template
 * (`checkoutTemplateId`), and records `checkout_template.used` in the checkout's own statement.
 *
 * Who owns the checkout: the visitor or member whose token came with the call. Without one (an admin key, or a
 * browser following the shareable link) the checkout belongs to a new visitor, and its URL is a redirect
 * session for it: the hosted checkout page that opens it first is bound to it (flows/checkout/access.ts), so
 * the link works for whoever opens it and the checkout stays theirs alone.
 */

export interface FromTemplate {
  checkoutId: string;
  checkoutUrl: string;
  purchaseFlowId: string;
}

/** The create-checkout request a template stands for. */
export function checkoutRequestOf(template: CheckoutTemplateRow): CreateCheckoutRequest {
  const c = template.customization;
  const customSettings = {
    ...(c.lockedGiftCard ? { lockGiftCard: true } : {}),
    ...(c.lockedCoupon ? { lockCouponCode: true } : {}),
    ...(c.webClient?.disabledPolicyAgreementCheckbox ? { disabledPolicyAgreementCheckbox: true } : {}),
    ...(c.disabledManualPayment ? { disabledManualPayment: true } : {}),
    ...(c.webClient?.disabledContinueShoppingButton ? { disabledContinueShoppingButton: true } : {}),
  };
  return {
    ...(template.lineItems.length ? { lineItems: template.lineItems } : {}),
    ...(template.customLineItems.length ? { customLineItems: template.customLineItems } : {}),
    ...(template.couponCode ? { couponCode: template.couponCode } : {}),
    channelType: 'WEB',
    checkoutInfo: {
      ...(Object.keys(customSettings).length ? { customSettings } : {}),
      ...(template.customContentReference ? { customContentReference: template.customContentReference } : {}),
      ...(template.externalReference ? { externalReference: template.externalReference } : {}),
    },
  };
}

export async function checkoutFromTemplate(
  ctx: AppContext,
  caller: Caller,
  tokenOwner: CartOwner | undefined,
  templateId: string,
): Promise<FromTemplate> {
  const template = await checkoutTemplateService.row(ctx.db, templateId);
  if (template.status !== 'ACTIVE') throw templateInactive(templateId);
  const owner: CartOwner = tokenOwner ?? { visitorId: randomUUID() };
  const createdBy: CreatedBy =
    caller.kind === 'admin'
      ? { userId: caller.staffId ?? caller.keyId ?? '' }
      : owner.memberId
        ? { memberId: owner.memberId }
        : { visitorId: owner.visitorId! };
  // The template was written by the merchant: its custom lines, overrides and page settings are the merchant's.
  const checkout = await createCheckout(ctx, { owner, admin: true, createdBy }, checkoutRequestOf(template), {
    info: { checkoutTemplateId: template.id },
    events: (checkoutId) => [
      {
        entity: 'checkout_template',
        entityId: template.id,
        type: 'used',
        payload: { checkoutTemplateId: template.id, checkoutId },
      },
    ],
  });
  const checkoutUrl = tokenOwner
    ? `${ctx.config.publicUrl}/checkout/${checkout.id}`
    : (
        await saveSession(
          ctx,
          targetOf(ctx.config.publicUrl, { ecomCheckout: { checkoutId: checkout.id } }),
          {},
          { callerKind: 'visitor', visitorId: owner.visitorId },
        )
      ).fullUrl;
  return { checkoutId: checkout.id, checkoutUrl, purchaseFlowId: checkout.purchaseFlowId };
}
