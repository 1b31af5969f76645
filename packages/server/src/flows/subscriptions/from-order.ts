import type { ContractSettings, SavedPaymentMethod } from '../../modules/subscriptions/tables.ts';
import { addPeriod, subscriptionSettingsOf } from '../checkout/subscriptions.ts';
import { isRecord, type Json } from '../orders/json.ts';

/**
 * The contracts an order makes (pure): one per line with `subscriptionInfo`, numbered into the line
 * (`subscriptionInfo.id`). Cycle 1 is the order itself, unless the plan starts with a free trial: then cycle 1
 * is charged when the trial ends. A contract of one cycle is ENDED at once.
 */

export interface NewContract {
  id: string;
  memberId: string;
  orderId: string;
  lineItemId: string;
  productId: string | null;
  subscriptionOptionId: string | null;
  status: 'ACTIVE' | 'ENDED';
  title: string;
  description: string | null;
  settings: ContractSettings;
  data: Record<string, unknown>;
  activities: Array<Record<string, unknown>>;
  currency: string;
  unitPrice: string;
  quantity: number;
  billedCycles: number;
  nextChargeDate: Date | null;
  paymentMethod: SavedPaymentMethod | null;
  createdDate: Date;
  updatedDate: Date;
}

/** When cycle `cycle` (1-based) of a contract that started at `start` is due. */
export function cycleDate(settings: ContractSettings, cycle: number): Date {
  const start = new Date(settings.startDate);
  const trial = settings.freeTrialPeriod;
  const first = trial ? addPeriod(start, trial.frequency, trial.interval) : start;
  return addPeriod(first, settings.frequency, settings.interval * (cycle - 1));
}

/** The next charge after `billed` cycles, or null when the plan's cycles are all billed. */
export function nextCharge(settings: ContractSettings, billed: number): Date | null {
  if (settings.billingCycles !== undefined && billed >= settings.billingCycles) return null;
  return cycleDate(settings, billed + 1);
}

export function contractsFromOrder(input: {
  orderId: string;
  memberId: string;
  data: Json;
  currency: string;
  /** The per-unit price of a cycle of each subscription line (by line id). */
  cyclePrices: ReadonlyMap<string, string>;
  paymentMethod: SavedPaymentMethod | null;
  now: Date;
  newId: () => string;
}): NewContract[] {
  const { data, now } = input;
  const lines = Array.isArray(data.lineItems) ? (data.lineItems as Json[]) : [];
  const out: NewContract[] = [];
  for (const line of lines) {
    const info = isRecord(line.subscriptionInfo) ? (line.subscriptionInfo as Json) : undefined;
    const parsed = info ? subscriptionSettingsOf(info) : undefined;
    if (!info || !parsed) continue;
    const raw = info.subscriptionSettings as Json;
    const requested = parsed.startDate ? new Date(parsed.startDate) : now;
    const start = requested > now ? requested : now;
    const settings: ContractSettings = {
      frequency: parsed.frequency,
      interval: parsed.interval ?? 1,
      autoRenewal: parsed.billingCycles === undefined,
      ...(parsed.billingCycles !== undefined ? { billingCycles: parsed.billingCycles } : {}),
      enableCustomerCancellation: raw.enableCustomerCancellation !== false,
      ...(parsed.freeTrialPeriod
        ? {
            freeTrialPeriod: {
              frequency: parsed.freeTrialPeriod.frequency,
              interval: parsed.freeTrialPeriod.interval ?? 1,
            },
          }
        : {}),
      startDate: start.toISOString(),
    };
    const id = input.newId();
    info.id = id;
    info.subscriptionSettings = { ...raw, startDate: settings.startDate };
    const billed = settings.freeTrialPeriod ? 0 : 1;
    const next = nextCharge(settings, billed);
    const ref = isRecord(line.catalogReference) ? (line.catalogReference as Json) : undefined;
    const options = ref && isRecord(ref.options) ? (ref.options as Json) : undefined;
    const price = line.price as { amount: string } | undefined;
    const lineId = String(line.id);
    out.push({
      id,
      memberId: input.memberId,
      orderId: input.orderId,
      lineItemId: lineId,
      productId: typeof ref?.catalogItemId === 'string' ? ref.catalogItemId : null,
      subscriptionOptionId:
        typeof options?.subscriptionOptionId === 'string' ? options.subscriptionOptionId : null,
      status: next ? 'ACTIVE' : 'ENDED',
      title: typeof info.subscriptionOptionTitle === 'string' ? info.subscriptionOptionTitle : 'Subscription',
      description:
        typeof info.subscriptionOptionDescription === 'string' ? info.subscriptionOptionDescription : null,
      settings,
      data: {
        lineItems: [line],
        buyerInfo: data.buyerInfo,
        priceSummary: {
          subtotal: line.lineItemPrice,
          shipping: { amount: '0.00', formattedAmount: '' },
          tax: (line.taxDetails as Json | undefined)?.totalTax,
          discount: line.totalDiscount,
          total: line.totalPriceAfterTax,
        },
        ...(data.billingInfo ? { billingInfo: data.billingInfo } : {}),
        ...(data.shippingInfo ? { shippingInfo: data.shippingInfo } : {}),
        ...(data.recipientInfo ? { recipientInfo: data.recipientInfo } : {}),
        appliedDiscounts: [],
        channelInfo: data.channelInfo,
        customFields: data.customFields ?? [],
        additionalFees: [],
      },
      activities: [
        {
          id: input.newId(),
          type: 'SUBSCRIPTION_CREATED',
          createdDate: now.toISOString(),
          orderId: input.orderId,
        },
      ],
      currency: input.currency,
      unitPrice: input.cyclePrices.get(lineId) ?? price?.amount ?? '0',
      quantity: Number(line.quantity ?? 1),
      billedCycles: billed,
      nextChargeDate: next,
      paymentMethod: input.paymentMethod,
      createdDate: now,
      updatedDate: now,
    });
  }
  return out;
}
