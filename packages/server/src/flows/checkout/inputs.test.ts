import { describe, expect, it } from 'vitest';
import type { CheckoutInfo } from '../../modules/checkout/model.ts';
import { checkoutInfoFromCart } from './from-cart.ts';
import { applyCheckoutInput } from './inputs.ts';
import { tipFee } from './pricing.ts';

const NY = { country: 'US', subdivision: 'US-NY' };
const CA = { country: 'US', subdivision: 'US-CA' };

describe('applyCheckoutInput', () => {
  const info: CheckoutInfo = {
    buyerNote: 'old',
    shippingInfo: { shippingDestination: { address: NY }, selectedCarrierServiceOption: { code: 'std' } },
  };

  it('without a mask writes what is given, shipping parts one by one', () => {
    const next = applyCheckoutInput(
      info,
      { shippingInfo: { selectedCarrierServiceOption: { code: 'exp' } } },
      undefined,
    );
    expect(next).toEqual({
      buyerNote: 'old',
      shippingInfo: { shippingDestination: { address: NY }, selectedCarrierServiceOption: { code: 'exp' } },
    });
    expect(info.shippingInfo?.selectedCarrierServiceOption?.code).toBe('std');
  });

  it('with a mask writes only what it names and clears what it names but the request leaves out', () => {
    const next = applyCheckoutInput(
      info,
      { buyerNote: 'ignored', shippingInfo: { shippingDestination: { address: CA } } },
      'checkout.shippingInfo.shippingDestination, buyerInfo',
    );
    expect(next).toEqual({
      buyerNote: 'old',
      shippingInfo: { shippingDestination: { address: CA }, selectedCarrierServiceOption: { code: 'std' } },
    });
    expect(applyCheckoutInput(info, {}, 'shippingInfo').shippingInfo).toEqual({});
    expect(applyCheckoutInput(info, {}, 'buyerNote')).not.toHaveProperty('buyerNote');
  });

  it('refuses fields that are not writable', () => {
    expect(() => applyCheckoutInput(info, {}, 'lineItems')).toThrow(/fieldMask|cannot be updated/);
    expect(() => applyCheckoutInput(info, {}, 'shippingInfo.region')).toThrow(/not a writable/);
  });
});

describe('checkoutInfoFromCart', () => {
  it('takes the cart info, the request wins for address, option and e-mail', () => {
    const info = checkoutInfoFromCart(
      {
        buyerNote: 'note',
        buyerInfo: { email: 'cart@example.com', contactId: 'c1' },
        contactInfo: { address: NY, contactDetails: { firstName: 'Ada' } },
        selectedShippingOption: { code: 'std' },
        businessLocationId: 'loc',
      },
      { shippingAddress: CA, email: 'req@example.com', billingAddress: NY },
      { visitorId: 'v1' },
    );
    expect(info).toEqual({
      buyerNote: 'note',
      buyerInfo: { contactId: 'c1', email: 'req@example.com' },
      shippingInfo: {
        shippingDestination: { address: CA, contactDetails: { firstName: 'Ada' } },
        selectedCarrierServiceOption: { code: 'std' },
      },
      billingInfo: { address: NY, contactDetails: { firstName: 'Ada' } },
      businessLocationId: 'loc',
      createdBy: { visitorId: 'v1' },
    });
    expect(checkoutInfoFromCart({}, {}, undefined)).toEqual({});
  });
});

describe('tipFee', () => {
  it('a fee for a tip that is not zero', () => {
    expect(tipFee('3.50')).toEqual({
      code: 'tip',
      name: 'Tip',
      translatedName: 'Tip',
      charge: { amount: '3.50' },
      source: 'MANUAL',
    });
    expect(tipFee('0.00')).toBeUndefined();
    expect(tipFee('0')).toBeUndefined();
  });
});
