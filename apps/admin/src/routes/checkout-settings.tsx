import { type CheckoutSettings, getImageUrl, type OrdersSettings } from '@aisle/sdk';
import { settingsRoute } from '../components/settings-page.tsx';
import { type FieldSpec, type FieldValues, type FormValues, selectField } from '../lib/fields.ts';
import { text } from '../lib/values.ts';

// The checkout settings (the hosted checkout's header and logo, the policies shoppers read and agree to, the
// check boxes and billing details it asks for) and the orders settings, on the settings scaffold.

type Json = Record<string, unknown>;

/** Each form field and the dotted path of the checkout settings it edits. */
const PATHS: Record<string, string> = {
  logoImage: 'checkoutBrand.header.logo.image',
  logoSize: 'checkoutBrand.header.logo.size',
  alignment: 'checkoutBrand.header.alignment',
  headerText: 'checkoutBrand.header.text',
};

const POLICIES = [
  ['terms', 'termsAndConditions', 'Terms and conditions'],
  ['privacy', 'privacyPolicy', 'Privacy policy'],
  ['returns', 'returnPolicy', 'Return policy'],
  ['digital', 'digitalItemPolicy', 'Digital items policy'],
  ['contact', 'contactUs', 'Contact us'],
  ['custom', 'customPolicy', 'Your own policy'],
] as const;

const CHECKBOXES = [
  ['subscribe', 'subscriptionCheckbox', 'Show a newsletter sign-up box', 'Newsletter box ticked at first'],
  [
    'agree',
    'policyAgreementCheckbox',
    'Ask shoppers to agree to the policies',
    'Agreement box ticked at first',
  ],
] as const;

const BILLING = [
  ['phone', 'the phone number'],
  ['company', 'the company name'],
  ['addressLine2', 'a second address line'],
  ['vatId', 'the VAT or tax id'],
] as const;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

for (const [key, path] of POLICIES) {
  PATHS[`${key}Visible`] = `checkoutPolicies.${path}.visible`;
  PATHS[`${key}Content`] = `checkoutPolicies.${path}.content`;
}
PATHS.customTitle = 'checkoutPolicies.customPolicy.title';
for (const [key, path] of CHECKBOXES) {
  PATHS[`${key}Visible`] = `checkoutFields.${path}.visible`;
  PATHS[`${key}Checked`] = `checkoutFields.${path}.checkedByDefault`;
}
for (const [key] of BILLING) {
  PATHS[`${key}Visible`] = `checkoutBillingFields.${key}.visible`;
  PATHS[`${key}Required`] = `checkoutBillingFields.${key}.required`;
}

export const CHECKOUT_FIELDS: readonly FieldSpec[] = [
  {
    name: 'header',
    label: 'Logo and header',
    kind: 'group',
    fields: [
      {
        name: 'logoImage',
        label: 'Logo image URL',
        kind: 'text',
        maxLength: 2000,
        hint: 'The address of the picture (a product picture’s address works too); empty for no logo.',
      },
      selectField('logoSize', 'Logo size', { SMALL: 'Small', MEDIUM: 'Medium', LARGE: 'Large' }),
      selectField('alignment', 'Logo alignment', { SIDE: 'At the side', CENTER: 'Centred' }),
      { name: 'headerText', label: 'Header text', kind: 'text', maxLength: 100, hint: 'Beside the logo.' },
    ],
  },
  ...POLICIES.map(
    ([key, , label]): FieldSpec => ({
      name: key,
      label,
      kind: 'group',
      fields: [
        { name: `${key}Visible`, label: `Show “${label}” at checkout`, kind: 'toggle' },
        ...(key === 'custom'
          ? [{ name: 'customTitle', label: 'Title of your policy', kind: 'text', maxLength: 100 } as const]
          : []),
        {
          name: `${key}Content`,
          label: `${label}: text`,
          kind: 'textarea',
          maxLength: 20_000,
          hint: 'Plain text; links such as https://… are shown as they are.',
        },
      ],
    }),
  ),
  {
    name: 'checkboxes',
    label: 'Check boxes',
    kind: 'group',
    fields: CHECKBOXES.flatMap(([key, , show, ticked]): FieldSpec[] => [
      { name: `${key}Visible`, label: show, kind: 'toggle' },
      { name: `${key}Checked`, label: ticked, kind: 'toggle' },
    ]),
  },
  {
    name: 'billing',
    label: 'Billing details asked for',
    kind: 'group',
    hint: 'Name, e-mail and address are always asked for.',
    fields: BILLING.flatMap(([key, what]): FieldSpec[] => [
      { name: `${key}Visible`, label: `Ask for ${what}`, kind: 'toggle' },
      { name: `${key}Required`, label: `${cap(what.replace(/^(the|a) /, ''))} required`, kind: 'toggle' },
    ]),
  },
];

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) current = (current as Json | undefined)?.[key];
  return current;
}

function put(target: Json, path: string, value: unknown): void {
  const keys = path.split('.');
  let current = target;
  for (const key of keys.slice(0, -1)) {
    current[key] ??= {};
    current = current[key] as Json;
  }
  current[keys.at(-1)!] = value;
}

