import { percentOf } from '../../platform/money.ts';
import { type Currency, currencyOf } from './currency.ts';
import {
  type Applied,
  applyCoupon,
  applyDiscountRules,
  applyMerchantDiscounts,
  checkCoupon,
  instant,
} from './discounts.ts';
import { isShippable, isUnavailable, least, type PricedLine, priceLines, remaining } from './lines.ts';
import {
  chooseOption,
  matchDeliveryRegion,
  type OfferedOption,
  offeredOptions,
  shipmentTotals,
} from './shipping.ts';
import type {
  Address,
  DeliveryRegion,
  LineItemSnapshot,
  PaymentOption,
  PricingSnapshot,
  ShippingOptionSnapshot,
  TaxableAddressType,
  TaxRegion,
} from './snapshot.ts';
import { matchTaxRegion, noTaxDetails, type TaxResult, type TaxSource, taxDetails, taxOf } from './tax.ts';
import type {
  AdditionalFee,
  ApplicationError,
  AppliedDiscount,
  CalculatedLineItem,
  CalculationError,
  CalculationErrors,
  CarrierServiceOption,
  Logistics,
  MembershipOptions,
  PriceSummary,
  SelectedOptionPrices,
  ShippingInfo,
  TaxSummary,
  Totals,
  Violation,
} from './totals.ts';
import { lineViolations, minimumOrderViolation } from './violations.ts';

/**
 * The totals of a cart or checkout, from a snapshot: pure and deterministic (the clock is `snapshot.now`).
 * Stacking order: product discount (in the catalogue price) → automatic discount rules → coupon → merchant
 * discounts → shipping → tax on the discounted amounts → additional fees. A failing part (shipping, tax, coupon,
 * discounts, memberships, a fee) leaves its slot in `calculationErrors` and the rest of the estimate stands.
 * See README.md.
 */
