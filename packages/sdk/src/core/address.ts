import { toFloat } from './transform.ts';
import { isRecord } from './values.ts';

export interface StreetAddress {
  number?: string;
  name?: string;
  apt?: string;
  formattedAddressLine?: string;
}

/** An address as the client shows it (wire §3, with the client's names). */
export interface Address {
  /** ISO 3166-1 alpha-2, e.g. `US`. */
  country?: string;
  /** ISO 3166-2, e.g. `US-CA`. */
  subdivision?: string;
  city?: string;
  postalCode?: string;
  /** Wire `addressLine`. */
  addressLine1?: string;
  addressLine2?: string;
  streetAddress?: StreetAddress;
  /** Wire `formattedAddress`. */
  formatted?: string;
  /** Wire `geocode`. */
  location?: { latitude?: number; longitude?: number };
  hint?: string;
  /** Read-only. */
  countryFullname?: string;
  /** Read-only. */
  subdivisionFullname?: string;
}

/** An address as it travels. */
export interface WireAddress {
  country?: string;
  subdivision?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: StreetAddress;
  formattedAddress?: string;
  geocode?: { latitude?: number; longitude?: number };
  hint?: string;
  /** Read-only. */
  countryFullname?: string;
  /** Read-only. */
  subdivisionFullname?: string;
}

/** Wire name → client name; the other fields keep their names. */
const TO_CLIENT: ReadonlyMap<string, string> = new Map([
  ['addressLine', 'addressLine1'],
  ['formattedAddress', 'formatted'],
  ['geocode', 'location'],
]);
const TO_WIRE: ReadonlyMap<string, string> = new Map([...TO_CLIENT].map(([wire, client]) => [client, wire]));

function coordinates(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = { ...value };
  if ('latitude' in value) out.latitude = toFloat(value.latitude);
  if ('longitude' in value) out.longitude = toFloat(value.longitude);
  return out;
}

/**
 * Renames the keys of `names` (source → target). A key already spelt as a target is dropped when its source
 * is present too: the spelling being converted from wins.
 */
function rename(
  address: Record<string, unknown>,
  names: ReadonlyMap<string, string>,
  back: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(address)) {
    const target = names.get(key);
    if (target !== undefined) {
      out[target] = value;
      continue;
    }
    const source = back.get(key);
    if (source === undefined || !(source in address)) out[key] = value;
  }
  return out;
}

/** Wire → client: `addressLine`→`addressLine1`, `formattedAddress`→`formatted`, `geocode`→`location` (floats); pure. */
export function addressFromWire(address: WireAddress): Address;
export function addressFromWire(address: unknown): unknown;
export function addressFromWire(address: unknown): unknown {
  if (!isRecord(address)) return address;
  const out = rename(address, TO_CLIENT, TO_WIRE);
  if ('location' in out) out.location = coordinates(out.location);
  return out;
}

/** Client → wire: the renames of `addressFromWire` reversed; pure. */
export function addressToWire(address: Address): WireAddress;
export function addressToWire(address: unknown): unknown;
export function addressToWire(address: unknown): unknown {
  return isRecord(address) ? rename(address, TO_WIRE, TO_CLIENT) : address;
}
