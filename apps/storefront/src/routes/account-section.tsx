import {
  AisleError,
  authentication,
  type MemberFactor,
  type Passkey,
  type PhoneFactorType,
  type PostalAddress,
  type TotpEnrolment,
} from '@aisle/sdk';
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  useLoaderData,
  useParams,
} from 'react-router';
import { AddressBook } from '../components/address-book.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { SecurityPanel } from '../components/security-panel.tsx';
import {
  type AccountResult,
  activatePhone,
  activateTotp,
  addPasskey,
  type CustomFieldRow,
  type CustomKind,
  customFieldsFrom,
  listFactors,
  listPasskeys,
  removeAddress,
  removePasskey,
  removePhone,
  removeTotp,
  resendPhoneCode,
  saveAddress,
  saveProfile,
  setEmailCodes,
  startPhone,
  startTotp,
} from '../resources/members.ts';
import { requireMember } from '../resources/member.ts';
import { type ShownError, showError } from '../lib/errors.ts';
import { browserClientWith, browserStore, storeOf } from '../sdk.ts';
import { ACCOUNT_SECTIONS, useAccountMember } from '../resources/account.ts';
import type { RouteHandle } from '../lib/meta.ts';
import { usePageTitle } from '../lib/title.ts';
import { useSettledActionData } from '../lib/action-data.ts';

