import { randomUUID } from 'node:crypto';
import { loadOrderParts } from '../../modules/orders/parts.ts';
import { orderActionError, type OrderStatus } from '../../modules/orders/state.ts';
import type { Caller } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { TIP_FEE_CODE } from '../checkout/pricing.ts';
import { audienceOf } from './access.ts';
import { changeOrder, moneyOf, orderNotFound, ruleFailure, UUID } from './store.ts';
import { isRecord, type Json } from './json.ts';

/**
 * Tips on orders (wire/merchant-settings.md "Tips": `/order/{orderId}`, `/set`, `/remove`). A tip is the order's
 * additional fee with code `tip` (as checkout prices it); setting or removing one changes the order's
 * `additionalFees`, `priceSummary.totalAdditionalFees` and `total`, and its payment status follows.
 */

const feesOf = (data: Json): Json[] =>
  Array.isArray(data.additionalFees) ? data.additionalFees.filter(isRecord) : [];
const isTip = (fee: Json) => fee.code === TIP_FEE_CODE;
const amountOf = (price: unknown) =>
  isRecord(price) && typeof price.amount === 'string' ? price.amount : '0';

function tipToWire(orderId: string, data: Json, money: ReturnType<typeof moneyOf>) {
  const fee = feesOf(data).find(isTip);
  if (!fee) return undefined;
  const summary = isRecord(data.priceSummary) ? data.priceSummary : {};
  const amount = money.text(money.parse(amountOf(fee.price)));
  return {
    id: String(fee.id),
    amount,
    lineItemSubtotal: money.text(money.parse(amountOf(summary.subtotal))),
    undistributedAmount: amount,
    distributions: [],
    orderId,
  };
}

const tipNotFound = (orderId: string) =>
  notFound('TIP_NOT_FOUND', `Order ${orderId} has no tip`, { orderId });

/** `GET /order/{orderId}`: who may read the order may read its tip. */
export async function getOrderTip(
  ctx: AppContext,
  orderId: string,
  caller: Caller,
  token: string | undefined,
) {
  if (!UUID.test(orderId)) throw orderNotFound(orderId);
  const parts = await loadOrderParts(ctx.db, orderId);
  if (!parts || !(await audienceOf(ctx, parts.row, caller, token))) throw orderNotFound(orderId);
  const tip = tipToWire(parts.row.id, parts.row.data, moneyOf(parts));
  if (!tip) throw tipNotFound(orderId);
  return { tip };
}

/** Replaces the order's tip fee by `amount` (zero removes it) and moves the totals by the difference. */
async function changeTip(ctx: AppContext, orderId: string, amount: string | undefined) {
  return changeOrder(ctx, orderId, async (_tx, parts) => {
    const refused = orderActionError(parts.row.status as OrderStatus);
    if (refused) throw ruleFailure(refused, { orderId });
    const money = moneyOf(parts);
    const data = parts.row.data;
    const fees = feesOf(data);
    const current = fees.find(isTip);
    const before = current ? money.parse(amountOf(current.price)) : 0n;
    const after = amount === undefined ? 0n : money.parse(amount);
    if (!current && after === 0n) return { result: undefined, change: { none: true } };
    const price = money.price(after);
    const fee: Json | undefined =
      after === 0n
        ? undefined
        : {
            ...(current ?? {}),
            id: current?.id ?? randomUUID(),
            code: TIP_FEE_CODE,
            name: 'Tip',
            translatedName: 'Tip',
            price,
            priceBeforeTax: price,
            priceAfterTax: price,
            source: 'MANUAL',
          };
    const nextFees = fees.filter((f) => !isTip(f));
    if (fee) nextFees.push(fee);
    const summary = isRecord(data.priceSummary) ? data.priceSummary : {};
    const total = money.parse(parts.row.total) - before + after;
    const feesTotal = money.parse(amountOf(summary.totalAdditionalFees)) - before + after;
    return {
      result: fee,
      change: {
        set: {
          total: money.text(total),
          data: {
            ...data,
            additionalFees: nextFees,
            priceSummary: {
              ...summary,
              totalAdditionalFees: money.price(feesTotal),
              total: money.price(total),
            },
          },
        },
        paymentsChanged: true,
      },
    };
  });
}

export async function setOrderTip(ctx: AppContext, orderId: string, amount: string) {
  const { parts, result } = await changeTip(ctx, orderId, amount);
  const money = moneyOf(parts);
  return {
    ...(result ? { tip: tipToWire(parts.row.id, parts.row.data, money) } : {}),
    orderInfo: {
      orderId: parts.row.id,
      ...(result
        ? { additionalFeeId: String(result.id), additionalFeePrice: money.text(money.parse(amount)) }
        : {}),
    },
  };
}

export async function removeOrderTip(ctx: AppContext, orderId: string) {
  const { parts } = await changeTip(ctx, orderId, undefined);
  return { orderInfo: { orderId: parts.row.id } };
}
