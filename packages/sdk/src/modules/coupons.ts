import type { ConversionSpec } from '../core/convert.ts';
import { entityCalls, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type { Coupon, CouponInput, CouponUpdate, UpdateOptions } from './settings-types.ts';

export const COUPONS_PATH = '/ecom/v1/coupons';

/** Conversions of a coupon, relative to it. */
export const COUPON_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', 'startTime', 'expirationTime'],
};

/** Coupon codes a shopper applies to the cart: percentage, fixed amount or free shipping (admin). */
export const coupons = (http: Http) => {
  const calls = entityCalls<Coupon, CouponInput, CouponUpdate>(http, {
    path: COUPONS_PATH,
    key: 'coupon',
    conversion: COUPON_CONVERSION,
  });
  return {
    /** 409 ALREADY_EXISTS when the code is taken (ignoring case). */
    createCoupon: (coupon: CouponInput): Promise<Coupon> => calls.create(coupon),
    getCoupon: (couponId: string): Promise<Coupon> => calls.get(couponId),
    updateCoupon: (couponId: string, coupon: CouponUpdate, options: UpdateOptions = {}): Promise<Coupon> =>
      calls.update(couponId, coupon, { fieldMask: joinFieldMask(options.fieldMask) }),
    deleteCoupon: (couponId: string): Promise<void> => calls.remove(couponId),
    /** Offset-paged; `.find()` sends GET* `/query` (POST fallback, same path). */
    queryCoupons: (): QueryBuilder<Coupon> =>
      new QueryBuilder<Coupon>(
        createFinder<Coupon>(http, {
          path: `${COUPONS_PATH}/query`,
          itemsKey: 'coupons',
          metadataKey: 'pagingMetadata',
          item: calls.fromWire,
        }),
        'offset',
      ),
  };
};

export type CouponsModule = ReturnType<typeof coupons>;
