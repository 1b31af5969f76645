import { eq, sql } from 'drizzle-orm';
import { storeDisplayName } from '../settings/store.ts';
import { keptPerServer } from '../../platform/change-cache.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { announceChanges } from '../../platform/events.ts';
import { type FieldViolation, ValidationFailure } from '../../platform/errors.ts';
import { type ImageInput, imageRefToWire, resolveImageRef } from '../catalogue/media/image-ref.ts';
import type { StoredMedia } from '../catalogue/shared/model.ts';
import type { WireImage } from '../catalogue/media/wire.ts';
import { lockSingleton } from '../../platform/entity-kit/support.ts';
import { applyPatch, maskPaths, withDefaults } from './patch.ts';
import { type CheckoutSettingsInput, CheckoutSettingsInput as InputSchema } from './schemas.ts';
import { checkoutSettings } from './tables.ts';

/**
 * Checkout settings (singleton, wire/merchant-settings.md): policies, checkout fields, payment options, the
 * brand of the hosted checkout page and the billing fields it asks for. Stored sparse in `data` (only what
 * was set) and read over `CHECKOUT_SETTINGS_DEFAULTS`. The logo is stored as a media item (an uploaded file
 * or an external image URL) and sent as a wire image with a signed URL.
 */

export interface Toggle {
  visible: boolean;
  content: string;
}
export interface Checkbox {
  visible: boolean;
  checkedByDefault: boolean;
}
export interface BillingField {
  visible: boolean;
  required: boolean;
}

export interface CheckoutSettings {
  checkoutPolicies: {
    termsAndConditions: Toggle;
    privacyPolicy: Toggle;
    returnPolicy: Toggle;
    digitalItemPolicy: Toggle;
    contactUs: Toggle;
    customPolicy: Toggle & { title: string };
  };
  checkoutFields: { subscriptionCheckbox: Checkbox; policyAgreementCheckbox: Checkbox };
  giftCardRedeemEnabled: boolean;
  mitEnabled: boolean;
  delayCaptureEnabled: boolean;
  captureBeforeExpiryEnabled: boolean;
  checkoutBrand: {
    header: {
      text?: string;
      textColor?: string;
      backgroundColor?: string;
      logo: { image?: StoredMedia; size: 'SMALL' | 'MEDIUM' | 'LARGE' };
      alignment: 'SIDE' | 'CENTER';
    };
    mainSection: {
      backgroundColor?: string;
      textColor?: string;
      buttonColor?: string;
      buttonTextColor?: string;
    };
    footer: { backgroundColor?: string; textColor?: string; text?: string };
    global: { backgroundColor?: string; textColor?: string; accentColor?: string; fontFamily?: string };
  };
  checkoutBillingFields: {
    phone: BillingField;
    company: BillingField;
    addressLine2: BillingField;
    vatId: BillingField;
  };
}

const hidden = (): Toggle => ({ visible: false, content: '' });

export const CHECKOUT_SETTINGS_DEFAULTS: CheckoutSettings = {
  checkoutPolicies: {
    termsAndConditions: hidden(),
    privacyPolicy: hidden(),
    returnPolicy: hidden(),
    digitalItemPolicy: hidden(),
    contactUs: hidden(),
    customPolicy: { ...hidden(), title: '' },
  },
  checkoutFields: {
    subscriptionCheckbox: { visible: false, checkedByDefault: false },
    policyAgreementCheckbox: { visible: false, checkedByDefault: false },
  },
  giftCardRedeemEnabled: false,
  mitEnabled: false,
  delayCaptureEnabled: false,
  captureBeforeExpiryEnabled: false,
  checkoutBrand: {
    header: { logo: { size: 'MEDIUM' }, alignment: 'CENTER' },
    mainSection: {},
    footer: {},
    global: {},
  },
  checkoutBillingFields: {
    phone: { visible: true, required: false },
    company: { visible: false, required: false },
    addressLine2: { visible: true, required: false },
    vatId: { visible: false, required: false },
  },
};

const LOGO_IMAGE = 'checkoutBrand.header.logo.image';
const LEAVES = new Set([LOGO_IMAGE]);
const SKIP = new Set(['revision']);
/** Dotted paths a field mask may name (`checkoutPolicies.returnPolicy`, `checkoutBrand.header.logo`, …). */
export const CHECKOUT_SETTINGS_MASK_PATHS = maskPaths(InputSchema, LEAVES, SKIP);

