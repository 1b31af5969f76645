import type { Destination } from '@aisle/sdk';
import { countryName, subdivisionName } from '../../../storefront/src/lib/regions.ts';

/** `US` → `United States`, `US-CA` → `California, United States`. */
export function placeName(code: string | undefined | null): string {
  if (!code) return '';
  const [country = ''] = code.split('-');
  return code.includes('-')
    ? `${subdivisionName(code) || code}, ${countryName(country)}`
    : countryName(country);
}

/** Destinations as the picker's rows: one per subdivision, or the whole country. */
export const destinationRows = (destinations: readonly Destination[] = []): { place: string }[] =>
  destinations.flatMap((d) =>
    d.subdivisions?.length ? d.subdivisions.map((place) => ({ place })) : [{ place: d.countryCode }],
  );

/** The picker's places (`US`, `US-CA`) as destinations: a whole country wins over its subdivisions. */
export function destinationsOf(places: readonly string[]): Destination[] {
  const byCountry = new Map<string, Set<string> | 'whole'>();
  for (const place of places) {
    const country = place.split('-')[0] ?? place;
    const current = byCountry.get(country);
    if (!place.includes('-')) byCountry.set(country, 'whole');
    else if (current !== 'whole') byCountry.set(country, (current ?? new Set()).add(place));
  }
  return [...byCountry].map(([countryCode, subs]) =>
    subs === 'whole' ? { countryCode } : { countryCode, subdivisions: [...subs] },
  );
}

/** `United States (California, New York), Canada`. */
export function destinationsText(destinations: readonly Destination[] = []): string {
  return destinations
    .map((d) =>
      d.subdivisions?.length
        ? `${countryName(d.countryCode)} (${d.subdivisions.map((s) => subdivisionName(s) || s).join(', ')})`
        : countryName(d.countryCode),
    )
    .join(', ');
}
