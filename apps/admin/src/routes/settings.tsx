import type { Address, StoreSettings, StoreSettingsUpdate, TaxableAddressType } from '@aisle/sdk';
import { type SettingsSpec, settingsRoute } from '../components/settings-page.tsx';
import { StoreLogo } from '../components/store-logo.tsx';
import { type FieldSpec, type FieldValues, selectField } from '../lib/fields.ts';

// The store settings: the store's name and logo, currency, locale, weight unit, tax-included prices and the
// business address; and the tax settings (where tax is calculated). Both on the settings scaffold
// (components/settings-page.tsx).

/** Every ISO 4217 code the browser knows, by name: offered as the merchant types. */
function currencies(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({ value: code, label: names.of(code) ?? code }));
}

/** Common shop languages and regions (any BCP 47 tag is accepted). */
const LOCALES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IE',
  'en-NZ',
  'fr-FR',
  'fr-CA',
  'fr-BE',
  'fr-CH',
  'de-DE',
  'de-AT',
  'de-CH',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'nl-BE',
  'pt-PT',
  'pt-BR',
  'sv-SE',
  'da-DK',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'zh-TW',
];

function locales(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  return LOCALES.map((tag) => ({ value: tag, label: names.of(tag) ?? tag }));
}

const STREET: FieldSpec[] = [
  { name: 'addressLine1', label: 'Street and house number', kind: 'text', maxLength: 200 },
  { name: 'addressLine2', label: 'Address line 2', kind: 'text', maxLength: 200 },
  { name: 'city', label: 'City', kind: 'text', maxLength: 100 },
];

export const STORE_FIELDS: readonly FieldSpec[] = [
  {
    name: 'storeName',
    label: 'Store name',
    kind: 'text',
    required: true,
    maxLength: 100,
    hint: 'Shown at the top of every page of the store, in page titles and in link previews.',
  },
  {
    name: 'currency',
    label: 'Currency',
    kind: 'text',
    required: true,
    suggestions: currencies(),
    hint: 'ISO 4217 code, such as USD or EUR: what prices, carts and orders are in.',
  },
  {
    name: 'locale',
    label: 'Language and region',
    kind: 'text',
    required: true,
    maxLength: 35,
    suggestions: locales(),
    hint: 'How the store writes dates and amounts, such as en-US or de-DE.',
  },
  selectField('weightUnit', 'Weight unit', { KG: 'Kilograms (kg)', LB: 'Pounds (lb)' }),
  { name: 'taxIncludedInPrices', label: 'Prices include tax', kind: 'toggle' },
  {
    name: 'businessAddress',
    label: 'Business address',
    kind: 'group',
    hint: 'Optional; leave the street, city and postal code empty for none.',
    fields: [
      ...STREET,
      { name: 'region', label: 'Country', kind: 'place', wholeCountry: 'Choose…' },
      { name: 'postalCode', label: 'Postal code', kind: 'text', maxLength: 20 },
    ],
  },
];

/** The form's values as the update: an address without street, city or postal code is none (`null`). */
export function storeUpdate(v: FieldValues, revision: string | undefined): StoreSettingsUpdate {
  const text = (name: string) => (typeof v[name] === 'string' ? (v[name] as string) : '');
  const region = text('region');
  const country = region.split('-')[0] ?? '';
  const address: Address = { country };
  if (region.includes('-')) address.subdivision = region;
  for (const name of ['addressLine1', 'addressLine2', 'city', 'postalCode'] as const)
    if (text(name)) address[name] = text(name);
  const hasAddress = STREET.some((f) => text(f.name)) || text('postalCode') !== '';
  return {
    storeName: text('storeName').trim(),
    currency: text('currency').toUpperCase(),
    locale: text('locale'),
    weightUnit: text('weightUnit') === 'LB' ? 'LB' : 'KG',
    taxIncludedInPrices: v.taxIncludedInPrices === true,
    businessAddress: hasAddress ? address : null,
    ...(revision ? { revision } : {}),
  };
}

function storeValues(settings: StoreSettings) {
  const a = settings.businessAddress;
  return {
    storeName: settings.storeName ?? '',
    currency: settings.currency ?? 'USD',
    locale: settings.locale ?? 'en-US',
    weightUnit: settings.weightUnit ?? 'KG',
    taxIncludedInPrices: settings.taxIncludedInPrices ?? false,
    addressLine1: a?.addressLine1 ?? '',
    addressLine2: a?.addressLine2 ?? '',
    city: a?.city ?? '',
    region: a?.subdivision ?? a?.country ?? 'US',
    postalCode: a?.postalCode ?? '',
  };
}

/** `storeSettings.businessAddress.addressLine` → `addressLine1`, `…subdivision` → the country picker. */
function storeField(path: string): string {
  const field = path.replace(/^storeSettings\./, '').replace(/^businessAddress\./, '');
  const first = field.split(/[.[]/)[0] ?? field;
  if (first === 'addressLine') return 'addressLine1';
  if (first === 'country' || first === 'subdivision') return 'region';
  return first;
}

/** Both pages edit the store settings: read alike, each save sending back the revision its page read. */
const STORE_SETTINGS = {
  get: (client) => client.storeSettings.getStoreSettings(),
  revision: (settings) => settings.revision,
} satisfies Pick<SettingsSpec<StoreSettings>, 'get' | 'revision'>;

export const storeSettingsRoute = settingsRoute<StoreSettings>({
  path: 'settings',
  title: 'Store settings',
  fields: STORE_FIELDS,
  ...STORE_SETTINGS,
  values: storeValues,
  update: (client, values, revision) =>
    client.storeSettings.updateStoreSettings(storeUpdate(values, revision)),
  check: (values) =>
    /^[A-Za-z]{3}$/.test(String(values.currency ?? ''))
      ? undefined
      : { currency: 'Enter a three-letter currency code, such as USD or EUR.' },
  fieldOf: storeField,
  extra: (settings) => <StoreLogo settings={settings} />,
});

// ---- Tax settings

const TAXABLE_ADDRESSES: Record<TaxableAddressType, string> = {
  SHIPPING: 'The shipping address',
  BILLING: 'The billing address',
  BUSINESS: 'The business address',
};

export const TAX_FIELDS: readonly FieldSpec[] = [
  selectField('defaultTaxableAddress', 'Tax is calculated from', TAXABLE_ADDRESSES, {
    hint: 'Which address decides the tax region of an order’s items. A store pickup counts as the shipping address; without one (a download, a service) the billing address is used, and the other way round. The business address is the one under Store.',
  }),
];

export const taxSettingsRoute = settingsRoute<StoreSettings>({
  path: 'settings/tax',
  title: 'Tax settings',
  intro: 'Where tax is calculated. The rates themselves are set per region under Tax regions and Tax rates.',
  fields: TAX_FIELDS,
  ...STORE_SETTINGS,
  values: (settings) => ({ defaultTaxableAddress: settings.defaultTaxableAddress ?? 'SHIPPING' }),
  update: (client, values, revision) => {
    const taxable = String(values.defaultTaxableAddress);
    return client.storeSettings.updateStoreSettings({
      defaultTaxableAddress: Object.hasOwn(TAXABLE_ADDRESSES, taxable)
        ? (taxable as TaxableAddressType)
        : 'SHIPPING',
      ...(revision ? { revision } : {}),
    });
  },
  fieldOf: (path) => path.replace(/^storeSettings\./, ''),
});