export async function accountSectionLoader({ params, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  if (!ACCOUNT_SECTIONS.some((s) => s.slug === params.section)) {
    throw data({ message: 'There is no such page in your account.' }, { status: 404 });
  }
  // The security page shows the masked phone numbers of SMS and CALL codes; the rest works without them.
  const security = params.section === 'security' && store.loggedIn();
  const api = security ? await store.api() : undefined;
  const [factors, passkeys] = await Promise.all([
    api ? listFactors(api).catch((): MemberFactor[] => []) : [],
    api ? listPasskeys(api).catch((): Passkey[] => []) : [],
  ]);
  return { factors, passkeys };
}

/** A throttled code says how long to wait in the server's words; anything else as usual. */
function phoneError(error: unknown): ShownError {
  if (error instanceof AisleError && error.status === 429 && error.description) {
    return { message: error.description, ...(error.requestId ? { requestId: error.requestId } : {}) };
  }
  return showError(error);
}

const phoneFactorFrom = (form: FormData): PhoneFactorType =>
  form.get('factorType') === 'CALL' ? 'CALL' : 'SMS';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

function customRowsFrom(form: FormData): CustomFieldRow[] {
  const names = form.getAll('cfName').map(String);
  const kinds = form.getAll('cfKind').map(String);
  const values = form.getAll('cfValue').map(String);
  return names.map((name, i) => {
    const kind = kinds[i];
    return {
      name,
      kind: (kind === 'number' || kind === 'date' ? kind : 'text') satisfies CustomKind,
      value: values[i] ?? '',
    };
  });
}

function addressFrom(form: FormData): PostalAddress {
  const address: PostalAddress = {};
  const set = (key: 'addressLine' | 'addressLine2' | 'city' | 'postalCode' | 'subdivision' | 'country') => {
    const value = text(form, key);
    if (value) address[key] = key === 'subdivision' || key === 'country' ? value.toUpperCase() : value;
  };
  for (const key of ['addressLine', 'addressLine2', 'city', 'postalCode', 'subdivision', 'country'] as const)
    set(key);
  return address;
}

/** Every form of the account pages posts here, told apart by `intent`. */
export async function accountSectionAction({ request }: ActionFunctionArgs): Promise<AccountResult> {
  const member = await requireMember(browserStore(), request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  try {
    switch (intent) {
      case 'profile': {
        const customFields = customFieldsFrom(customRowsFrom(form));
        if (typeof customFields === 'string') return { intent, error: { message: customFields } };
        await saveProfile(member, {
          firstName: text(form, 'firstName'),
          lastName: text(form, 'lastName'),
          phone: text(form, 'phone'),
          customFields,
        });
        return { intent, ok: 'Your profile is saved.' };
      }
      case 'address-save': {
        const id = text(form, 'addressId');
        const address = addressFrom(form);
        if (!address.addressLine || !address.city || !address.country) {
          return {
            intent,
            addressId: id || 'new',
            error: { message: 'An address needs a street, a city and a country.' },
          };
        }
        const tag = text(form, 'tag');
        try {
          await saveAddress(member, { ...(id ? { id } : {}), address, ...(tag ? { tag } : {}) });
        } catch (error) {
          return { intent, addressId: id || 'new', error: showError(error) };
        }
        return { intent, ok: id ? 'The address is updated.' : 'The address is added.' };
      }
      case 'address-remove':
        await removeAddress(member, text(form, 'addressId'));
        return { intent, ok: 'The address is removed.' };
      case 'totp-start':
        return { intent, enrolment: await startTotp() };
      case 'totp-activate': {
        try {
          await activateTotp(text(form, 'code'));
        } catch (error) {
          const enrolment: TotpEnrolment = {
            secret: text(form, 'secret'),
            qrCodeDataUrl: text(form, 'qrCodeDataUrl'),
          };
          return { intent, enrolment, error: showError(error) };
        }
        return {
          intent,
          ok: 'Your authenticator app is set up. You will need a code from it when you sign in.',
        };
      }
      case 'totp-remove':
        await removeTotp();
        return { intent, ok: 'The authenticator app is removed.' };
      case 'email-codes-on':
      case 'email-codes-off':
        await setEmailCodes(intent === 'email-codes-on');
        return {
          intent,
          ok:
            intent === 'email-codes-on'
              ? 'Sign-in codes by e-mail are on.'
              : 'Sign-in codes by e-mail are off.',
        };
      case 'phone-start':
      case 'phone-resend': {
        const factorType = phoneFactorFrom(form);
        try {
          const phoneEnrolment =
            intent === 'phone-start'
              ? await startPhone(factorType, text(form, 'phone'))
              : await resendPhoneCode(factorType);
          return { intent, factorType, phoneEnrolment };
        } catch (error) {
          // A resend that fails keeps the code form; a start that fails goes back to the number.
          const pending =
            intent === 'phone-resend'
              ? { phoneEnrolment: { hint: text(form, 'hint') } }
              : { phone: text(form, 'phone') };
          return { intent, factorType, ...pending, error: phoneError(error) };
        }
      }
      case 'phone-activate': {
        const factorType = phoneFactorFrom(form);
        try {
          await activatePhone(factorType, text(form, 'code'));
        } catch (error) {
          return {
            intent,
            factorType,
            phoneEnrolment: { hint: text(form, 'hint') },
            error: phoneError(error),
          };
        }
        return {
          intent,
          factorType,
          ok:
            factorType === 'SMS'
              ? 'Codes by text message are on. We will text you a code when you sign in.'
              : 'Codes by phone call are on. We will call you with a code when you sign in.',
        };
      }
      case 'phone-remove': {
        const factorType = phoneFactorFrom(form);
        await removePhone(factorType);
        return {
          intent,
          factorType,
          ok: factorType === 'SMS' ? 'Codes by text message are off.' : 'Codes by phone call are off.',
        };
      }
      case 'passkey-add':
        await addPasskey(text(form, 'passkeyName'));
        return {
          intent,
          ok: 'Your passkey is added. You can sign in with it, and it is asked after your password.',
        };
      case 'passkey-remove':
        await removePasskey(text(form, 'passkeyId'));
        return { intent, ok: 'The passkey is removed.' };
      case 'password': {
        const password = String(form.get('newPassword') ?? '');
        if (password !== String(form.get('confirm') ?? '')) {
          return { intent, error: { message: 'The two passwords are not the same.' } };
        }
        await (await browserClientWith({ authentication })).authentication.changePassword(password);
        return { intent, ok: 'Your password is changed. Other devices are signed out.' };
      }
      default:
        return { intent, error: { message: 'This form is not known.' } };
    }
  } catch (error) {
    return { intent, error: showError(error) };
  }
}

export const accountSectionHandle: RouteHandle = {
  meta: ({ params }) => ({
    title: ACCOUNT_SECTIONS.find((s) => s.slug === params.section)?.label ?? 'My account',
    noindex: true,
  }),
};

export function AccountSection() {
  const { section } = useParams();
  const member = useAccountMember();
  const result = useSettledActionData<AccountResult>();
  const { factors, passkeys } = useLoaderData<typeof accountSectionLoader>();
  usePageTitle(ACCOUNT_SECTIONS.find((s) => s.slug === section)?.label ?? 'My account');
  switch (section) {
    case 'security':
      return <SecurityPanel member={member} result={result} factors={factors} passkeys={passkeys} />;
    // `/account/orders` and `/account/subscriptions` have their own routes.
    default:
      return (
        <>
          <ProfileForm member={member} result={result?.intent === 'profile' ? result : undefined} />
          <AddressBook member={member} result={result?.intent.startsWith('address') ? result : undefined} />
        </>
      );
  }
}