type Row = typeof checkoutSettings.$inferSelect;

export interface StoredCheckoutSettings {
  settings: CheckoutSettings;
  revision: bigint;
  createdDate?: Date;
  updatedDate?: Date;
}

function fromRow(row: Row | undefined): StoredCheckoutSettings {
  const settings = withDefaults(CHECKOUT_SETTINGS_DEFAULTS, row?.data ?? {}, LEAVES);
  if (!row) return { settings, revision: 0n };
  return { settings, revision: row.revision, createdDate: row.createdDate, updatedDate: row.updatedDate };
}

/** The settings in effect (defaults before the first write). The checkout and order placement read these. */
export async function readCheckoutSettings(db: Db): Promise<StoredCheckoutSettings> {
  const [row] = await db.select().from(checkoutSettings).where(eq(checkoutSettings.id, 1)).limit(1);
  return fromRow(row);
}

/** The event entity of a checkout settings write, announced to every process (for `currentCheckoutSettings`). */
const CHECKOUT_SETTINGS = 'checkout_settings';
announceChanges([CHECKOUT_SETTINGS]);

/** A write that records no event (a seed run beside the server) shows at the latest after this long. */
export const CHECKOUT_SETTINGS_MAX_AGE_MS = 60_000;

const keptCheckoutSettings = keptPerServer([CHECKOUT_SETTINGS], CHECKOUT_SETTINGS_MAX_AGE_MS, (ctx) =>
  readCheckoutSettings(ctx.db),
);

/**
 * The checkout settings for what shoppers see (the public settings the hosted checkout reads, the brand of the
 * mails sent after every order): kept per process until a `checkout_settings` event commits, as
 * `currentStoreSettings` keeps the store's. Writes and the merchant's own reads use `readCheckoutSettings`.
 */
export function currentCheckoutSettings(ctx: AppContext): Promise<StoredCheckoutSettings> {
  return keptCheckoutSettings(ctx);
}

/** Who reads: the merchant sees everything; shoppers what the hosted checkout page shows. */
export type SettingsAudience = 'merchant' | 'shopper';

type WireLogo = Omit<CheckoutSettings['checkoutBrand']['header']['logo'], 'image'> & {
  image?: WireImage | Omit<WireImage, 'id'>;
};

function brandToWire(ctx: AppContext, brand: CheckoutSettings['checkoutBrand']) {
  const { image, ...logo } = brand.header.logo;
  const wireLogo: WireLogo = image ? { ...logo, image: imageRefToWire(ctx, image) } : logo;
  return { ...brand, header: { ...brand.header, logo: wireLogo } };
}

/**
 * The store as its mails show it: the checkout header's text as its name (else the store's name or host) and the
 * checkout logo, as an absolute URL; `store` is the store's own name (or host) for the subject and footer. Both
 * settings come from what this process keeps (a mail goes out after every order).
 */
export async function mailBrand(ctx: AppContext): Promise<{ name: string; logoUrl?: string; store: string }> {
  const [checkout, store] = await Promise.all([currentCheckoutSettings(ctx), storeDisplayName(ctx)]);
  const { header } = checkout.settings.checkoutBrand;
  const name = header.text?.trim() || store;
  const url = header.logo.image ? imageRefToWire(ctx, header.logo.image).url : undefined;
  return { name, ...(url ? { logoUrl: new URL(url, ctx.config.publicUrl).href } : {}), store };
}

/**
 * The wire object. Shoppers get the policies that are visible, the checkout fields, whether gift cards can
 * be redeemed, the brand and the billing fields; not the payment-capture options, revision or dates.
 */
export function checkoutSettingsToWire(
  ctx: AppContext,
  stored: StoredCheckoutSettings,
  audience: SettingsAudience,
) {
  const s = stored.settings;
  const brand = brandToWire(ctx, s.checkoutBrand);
  if (audience === 'shopper') {
    const policies = Object.fromEntries(Object.entries(s.checkoutPolicies).filter(([, p]) => p.visible));
    return {
      checkoutPolicies: policies,
      checkoutFields: s.checkoutFields,
      giftCardRedeemEnabled: s.giftCardRedeemEnabled,
      checkoutBrand: brand,
      checkoutBillingFields: s.checkoutBillingFields,
    };
  }
  return {
    ...s,
    checkoutBrand: brand,
    revision: stored.revision.toString(),
    ...(stored.createdDate ? { createdDate: stored.createdDate.toISOString() } : {}),
    ...(stored.updatedDate ? { updatedDate: stored.updatedDate.toISOString() } : {}),
  };
}

