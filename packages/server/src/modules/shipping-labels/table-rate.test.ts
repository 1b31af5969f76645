import { describe, expect, it } from 'vitest';
import type { QuoteRequest } from './carrier.ts';
import { zoneOf } from './model.ts';
import { tableRateCarrier, weightBand, weighsAtMost } from './table-rate.ts';

const base: QuoteRequest = {
  fromCountry: 'US',
  toCountry: 'US',
  weight: '1',
  weightUnit: 'KG',
  quantity: 1n,
  packageType: 'CUSTOM',
  services: ['GROUND_ADVANTAGE', 'PRIORITY_MAIL', 'PRIORITY_MAIL_EXPRESS'],
};
const INTERNATIONAL: QuoteRequest['services'] = [
  'FIRST_CLASS_PACKAGE_INTERNATIONAL',
  'PRIORITY_MAIL_INTERNATIONAL',
  'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
];

describe('table-rate carrier', () => {
  it.each([
    ['US', 'US', 'DOMESTIC'],
    ['US', 'us', 'DOMESTIC'],
    ['US', 'CA', 'INTERNATIONAL'],
    ['DE', 'US', 'INTERNATIONAL'],
  ] as const)('zone of %s → %s is %s', (from, to, zone) => {
    expect(zoneOf(from, to)).toBe(zone);
  });

  it.each([
    ['0', 'KG', 0],
    ['0.5', 'KG', 0],
    ['0.501', 'KG', 1],
    ['1', 'KG', 1],
    ['2', 'KG', 2],
    ['4.999', 'KG', 3],
    ['30', 'KG', 6],
    ['30.001', 'KG', -1],
    // 1.1023 lb = 0.49999 kg; 1.1024 lb = 0.50003 kg
    ['1.1023', 'LB', 0],
    ['1.1024', 'LB', 1],
    ['66.1386', 'LB', 6],
    ['66.14', 'LB', -1],
  ] as const)('weight %s %s falls in band %i', (weight, unit, band) => {
    expect(weightBand(weight, unit)).toBe(band);
  });

  it('compares pounds exactly at a band bound', () => {
    // 500 g = 1.10231131... lb
    expect(weighsAtMost('1.10231131', 'LB', 500)).toBe(true);
    expect(weighsAtMost('1.10231132', 'LB', 500)).toBe(false);
  });

  it.each([
    // [weight, unit, destination, expected rates by service]
    ['0.4', 'KG', 'US', { GROUND_ADVANTAGE: '5.50', PRIORITY_MAIL: '9.00', PRIORITY_MAIL_EXPRESS: '28.00' }],
    ['3', 'KG', 'US', { GROUND_ADVANTAGE: '14.00', PRIORITY_MAIL: '21.00', PRIORITY_MAIL_EXPRESS: '52.00' }],
    ['25', 'KG', 'US', { GROUND_ADVANTAGE: '48.00', PRIORITY_MAIL: '72.00' }],
    ['31', 'KG', 'US', {}],
    ['2', 'LB', 'US', { GROUND_ADVANTAGE: '7.00', PRIORITY_MAIL: '11.00', PRIORITY_MAIL_EXPRESS: '32.00' }],
    // International: domestic services are never quoted across the border
    ['0.4', 'KG', 'CA', {}],
  ] as const)('%s %s to %s', (weight, unit, to, expected) => {
    const rates = tableRateCarrier.quote({ ...base, weight, weightUnit: unit, toCountry: to });
    expect(Object.fromEntries(rates.map((r) => [r.service, r.amount]))).toEqual(expected);
  });

  it.each([
    [
      '1.5',
      'CA',
      {
        FIRST_CLASS_PACKAGE_INTERNATIONAL: '30.00',
        PRIORITY_MAIL_INTERNATIONAL: '48.00',
        PRIORITY_MAIL_EXPRESS_INTERNATIONAL: '64.00',
      },
    ],
    ['4', 'DE', { PRIORITY_MAIL_INTERNATIONAL: '70.00', PRIORITY_MAIL_EXPRESS_INTERNATIONAL: '92.00' }],
    ['21', 'DE', {}],
    ['1', 'US', {}],
  ] as const)('international %s kg to %s', (weight, to, expected) => {
    const rates = tableRateCarrier.quote({ ...base, weight, toCountry: to, services: INTERNATIONAL });
    expect(Object.fromEntries(rates.map((r) => [r.service, r.amount]))).toEqual(expected);
  });

  it.each([
    ['SMALL_FLAT_RATE_BOX', 3n, undefined, '10.4'],
    ['SMALL_FLAT_RATE_BOX', 3n, 2, '20.8'],
    ['LARGE_FLAT_RATE_BOX', 7n, 3, '68.4'],
    ['FLAT_RATE_ENVELOPE', 1n, 1, '9.85'],
  ] as const)('flat rate %s for %i units (%s per package) is %s', (packageType, quantity, per, amount) => {
    const rates = tableRateCarrier.quote({
      ...base,
      weight: '12',
      quantity,
      packageType,
      packageDetails: per ? { maxNumberOfProducts: per } : undefined,
    });
    // Flat rates price Priority Mail only; the other services stay on the weight table.
    expect(rates).toEqual([
      { service: 'GROUND_ADVANTAGE', amount: '34.00' },
      { service: 'PRIORITY_MAIL', amount },
      { service: 'PRIORITY_MAIL_EXPRESS', amount: '110.00' },
    ]);
  });

  it('refuses a flat-rate package over the flat-rate weight limit', () => {
    const rates = tableRateCarrier.quote({ ...base, weight: '32', packageType: 'SMALL_FLAT_RATE_BOX' });
    expect(rates).toEqual([]);
  });
});