export function estimateTotals(snapshot: PricingSnapshot): Totals {
  const { store } = snapshot;
  const currency = currencyOf(store.currency, store.locale);
  const now = instant(snapshot.now, 'now');
  const errors: CalculationErrors = {};

  // Lines a selected membership pays for are priced at 0 (their `fullPrice` still says what they cost).
  const memberships = part<Memberships>(
    () => resolveMemberships(snapshot),
    (error) => {
      errors.membershipError = error;
    },
    () => ({ options: membershipOptions(snapshot, []), covered: new Set<string>() }),
  );
  if (memberships.error) errors.membershipError = { applicationError: memberships.error };
  const lines = priceLines(
    snapshot.lineItems.map((item) => (memberships.covered.has(item.id) ? paidByMembership(item) : item)),
    currency,
  );

  // Discounts on items, in stacking order; a failing stage is undone as a whole.
  const applied: Applied[] = [];
  guarded(
    lines,
    () =>
      applied.push(
        ...applyDiscountRules(snapshot.discountRules ?? [], lines, now, currency, {
          customer: snapshot.customer,
        }),
      ),
    (error) => {
      errors.discountsCalculationError = error;
    },
  );
  let freeShipping: Applied | undefined;
  if (snapshot.coupon) {
    const coupon = snapshot.coupon;
    guarded(
      lines,
      () => {
        const check = checkCoupon(coupon, lines, now, currency);
        if ('error' in check) {
          errors.couponCalculationError = { applicationError: check.error };
          return;
        }
        const result = applyCoupon(check.definition, check.inScope, currency);
        applied.push(result.applied);
        if (result.freeShipping) freeShipping = result.applied;
      },
      (error) => {
        errors.couponCalculationError = error;
      },
    );
  }
  guarded(
    lines,
    () => applied.push(...applyMerchantDiscounts(snapshot.merchantDiscounts ?? [], lines, currency)),
    (error) => {
      errors.discountsCalculationError ??= error;
    },
  );

  // Shipping, on the amounts after item discounts.
  const shipping = part(
    () => shippingFor(snapshot, lines, currency, errors),
    (error) => {
      errors.generalShippingCalculationError = error;
    },
    (): ShippingOutcome => ({ offered: [] }),
  );
  const chosen = shipping.choice?.chosen;
  const shippingDiscount = freeShipping && chosen ? chosen.price : 0n;
  if (freeShipping) freeShipping.amount = shippingDiscount;
  const destination = chosen?.option.pickup?.address ?? snapshot.shippingAddress;

  // Tax, on the discounted amounts.
  const taxes = part(
    () => taxesFor(snapshot, lines, chosen, shippingDiscount, destination),
    (error) => {
      errors.taxCalculationError = error;
    },
    () => untaxed(snapshot, lines, chosen, shippingDiscount),
  );

  // Additional fees, after tax and untaxed.
  const fees = feesFor(snapshot, lines, currency, errors);

  // Summaries.
  const summary = sums();
  const buckets = { now: sums(), later: sums() };
  let anyNow = false;
  let anyLater = false;
  const calculatedLineItems: CalculatedLineItem[] = lines.map((line, index) => {
    const tax = taxes.lines[index]!;
    const amount = remaining(line);
    const before = tax.included ? amount - tax.tax : amount;
    const after = tax.included ? amount : amount + tax.tax;
    const addedTax = tax.included ? 0n : tax.tax;
    const paymentOption: PaymentOption = memberships.covered.has(line.item.id)
      ? 'MEMBERSHIP'
      : (line.item.paymentOption ?? 'FULL_PAYMENT_ONLINE');
    const whole = {
      subtotal: line.lineItemPrice,
      discount: line.discount,
      tax: tax.tax,
      addedTax,
    };
    addTo(summary, whole);
    let deposit: bigint | undefined;
    switch (paymentOption) {
      case 'FULL_PAYMENT_ONLINE':
        addTo(buckets.now, whole);
        anyNow = true;
        break;
      case 'DEPOSIT_ONLINE': {
        // The deposit is capped at the line's amount after discounts (before added tax); no deposit = all now.
        const full = line.unitDeposit === undefined ? amount : line.unitDeposit * line.quantity;
        deposit = least(full, amount);
        addTo(buckets.now, { subtotal: deposit });
        addTo(buckets.later, { ...whole, subtotal: line.lineItemPrice - deposit });
        anyNow = true;
        anyLater = true;
        break;
      }
      case 'MEMBERSHIP':
        // Paid by the membership: neither now nor later.
        break;
      default:
        addTo(buckets.later, whole);
        anyLater = true;
    }
    const pricesBreakdown: CalculatedLineItem['pricesBreakdown'] = {
      totalPriceAfterTax: currency.mcp(after),
      totalPriceBeforeTax: currency.mcp(before),
      taxDetails: tax.taxed ? taxDetails(tax, currency) : noTaxDetails(currency),
      totalDiscount: currency.mcp(line.discount),
      price: currency.mcp(line.unitPrice),
      priceBeforeDiscounts: currency.mcp(line.unitPrice),
      lineItemPrice: currency.mcp(line.lineItemPrice),
      fullPrice: currency.mcp(line.unitFullPrice),
    };
    if (deposit !== undefined) pricesBreakdown.depositAmount = currency.mcp(deposit);
    return {
      lineItemId: line.item.id,
      pricesBreakdown,
      paymentOption,
      taxableAddress: { addressType: taxableAddressOf(line.item, snapshot) },
    };
  });

  // Shipping and fees are paid with the online part, or later when nothing is paid online.
  const rest = anyNow || !anyLater ? buckets.now : buckets.later;
  const shippingPart = {
    shipping: chosen ? chosen.total : 0n,
    discount: shippingDiscount,
    tax: taxes.shipping.tax + taxes.charges.reduce((a, c) => a + c.tax, 0n),
    addedTax: [taxes.shipping, ...taxes.charges].reduce((a, t) => a + (t.included ? 0n : t.tax), 0n),
    fees: fees.reduce((a, f) => a + f.price, 0n),
  };
  addTo(summary, shippingPart);
  addTo(rest, shippingPart);

  const violations: Violation[] = lineViolations(snapshot.lineItems);
  const minimum = minimumOrderViolation(
    store.minimumOrderSubtotal,
    lines.reduce((a, l) => a + remaining(l), 0n),
    currency,
  );
  if (minimum) violations.push(minimum);

  return {
    calculatedLineItems,
    priceSummary: summaryOf(summary, currency),
    payNow: summaryOf(buckets.now, currency),
    payLater: summaryOf(buckets.later, currency),
    taxSummary: taxSummaryOf(snapshot, taxes, currency),
    shippingInfo: shippingInfoOf(shipping, shippingDiscount, taxes, currency),
    appliedDiscounts: applied.map((a) => appliedDiscountOf(a, currency)),
    calculationErrors: errors,
    violations,
    membershipOptions: memberships.options,
    additionalFees: fees.map((f) => f.wire),
    weightUnit: store.weightUnit,
    currency: currency.code,
  };
}

