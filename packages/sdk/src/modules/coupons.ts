import type { ConversionSpec } from '../core/convert.ts';
import { type DeclaredSpec, declaredCalls } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type { Coupon, CouponInput, CouponUpdate } from './settings-types.ts';

export const COUPONS_PATH = '/ecom/v1/coupons';

/** Conversions of a coupon, relative to it. */
export const COUPON_CONVERSION: ConversionSpec = {
  dates: ['createdDate', 'updatedDate', 'startTime', 'expirationTime'],
};

const SPEC: DeclaredSpec = { path: COUPONS_PATH, queryMethod: 'GET', conversion: COUPON_CONVERSION };

/**
 * Coupon codes a shopper applies to the cart: percentage, fixed amount or free shipping (admin). A taken code
 * (ignoring case) is 409 ALREADY_EXISTS; `queryCoupons` is offset-paged (GET* `/query`, POST fallback).
 */
export const coupons = (http: Http) =>
  declaredCalls<Coupon, CouponInput, CouponUpdate>()(http, ['Coupon', 'Coupons'], SPEC).named;

export type CouponsModule = ReturnType<typeof coupons>;
