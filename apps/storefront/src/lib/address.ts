import type { Address, AddressWithContact } from '@aisle/sdk';
import { countryName, subdivisionName } from './regions.ts';

/** The lines of an address card: street, town, region and country, by name. */
export function addressLines(address: Address | undefined): string[] {
  if (!address) return [];
  const street =
    address.addressLine1 ||
    [address.streetAddress?.number, address.streetAddress?.name].filter(Boolean).join(' ');
  const town = [address.city, address.postalCode].filter(Boolean).join(' ');
  const region = [
    address.subdivisionFullname ?? subdivisionName(address.subdivision),
    address.countryFullname ?? countryName(address.country),
  ]
    .filter(Boolean)
    .join(', ');
  return [street, address.addressLine2, town, region].filter((line): line is string => Boolean(line));
}

export function contactName(contact: AddressWithContact | undefined): string {
  const details = contact?.contactDetails;
  return [details?.firstName, details?.lastName].filter(Boolean).join(' ');
}
