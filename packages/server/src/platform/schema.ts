import { type Static, Type } from '@sinclair/typebox';

/**
 * A string enum as JSON Schema `enum`, typed as the union of its values. Unlike a union of literals
 * (`anyOf`), it validates with one INVALID_ENUM_VALUE violation and serializes without trying each branch.
 */
export const literals = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

const Opt = Type.Optional;
const Str = (max: number) => Type.String({ maxLength: max });

export const CountryCode = Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' });
export const Subdivision = Type.String({
  pattern: '^([A-Za-z]{2}-)?[A-Za-z0-9]{1,3}$',
  description: 'ISO 3166-2, e.g. "US-CA" (or "CA")',
});

/** The commerce address of wire/README §3 (cart, checkout, orders, settings, member addresses). */
export const Address = Type.Object({
  country: Opt(CountryCode),
  subdivision: Opt(Subdivision),
  city: Opt(Str(200)),
  postalCode: Opt(Str(40)),
  addressLine: Opt(Str(400)),
  addressLine2: Opt(Str(400)),
  formattedAddress: Opt(Str(1000)),
  streetAddress: Opt(
    Type.Object({
      name: Opt(Str(200)),
      number: Opt(Str(40)),
      apt: Opt(Str(40)),
      formattedAddressLine: Opt(Str(400)),
    }),
  ),
  geocode: Opt(
    Type.Object({
      latitude: Type.Number({ minimum: -90, maximum: 90 }),
      longitude: Type.Number({ minimum: -180, maximum: 180 }),
    }),
  ),
  hint: Opt(Str(400)),
  countryFullname: Opt(Str(200)),
  subdivisionFullname: Opt(Str(200)),
});
export type AddressInput = Static<typeof Address>;