// ---- Parts and their errors ----

function systemError(error: unknown): CalculationError {
  return {
    systemError: { errorCode: 'CALCULATION_FAILED' },
    tracing: { message: error instanceof Error ? error.message : String(error) },
  };
}

function applicationError(
  code: string,
  description: string,
  data?: Record<string, unknown>,
): CalculationError {
  return { applicationError: { code, description, ...(data ? { data } : {}) } };
}

/** Runs one part; when it throws, its error goes to its slot and `fallback()` stands in for its result. */
function part<T>(run: () => T, report: (error: CalculationError) => void, fallback: () => T): T {
  try {
    return run();
  } catch (error) {
    report(systemError(error));
    return fallback();
  }
}

/** A discount stage: when it throws, the lines' discounts are put back as they were before it. */
function guarded(lines: PricedLine[], run: () => void, report: (error: CalculationError) => void): void {
  const before = lines.map((l) => l.discount);
  try {
    run();
  } catch (error) {
    lines.forEach((line, index) => {
      line.discount = before[index]!;
    });
    report(systemError(error));
  }
}

// ---- Memberships ----

function membershipOptions(
  snapshot: PricingSnapshot,
  selected: MembershipOptions['selectedMemberships']['memberships'],
): MembershipOptions {
  return {
    eligibleMemberships: snapshot.memberships?.eligible ?? [],
    invalidMemberships: snapshot.memberships?.invalid ?? [],
    selectedMemberships: { memberships: selected },
  };
}

/** A selection counts when it names an eligible membership and only lines that membership covers. */
interface Memberships {
  options: MembershipOptions;
  /** Lines paid by a selected membership. */
  covered: Set<string>;
  error?: ApplicationError;
}

/** A line a membership pays for: nothing to pay, its full price kept. */
function paidByMembership(item: LineItemSnapshot): LineItemSnapshot {
  const { depositAmount: _deposit, ...rest } = item;
  return { ...rest, price: '0', fullPrice: item.fullPrice ?? item.price };
}

function resolveMemberships(snapshot: PricingSnapshot): Memberships {
  const eligible = snapshot.memberships?.eligible ?? [];
  const accepted: MembershipOptions['selectedMemberships']['memberships'] = [];
  const covered = new Set<string>();
  let error: ApplicationError | undefined;
  for (const selection of snapshot.memberships?.selected ?? []) {
    const membership = eligible.find((m) => m.id === selection.id && m.appId === selection.appId);
    const fits =
      membership !== undefined &&
      selection.lineItemIds.every(
        (id) =>
          membership.lineItemIds.includes(id) &&
          snapshot.lineItems.some((item) => item.id === id && !isUnavailable(item)),
      );
    if (!fits) {
      error ??= {
        code: 'MEMBERSHIP_NOT_ELIGIBLE',
        description: `Membership "${selection.id}" cannot pay for the selected items.`,
        data: { membershipId: selection.id, appId: selection.appId },
      };
      continue;
    }
    accepted.push({ id: selection.id, appId: selection.appId, lineItemIds: [...selection.lineItemIds] });
    for (const id of selection.lineItemIds) covered.add(id);
  }
  return { options: membershipOptions(snapshot, accepted), covered, ...(error ? { error } : {}) };
}

// ---- Shipping ----

interface ShippingOutcome {
  region?: DeliveryRegion;
  offered: OfferedOption[];
  choice?: { chosen: OfferedOption; requested: boolean };
}

function shippingFor(
  snapshot: PricingSnapshot,
  lines: PricedLine[],
  currency: Currency,
  errors: CalculationErrors,
): ShippingOutcome {
  if (snapshot.calculateShipping === false || !lines.some((l) => isShippable(l.item))) return { offered: [] };
  const address = snapshot.shippingAddress;
  if (!address?.country) {
    errors.generalShippingCalculationError = applicationError(
      'MISSING_SHIPPING_ADDRESS',
      'A shipping address with a country is needed to calculate shipping.',
    );
    return { offered: [] };
  }
  const region = matchDeliveryRegion(snapshot.shipping?.regions ?? [], address);
  const offered = region
    ? offeredOptions(snapshot.shipping?.options ?? [], region, shipmentTotals(lines), currency)
    : [];
  if (offered.length === 0) {
    errors.generalShippingCalculationError = applicationError(
      'NO_SHIPPING_OPTIONS',
      'No shipping options are available for this address.',
      { country: address.country, ...(address.subdivision ? { subdivision: address.subdivision } : {}) },
    );
    return region ? { region, offered } : { offered };
  }
  const choice = chooseOption(offered, snapshot.selectedShippingOption);
  const requested = snapshot.selectedShippingOption;
  if (requested && choice && !choice.requested) {
    errors.selectedShippingOptionError = applicationError(
      'SELECTED_SHIPPING_OPTION_NOT_AVAILABLE',
      'The selected shipping option is not available for this cart and address; the cheapest one was chosen.',
      { carrierId: requested.carrierId, code: requested.code },
    );
  }
  return { ...(region ? { region } : {}), offered, ...(choice ? { choice } : {}) };
}