export type WireCheckoutSettings = ReturnType<typeof checkoutSettingsToWire>;

const violation = (
  field: string,
  description: string,
  rule: FieldViolation['violatedRule'],
): FieldViolation => ({
  field,
  description,
  violatedRule: rule,
  data: {},
});

/** Rules across fields, on the settings as they would be after the update. */
function check(s: CheckoutSettings): void {
  const at = (path: string) => `checkoutSettings.${path}`;
  const out: FieldViolation[] = [];
  for (const [name, policy] of Object.entries(s.checkoutPolicies))
    if (policy.visible && policy.content.trim() === '')
      out.push(
        violation(
          at(`checkoutPolicies.${name}.content`),
          'is required for a visible policy',
          'REQUIRED_FIELD',
        ),
      );
  const custom = s.checkoutPolicies.customPolicy;
  if (custom.visible && custom.title.trim() === '')
    out.push(
      violation(
        at('checkoutPolicies.customPolicy.title'),
        'is required for a visible custom policy',
        'REQUIRED_FIELD',
      ),
    );
  for (const [name, field] of Object.entries(s.checkoutBillingFields))
    if (field.required && !field.visible)
      out.push(
        violation(
          at(`checkoutBillingFields.${name}.required`),
          'needs the field to be visible',
          'VALIDATION',
        ),
      );
  if (s.captureBeforeExpiryEnabled && !s.delayCaptureEnabled)
    out.push(
      violation(at('captureBeforeExpiryEnabled'), 'applies only with delayCaptureEnabled', 'VALIDATION'),
    );
  if (out.length) throw new ValidationFailure(out);
}

const logoImageOf = (data: unknown): unknown =>
  (data as { checkoutBrand?: { header?: { logo?: { image?: unknown } } } } | undefined)?.checkoutBrand?.header
    ?.logo?.image;

/** Whether the update sets the logo image: the mask names it or a path above it, or (no mask) it is given. */
function setsLogo(input: CheckoutSettingsInput, fieldMask: string | undefined): boolean {
  if (fieldMask === undefined || fieldMask.trim() === '') return logoImageOf(input) !== undefined;
  return fieldMask
    .split(',')
    .map((p) => p.trim().replace(/^checkoutSettings\./, ''))
    .some((p) => p === LOGO_IMAGE || LOGO_IMAGE.startsWith(`${p}.`));
}

/** PATCH `{checkoutSettings, fieldMask}`: one write, one `checkout_settings.updated` event. */
export async function updateCheckoutSettings(
  ctx: AppContext,
  input: CheckoutSettingsInput,
  fieldMask: string | undefined,
): Promise<WireCheckoutSettings> {
  // The logo is looked up before the transaction (the media lookups use their own connection).
  const patch = structuredClone(input) as Record<string, unknown>;
  const image = logoImageOf(input);
  if (image && setsLogo(input, fieldMask)) {
    const current = (await readCheckoutSettings(ctx.db)).settings.checkoutBrand.header.logo.image;
    const logo = (patch.checkoutBrand as { header: { logo: { image: unknown } } }).header.logo;
    logo.image = await resolveImageRef(ctx, image as ImageInput, current, `checkoutSettings.${LOGO_IMAGE}`);
  }
  return ctx.events.transaction(async (tx) => {
    const current = await lockSingleton(tx, checkoutSettings, 'checkout settings', input.revision);
    const next = applyPatch(current.data, patch, fieldMask, {
      allowed: CHECKOUT_SETTINGS_MASK_PATHS,
      leaves: LEAVES,
      skip: SKIP,
      entity: 'checkoutSettings',
    });
    check(withDefaults(CHECKOUT_SETTINGS_DEFAULTS, next, LEAVES));
    const [row] = await tx
      .update(checkoutSettings)
      .set({ data: next, revision: sql`${checkoutSettings.revision} + 1`, updatedDate: ctx.clock() })
      .where(eq(checkoutSettings.id, 1))
      .returning();
    const wire = checkoutSettingsToWire(ctx, fromRow(row), 'merchant');
    return ctx.events.recordUpdate(tx, CHECKOUT_SETTINGS, 'checkout', 'checkoutSettings', wire);
  });
}
