import { describe, expect, it } from 'vitest';
import { addressFromWire, addressToWire, type WireAddress } from './address.ts';

const wire: WireAddress = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '350 5th Ave',
  addressLine2: 'Floor 2',
  streetAddress: { number: '350', name: '5th Ave', apt: '2' },
  formattedAddress: '350 5th Ave, New York, NY 10001',
  geocode: { latitude: 40.7484, longitude: -73.9857 },
  hint: 'Ring twice',
  countryFullname: 'United States',
  subdivisionFullname: 'New York',
};

describe('address conversions', () => {
  it('renames addressLine, formattedAddress and geocode for the client and keeps the rest', () => {
    const { addressLine, formattedAddress, geocode, ...kept } = wire;
    expect(addressFromWire(wire)).toEqual({
      ...kept,
      addressLine1: '350 5th Ave',
      formatted: '350 5th Ave, New York, NY 10001',
      location: { latitude: 40.7484, longitude: -73.9857 },
    });
    expect([addressLine, formattedAddress, geocode]).not.toContain(undefined);
  });

  it('round-trips', () => {
    expect(addressToWire(addressFromWire(wire))).toEqual(wire);
  });

  it('maps non-finite coordinate spellings to numbers', () => {
    const address = addressFromWire({ geocode: { latitude: 'NaN', longitude: 'Infinity' } });
    expect(address).toEqual({ location: { latitude: Number.NaN, longitude: Number.POSITIVE_INFINITY } });
  });

  it('lets the spelling being converted win when both are present', () => {
    expect(addressToWire({ addressLine1: 'client', addressLine: 'stale' } as never)).toEqual({
      addressLine: 'client',
    });
    expect(addressFromWire({ addressLine: 'wire', addressLine1: 'stale' } as never)).toEqual({
      addressLine1: 'wire',
    });
  });

  it('passes non-objects through and does not mutate its input', () => {
    expect(addressFromWire(undefined)).toBeUndefined();
    expect(addressToWire(null)).toBeNull();
    const input = { ...wire };
    addressFromWire(input);
    expect(input).toEqual(wire);
  });
});