// Output objects are built field by field in wire order: conditional spreads (`...(x ? {x} : {})`) are slow.
function logisticsOf(option: ShippingOptionSnapshot): Logistics {
  const logistics: Logistics = {};
  if (option.estimatedDeliveryTime !== undefined) logistics.deliveryTime = option.estimatedDeliveryTime;
  if (option.instructions !== undefined) logistics.instructions = option.instructions;
  if (option.deliveryTimeSlot) logistics.deliveryTimeSlot = { ...option.deliveryTimeSlot };
  if (option.pickup) {
    const { address, pickupMethod, businessLocation } = option.pickup;
    logistics.pickupDetails =
      businessLocation !== undefined
        ? { address, pickupMethod, businessLocation }
        : { address, pickupMethod };
  }
  return logistics;
}

function selectedPrices(
  price: bigint,
  discount: bigint,
  tax: TaxResult,
  currency: Currency,
): SelectedOptionPrices {
  const amount = price - discount;
  return {
    price: currency.mcp(price),
    totalPriceBeforeTax: currency.mcp(tax.included ? amount - tax.tax : amount),
    totalPriceAfterTax: currency.mcp(tax.included ? amount : amount + tax.tax),
    totalDiscount: currency.mcp(discount),
    taxDetails: tax.taxed ? taxDetails(tax, currency) : noTaxDetails(currency),
  };
}

function shippingInfoOf(
  shipping: ShippingOutcome,
  shippingDiscount: bigint,
  taxes: Taxes,
  currency: Currency,
): ShippingInfo {
  const carriers: CarrierServiceOption[] = [];
  for (const offered of shipping.offered) {
    let carrier = carriers.find((c) => c.carrierId === offered.option.carrierId);
    if (!carrier) {
      carrier = { carrierId: offered.option.carrierId, shippingOptions: [] };
      carriers.push(carrier);
    }
    carrier.shippingOptions.push({
      code: offered.option.code,
      title: offered.option.title,
      logistics: logisticsOf(offered.option),
      cost: {
        price: currency.mcp(offered.price),
        otherCharges: offered.charges.map((c) => ({ type: c.type, price: currency.mcp(c.price) })),
      },
      partial: false,
    });
  }
  const choice = shipping.choice;
  let selected: ShippingInfo['selectedCarrierServiceOption'];
  if (choice) {
    const { option } = choice.chosen;
    selected = {
      code: option.code,
      title: option.title,
      carrierId: option.carrierId,
      logistics: logisticsOf(option),
      cost: selectedPrices(choice.chosen.price, shippingDiscount, taxes.shipping, currency),
      otherCharges: choice.chosen.charges.map((charge, index) => {
        const cost = selectedPrices(charge.price, 0n, taxes.charges[index]!, currency);
        return charge.details !== undefined
          ? { type: charge.type, details: charge.details, cost }
          : { type: charge.type, cost };
      }),
      requestedShippingOption: choice.requested,
      partial: false,
    };
  }
  const info = {} as ShippingInfo;
  if (shipping.region) info.region = { id: shipping.region.id, name: shipping.region.name };
  if (selected) info.selectedCarrierServiceOption = selected;
  info.carrierServiceOptions = carriers;
  return info;
}

// ---- Tax ----

interface Taxes {
  lines: TaxResult[];
  shipping: TaxResult;
  charges: TaxResult[];
  calculated: boolean;
}

function untaxedResult(amount: bigint, included: boolean): TaxResult {
  return { taxed: false, included, tax: 0n, net: amount, rate: { units: 0n, scale: 0 }, jurisdictions: [] };
}

