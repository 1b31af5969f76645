import { currencyOf } from '../../modules/pricing/currency.ts';
import { isShippable, isUnavailable } from '../../modules/pricing/lines.ts';
import { placeOf } from '../../modules/pricing/shipping.ts';
import type {
  Address,
  LineItemSnapshot,
  ShippingOptionSnapshot,
  StoreSettings,
} from '../../modules/pricing/snapshot.ts';
import {
  LABEL_CARRIER_ID,
  type ShippingCarrier,
  labelCarrier,
} from '../../modules/shipping-labels/carrier.ts';
import type { ShippoConfigurationRow } from '../../modules/shipping-labels/configurations.ts';
import { SERVICE_TITLES, type StoredService, zoneOf } from '../../modules/shipping-labels/model.ts';
import {
  addDecimals,
  type Decimal,
  decimalFromNumber,
  formatDecimal,
  parseDecimal,
  percentOf,
} from '../../platform/money.ts';

/**
 * The shipping-label configurations' services as the pricing engine's shipping options (docs/CHECKOUT.md
 * "Shipping-label services at checkout"): for a destination in a configuration's regions, each service of the
 * zone (domestic: the destination is in the store's business-address country) that the carrier quotes — or
 * that the configuration's active backup rate covers — is an option of carrier `LABEL_CARRIER_ID`, code = the
 * service's id. Its price is the carrier rate plus the handling fee; from the free-delivery minimum on (the
 * engine's shipment price, after item discounts) it is 0. Computed with each pricing snapshot, so estimates,
 * checkouts and placed orders price them alike.
 */

export interface LabelShipment {
  store: StoreSettings;
  lineItems: LineItemSnapshot[];
  shippingAddress?: Address | undefined;
}

/** Σ unit weight × quantity of the shippable lines; a line without weight weighs `backup` per unit (or 0). */
function shipmentOf(
  lines: LineItemSnapshot[],
  backup: number | undefined,
): { weight: string; quantity: bigint } {
  let weight: Decimal = { units: 0n, scale: 0 };
  let quantity = 0n;
  for (const line of lines) {
    if (!isShippable(line) || isUnavailable(line)) continue;
    const unit = line.weight ?? backup ?? 0;
    const { units, scale } = parseDecimal(decimalFromNumber(unit));
    weight = addDecimals(weight, { units: units * BigInt(line.quantity), scale });
    quantity += BigInt(line.quantity);
  }
  return { weight: formatDecimal(weight), quantity };
}

export function labelOptions(
  configurations: ShippoConfigurationRow[],
  shipment: LabelShipment,
  carrier: ShippingCarrier = labelCarrier(),
): ShippingOptionSnapshot[] {
  const from = shipment.store.businessAddress?.country;
  const to = placeOf(shipment.shippingAddress)?.country;
  if (!configurations.length || !from || !to) return [];
  const zone = zoneOf(from, to);
  const currency = currencyOf(shipment.store.currency, shipment.store.locale);
  const options: ShippingOptionSnapshot[] = [];
  for (const config of configurations) {
    const services: StoredService[] =
      zone === 'DOMESTIC' ? config.domesticServices : config.internationalServices;
    if (!services.length || !config.deliveryRegionIds.length) continue;
    const backupWeight = config.backupWeight?.active ? config.backupWeight.value : undefined;
    const { weight, quantity } = shipmentOf(shipment.lineItems, backupWeight);
    const quoted = new Map(
      carrier
        .quote({
          fromCountry: from,
          toCountry: to,
          weight,
          weightUnit: shipment.store.weightUnit,
          quantity,
          packageType: config.packageType,
          packageDetails: config.packageDetails ?? undefined,
          services: services.map((s) => s.service),
        })
        .map((r) => [r.service, r.amount]),
    );
    const backupRate = config.backupRate?.active ? config.backupRate.value : undefined;
    for (const entry of services) {
      const rate = quoted.get(entry.service) ?? backupRate;
      if (rate === undefined) continue;
      const base = currency.parse(rate);
      const fee = entry.serviceSettings.handlingFee;
      const handling = !fee
        ? 0n
        : fee.calculationType === 'FIXED'
          ? currency.parse(fee.value)
          : percentOf(base, fee.value);
      const minimum = entry.serviceSettings.freeDeliveryMinimumAmount;
      options.push({
        code: entry.id,
        carrierId: LABEL_CARRIER_ID,
        title: SERVICE_TITLES[entry.service],
        deliveryRegionIds: config.deliveryRegionIds,
        ...(entry.serviceSettings.estimatedDeliveryTime
          ? { estimatedDeliveryTime: entry.serviceSettings.estimatedDeliveryTime }
          : {}),
        rates: [
          ...(minimum !== undefined
            ? [
                {
                  amount: '0',
                  conditions: [{ type: 'BY_TOTAL_PRICE' as const, operator: 'GTE' as const, value: minimum }],
                },
              ]
            : []),
          { amount: currency.text(base + handling), conditions: [] },
        ],
        otherCharges: [],
      });
    }
  }
  return options;
}
