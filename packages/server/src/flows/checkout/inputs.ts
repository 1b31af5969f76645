import type { CheckoutInfo } from '../../modules/checkout/model.ts';
import type { CheckoutInput } from '../../modules/checkout/schemas.ts';
import { maskedFields } from '../../platform/entity-kit/support.ts';
import { invalid } from '../../platform/errors.ts';

/** The writable checkout fields of a create or update request → the checkout's stored info. Pure. */

const WRITABLE = [
  'billingInfo',
  'shippingInfo',
  'buyerNote',
  'buyerInfo',
  'buyerLanguage',
  'customFields',
  'membershipOptions',
  'customSettings',
  'customContentReference',
  'externalReference',
  'extendedFields',
  'businessLocationId',
  'taxExemptGroupId',
] as const;

const SHIPPING_PARTS = ['shippingDestination', 'selectedCarrierServiceOption'] as const;

/**
 * `checkout` applied per `fieldMask` (top-level fields; `shippingInfo.<part>` names one part of it), or every
 * field given when there is no mask. A field the mask names but the request leaves out is cleared.
 */
export function applyCheckoutInput(
  info: CheckoutInfo,
  input: CheckoutInput | undefined,
  fieldMask: string | undefined,
): CheckoutInfo {
  const given = (input ?? {}) as Record<string, unknown>;
  const next = structuredClone(info) as Record<string, unknown>;
  const masked = fieldMask?.trim()
    ? fieldMask.split(',').map((s) => s.trim().replace(/^checkout\./, ''))
    : [];
  for (const field of maskedFields(given, fieldMask, WRITABLE, 'checkout')) {
    if (field !== 'shippingInfo') {
      if (given[field] === undefined) delete next[field];
      else next[field] = given[field];
      continue;
    }
    const from = (given.shippingInfo ?? {}) as Record<string, unknown>;
    const to = { ...((next.shippingInfo as Record<string, unknown> | undefined) ?? {}) };
    const named = masked.filter((p) => p.startsWith('shippingInfo.')).map((p) => p.split('.')[1]!);
    const parts = masked.includes('shippingInfo') || !masked.length ? SHIPPING_PARTS : named;
    for (const part of parts) {
      if (!(SHIPPING_PARTS as readonly string[]).includes(part))
        throw invalid('fieldMask', `"shippingInfo.${part}" is not a writable checkout field`);
      // Without a mask only the parts given change.
      if (from[part] !== undefined) to[part] = from[part];
      else if (masked.length) delete to[part];
    }
    next.shippingInfo = to;
  }
  return next as CheckoutInfo;
}