/** When the tax part fails: no tax anywhere, prices read as the store setting says. */
function untaxed(
  snapshot: PricingSnapshot,
  lines: PricedLine[],
  chosen: OfferedOption | undefined,
  shippingDiscount: bigint,
): Taxes {
  const included = snapshot.store.taxIncludedInPrices;
  return {
    lines: lines.map((l) => untaxedResult(remaining(l), included)),
    shipping: untaxedResult(chosen ? chosen.price - shippingDiscount : 0n, included),
    charges: (chosen?.charges ?? []).map((c) => untaxedResult(c.price, included)),
    calculated: false,
  };
}

/** The line's own taxable address, else the store's default, else SHIPPING. */
const taxableAddressOf = (item: LineItemSnapshot, snapshot: PricingSnapshot): TaxableAddressType =>
  item.taxableAddressType ?? snapshot.store.defaultTaxableAddressType ?? 'SHIPPING';

function taxAddress(
  type: TaxableAddressType,
  snapshot: PricingSnapshot,
  destination: Address | undefined,
): Address | undefined {
  switch (type) {
    case 'BUSINESS':
      return snapshot.store.businessAddress;
    case 'BILLING':
      return snapshot.billingAddress ?? destination;
    case 'SHIPPING':
      return destination ?? snapshot.billingAddress;
  }
}

function taxesFor(
  snapshot: PricingSnapshot,
  lines: PricedLine[],
  chosen: OfferedOption | undefined,
  shippingDiscount: bigint,
  destination: Address | undefined,
): Taxes {
  const settings = snapshot.tax;
  const enabled = snapshot.calculateTax !== false;
  const included = snapshot.store.taxIncludedInPrices;
  const auto = settings?.autoTax && 'ok' in settings.autoTax ? settings.autoTax.ok : undefined;
  // Every entry is taxed in the region of one of at most three addresses: match each once.
  const regions = new Map<Address | undefined, TaxRegion | undefined>();
  const regionOf = (address: Address | undefined) => {
    if (!settings) return undefined;
    if (!regions.has(address)) regions.set(address, matchTaxRegion(settings.regions, address));
    return regions.get(address);
  };
  const lineTaxes = lines.map((line) => {
    const address = taxAddress(taxableAddressOf(line.item, snapshot), snapshot, destination);
    return taxOf(
      {
        amount: remaining(line),
        address,
        // Gift cards are stored value, not a taxable sale.
        taxGroupId:
          line.item.itemType === 'GIFT_CARD'
            ? undefined
            : (line.item.taxGroupId ?? settings?.defaultTaxGroupId),
        autoRates: auto?.lineItems[line.item.id],
      },
      settings,
      enabled,
      included,
      regionOf(address),
    );
  });
  const shippingGroup = chosen?.option.taxGroupId ?? settings?.shippingTaxGroupId;
  const shippingEntry = (amount: bigint) =>
    taxOf(
      { amount, address: destination, taxGroupId: shippingGroup, autoRates: auto?.shipping },
      settings,
      enabled,
      included,
      regionOf(destination),
    );
  return {
    lines: lineTaxes,
    shipping: chosen ? shippingEntry(chosen.price - shippingDiscount) : untaxedResult(0n, included),
    charges: (chosen?.charges ?? []).map((c) => shippingEntry(c.price)),
    calculated: enabled,
  };
}

function taxSummaryOf(snapshot: PricingSnapshot, taxes: Taxes, currency: Currency): TaxSummary {
  let taxable = 0n;
  let total = 0n;
  let anyTaxed = false;
  const sources = new Set<TaxSource>();
  for (const list of [taxes.lines, [taxes.shipping], taxes.charges])
    for (const t of list) {
      total += t.tax;
      if (!t.taxed) continue;
      anyTaxed = true;
      taxable += t.net;
      if (t.source) sources.add(t.source);
    }
  const taxableAmount = currency.mcp(taxable);
  const totalTax = currency.mcp(total);
  const summary = (calculationDetails: TaxSummary['calculationDetails']): TaxSummary => ({
    taxableAmount,
    totalTax,
    calculationDetails,
  });
  if (!taxes.calculated || !anyTaxed) return summary({ rateType: 'NO_TAX_COLLECTED' });
  const auto = snapshot.tax?.autoTax;
  if (sources.has('FALLBACK_FAILED')) {
    const reason = auto && 'failed' in auto ? auto.failed.reason : 'auto tax failed';
    return summary({
      rateType: 'FALLBACK_RATE',
      autoTaxFallbackDetails: {
        fallbackReason: 'AUTO_TAX_FAILED',
        error: { code: 'AUTO_TAX_FAILED', description: reason },
      },
    });
  }
  if (sources.has('FALLBACK_DEACTIVATED')) {
    return summary({
      rateType: 'FALLBACK_RATE',
      autoTaxFallbackDetails: { fallbackReason: 'AUTO_TAX_DEACTIVATED' },
    });
  }
  if (sources.has('AUTO')) return summary({ rateType: 'AUTO_RATE' });
  return summary({
    rateType: 'MANUAL_RATE',
    manualRateReason: sources.has('MANUAL_GLOBAL') ? 'GLOBAL_SETTING_TO_MANUAL' : 'REGION_SETTING_TO_MANUAL',
  });
}

