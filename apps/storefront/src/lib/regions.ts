/** Countries (ISO 3166-1 alpha-2) and the subdivisions (ISO 3166-2) the address forms offer. */

import { COUNTRY_NAMES } from './country-names.ts';

const COUNTRY_CODES = Object.keys(COUNTRY_NAMES);

export interface Region {
  code: string;
  name: string;
}

let countries: Region[] | undefined;

/** Every country by its English name, alphabetically. */
export function countryList(): Region[] {
  if (!countries) {
    // Alphabetical without accents (Åland Islands among the A's), the same everywhere (no locale collation).
    const key = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '');
    countries = COUNTRY_CODES.map((code) => ({ code, name: COUNTRY_NAMES[code] ?? code })).sort((a, b) =>
      key(a.name) < key(b.name) ? -1 : key(a.name) > key(b.name) ? 1 : 0,
    );
  }
  return countries;
}

export const countryName = (code: string | undefined): string =>
  code ? (COUNTRY_NAMES[code.toUpperCase()] ?? code) : '';

const US_STATES: Array<[string, string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

const CA_PROVINCES: Array<[string, string]> = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

const AU_STATES: Array<[string, string]> = [
  ['ACT', 'Australian Capital Territory'],
  ['NSW', 'New South Wales'],
  ['NT', 'Northern Territory'],
  ['QLD', 'Queensland'],
  ['SA', 'South Australia'],
  ['TAS', 'Tasmania'],
  ['VIC', 'Victoria'],
  ['WA', 'Western Australia'],
];

const SUBDIVISIONS: Record<string, { label: string; list: Array<[string, string]> }> = {
  US: { label: 'State', list: US_STATES },
  CA: { label: 'Province', list: CA_PROVINCES },
  AU: { label: 'State', list: AU_STATES },
};

/** The states or provinces of a country with ISO 3166-2 codes (`US-CA`), when the form asks for one. */
export function subdivisionsOf(country: string): { label: string; list: Region[] } | undefined {
  const found = SUBDIVISIONS[country];
  if (!found) return undefined;
  return {
    label: found.label,
    list: found.list.map(([code, name]) => ({ code: `${country}-${code}`, name })),
  };
}

/**
 * A saved state or province as the forms' pickers name it: `US-CA` for `US-CA`, `CA`, `ca` or `California` in
 * the United States (addresses saved as free text, or by other clients). Anything else is kept as it is.
 */
export function subdivisionCode(country: string | undefined, value: string | undefined): string {
  const text = (value ?? '').trim();
  const found = country ? SUBDIVISIONS[country] : undefined;
  if (!found || !text) return text;
  const wanted = text.toUpperCase();
  const local = wanted.startsWith(`${country}-`) ? wanted.slice(country!.length + 1) : wanted;
  const match = found.list.find(([code, name]) => code === local || name.toUpperCase() === wanted);
  return match ? `${country}-${match[0]}` : text;
}

/** "California" for `US-CA`; the code itself when unknown. */
export function subdivisionName(code: string | undefined): string {
  if (!code) return '';
  const [country = '', local = ''] = code.split('-');
  return SUBDIVISIONS[country]?.list.find(([c]) => c === local)?.[1] ?? code;
}

/** The postal-code label of a country. */
export const postalLabel = (country: string): string =>
  country === 'US' ? 'ZIP code' : country === 'GB' ? 'Postcode' : 'Postal code';