function checkoutValues(settings: CheckoutSettings): FormValues {
  const values: FormValues = {};
  for (const [name, path] of Object.entries(PATHS)) {
    const value = at(settings, path);
    values[name] = typeof value === 'boolean' ? value : typeof value === 'string' ? value : '';
  }
  const image = text(values.logoImage as string);
  values.logoImage = image ? getImageUrl(image) : '';
  return values;
}

/**
 * The whole form as one update: every path the form edits is in the field mask, so an emptied text goes
 * back to none (the logo is removed) and a box left unticked is saved as unticked.
 */
export function checkoutUpdate(v: FieldValues) {
  const settings: Json = {};
  for (const [name, path] of Object.entries(PATHS)) {
    const value = v[name];
    if (typeof value === 'boolean' || (typeof value === 'string' && value !== '')) put(settings, path, value);
  }
  return { settings, fieldMask: Object.values(PATHS) };
}

/** Cross-field checks, worded for the merchant, before the server is asked. */
export function checkCheckout(v: FieldValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key] of POLICIES)
    if (v[`${key}Visible`] === true && !text(v[`${key}Content`]))
      problems[`${key}Content`] = 'Enter the text shoppers read, or stop showing it at checkout.';
  if (v.customVisible === true && !text(v.customTitle))
    problems.customTitle = 'Enter a title for your own policy, or stop showing it at checkout.';
  for (const [key, what] of BILLING)
    if (v[`${key}Required`] === true && v[`${key}Visible`] !== true)
      problems[`${key}Required`] =
        `Tick “Ask for ${what}” too: a detail that is not asked for cannot be required.`;
  const image = text(v.logoImage);
  if (image && !/^https?:\/\/\S+$/i.test(image))
    problems.logoImage = 'Enter the picture’s full address, starting with https://';
  return problems;
}

/** `checkoutSettings.checkoutPolicies.returnPolicy.content` → `returnsContent`. */
function checkoutField(path: string): string {
  const field = path.replace(/^checkoutSettings\./, '');
  if (field.startsWith(PATHS.logoImage!)) return 'logoImage';
  return Object.entries(PATHS).find(([, p]) => p === field)?.[0] ?? '';
}

export const checkoutSettingsRoute = settingsRoute<CheckoutSettings>({
  path: 'settings/checkout',
  title: 'Checkout settings',
  intro:
    'What the checkout page shows: your logo, the policies shoppers read and agree to, what it asks for.',
  fields: CHECKOUT_FIELDS,
  get: (client) => client.checkoutSettings.getCheckoutSettings(),
  values: checkoutValues,
  revision: (settings) => settings.revision,
  update: (client, values, revision) => {
    const { settings, fieldMask } = checkoutUpdate(values);
    return client.checkoutSettings.updateCheckoutSettings(
      { ...settings, ...(revision ? { revision } : {}) },
      { fieldMask },
    );
  },
  check: checkCheckout,
  fieldOf: checkoutField,
});

// ---- Orders settings

export const ORDERS_FIELDS: readonly FieldSpec[] = [
  selectField(
    'inventoryUpdateTrigger',
    'Take items out of stock',
    { ON_ORDER_PLACED: 'When the order is placed', ON_ORDER_PAID: 'When the order is paid' },
    { hint: 'Paid by card at checkout counts as paid at once; orders paid later (offline) wait until then.' },
  ),
  selectField('orderApprovalStrategy', 'Approve orders', {
    DEFAULT: 'As soon as they are placed',
    PAYMENT_RECEIVED: 'Once the payment is received',
    PAYMENT_METHOD_SAVED: 'Once a payment method is saved',
  }),
  { name: 'createInvoice', label: 'Create an invoice with each order', kind: 'toggle' },
];

export const ordersSettingsRoute = settingsRoute<OrdersSettings>({
  path: 'settings/orders',
  title: 'Orders settings',
  intro: 'When stock is taken, when orders are approved and whether each gets an invoice.',
  fields: ORDERS_FIELDS,
  get: (client) => client.ordersSettings.getOrdersSettings(),
  values: (settings) => ({
    inventoryUpdateTrigger: settings.inventoryUpdateTrigger ?? 'ON_ORDER_PLACED',
    orderApprovalStrategy: settings.orderApprovalStrategy ?? 'DEFAULT',
    createInvoice: settings.createInvoice ?? false,
  }),
  update: (client, v) =>
    client.ordersSettings.updateOrdersSettings({
      inventoryUpdateTrigger:
        text(v.inventoryUpdateTrigger) === 'ON_ORDER_PAID' ? 'ON_ORDER_PAID' : 'ON_ORDER_PLACED',
      orderApprovalStrategy: text(v.orderApprovalStrategy) as OrdersSettings['orderApprovalStrategy'] &
        string,
      createInvoice: v.createInvoice === true,
    }),
  fieldOf: (path) => path.replace(/^ordersSettings\./, ''),
});