// ---- Additional fees ----

function feesFor(
  snapshot: PricingSnapshot,
  lines: PricedLine[],
  currency: Currency,
  errors: CalculationErrors,
): { price: bigint; wire: AdditionalFee }[] {
  const fees: { price: bigint; wire: AdditionalFee }[] = [];
  for (const fee of snapshot.additionalFees ?? []) {
    try {
      const specific = fee.lineItemIds !== undefined && fee.lineItemIds.length > 0;
      const related = specific ? lines.filter((l) => fee.lineItemIds?.includes(l.item.id)) : lines;
      const price =
        'amount' in fee.charge
          ? currency.parse(fee.charge.amount)
          : percentOf(
              related.reduce((a, l) => a + remaining(l), 0n),
              fee.charge.percentage,
            );
      if (price < 0n) throw new RangeError(`additional fee "${fee.code}" must not be negative`);
      fees.push({
        price,
        wire: {
          code: fee.code,
          name: fee.name,
          translatedName: fee.translatedName ?? fee.name,
          price: currency.mcp(price),
          priceBeforeTax: currency.mcp(price),
          priceAfterTax: currency.mcp(price),
          taxDetails: noTaxDetails(currency),
          ...(fee.providerAppId !== undefined ? { providerAppId: fee.providerAppId } : {}),
          lineItemIds: related.map((l) => l.item.id),
          source: fee.source,
        },
      });
    } catch (error) {
      const list = errors.orderValidationErrors ?? [];
      list.push({
        code: 'ADDITIONAL_FEE_CALCULATION_FAILED',
        description: error instanceof Error ? error.message : String(error),
        data: { code: fee.code },
      });
      errors.orderValidationErrors = list;
    }
  }
  return fees;
}

// ---- Summaries ----

interface Sums {
  subtotal: bigint;
  shipping: bigint;
  discount: bigint;
  tax: bigint;
  /** The part of `tax` added on top of prices (the rest is included in them). */
  addedTax: bigint;
  fees: bigint;
}

function sums(): Sums {
  return { subtotal: 0n, shipping: 0n, discount: 0n, tax: 0n, addedTax: 0n, fees: 0n };
}

function addTo(target: Sums, part: Partial<Sums>): void {
  if (part.subtotal !== undefined) target.subtotal += part.subtotal;
  if (part.shipping !== undefined) target.shipping += part.shipping;
  if (part.discount !== undefined) target.discount += part.discount;
  if (part.tax !== undefined) target.tax += part.tax;
  if (part.addedTax !== undefined) target.addedTax += part.addedTax;
  if (part.fees !== undefined) target.fees += part.fees;
}

function summaryOf(s: Sums, currency: Currency): PriceSummary {
  return {
    subtotal: currency.mcp(s.subtotal),
    shipping: currency.mcp(s.shipping),
    tax: currency.mcp(s.tax),
    discount: currency.mcp(s.discount),
    total: currency.mcp(s.subtotal + s.shipping - s.discount + s.addedTax + s.fees),
    additionalFees: currency.mcp(s.fees),
  };
}

function appliedDiscountOf(applied: Applied, currency: Currency): AppliedDiscount {
  const amount = currency.mcp(applied.amount);
  const out: AppliedDiscount = { discountType: applied.discountType, lineItemIds: applied.lineItemIds };
  if (applied.coupon) out.coupon = { ...applied.coupon, amount };
  if (applied.merchantDiscount) out.merchantDiscount = { amount, ...applied.merchantDiscount };
  if (applied.discountRule) out.discountRule = { ...applied.discountRule, amount };
  return out;
}
