import { AisleError, type Checkout } from '@aisle/sdk';
import { CouponField } from './coupon-field.tsx';
import { checkoutErrorMessage } from './view.ts';
import { couponMessage } from '../../resources/cart.ts';
import type { CheckoutWrite } from './api.ts';

// ---------------------------------------------------------------------------------------------------------
// Coupon
// ---------------------------------------------------------------------------------------------------------

export function CouponSection({ checkout, write }: { checkout: Checkout; write: CheckoutWrite }) {
  const coupon = checkout.appliedDiscounts?.find((d) => d.coupon)?.coupon;
  const locked = checkout.customSettings?.lockCouponCode === true;
  if (locked && !coupon) return null;
  return (
    <div className="summary-section checkout-coupon">
      <h3>Coupon</h3>
      <CouponField
        coupon={coupon}
        locked={locked}
        onApply={async (code) => {
          const next = await write((api) =>
            api.checkout.updateCheckout(checkout.id, {}, { couponCode: code }),
          );
          return next.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code;
        }}
        onRemove={async () => {
          await write((api) => api.checkout.removeCoupon(checkout.id));
        }}
        errorMessage={(err, code) =>
          (err instanceof AisleError && code
            ? couponMessage(err.code, code, err.data, checkout.currency)
            : undefined) ?? checkoutErrorMessage(err).message
        }
      />
    </div>
  );
}
