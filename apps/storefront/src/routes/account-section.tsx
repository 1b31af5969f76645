import type { PostalAddress, TotpEnrolment } from '@aisle/sdk';
import {
  type ActionFunctionArgs,
  data,
  Link,
  type LoaderFunctionArgs,
  useActionData,
  useParams,
} from 'react-router';
import { AddressBook } from '../components/address-book.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { SecurityPanel } from '../components/security-panel.tsx';
import {
  activateTotp,
  type CustomFieldRow,
  type CustomKind,
  customFieldsFrom,
  removeAddress,
  removeTotp,
  saveAddress,
  saveProfile,
  setEmailCodes,
  startTotp,
} from '../resources/members.ts';
import { requireMember } from '../resources/session.ts';
import { type ShownError, showError } from '../lib/errors.ts';
import { client } from '../sdk.ts';
import { ACCOUNT_SECTIONS, useAccountMember } from './account.tsx';
import { usePageTitle } from '../lib/title.ts';

export function accountSectionLoader({ params }: LoaderFunctionArgs) {
  if (!ACCOUNT_SECTIONS.some((s) => s.slug === params.section)) {
    throw data({ message: 'There is no such page in your account.' }, { status: 404 });
  }
  return null;
}

/** What an account form gets back: which form it was, and a confirmation or an error. */
export interface AccountResult {
  intent: string;
  ok?: string;
  error?: ShownError;
  /** The address form to keep open after an error (its id, or `new`). */
  addressId?: string;
  enrolment?: TotpEnrolment;
}

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
  const member = await requireMember(request);
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
      case 'password': {
        const password = String(form.get('newPassword') ?? '');
        if (password !== String(form.get('confirm') ?? '')) {
          return { intent, error: { message: 'The two passwords are not the same.' } };
        }
        await client.authentication.changePassword(password);
        return { intent, ok: 'Your password is changed. Other devices are signed out.' };
      }
      default:
        return { intent, error: { message: 'This form is not known.' } };
    }
  } catch (error) {
    return { intent, error: showError(error) };
  }
}

export function AccountSection() {
  const { section } = useParams();
  const member = useAccountMember();
  const result = useActionData<AccountResult>();
  usePageTitle(ACCOUNT_SECTIONS.find((s) => s.slug === section)?.label ?? 'My account');
  switch (section) {
    case 'security':
      return <SecurityPanel member={member} result={result} />;
    case 'orders':
      return (
        <Placeholder title="Orders">
          Order history is not available in this store yet: there is no orders service behind the storefront
          so far.
        </Placeholder>
      );
    case 'subscriptions':
      return (
        <Placeholder title="Subscriptions">
          This store does not sell subscriptions yet, so there is nothing to manage here.
        </Placeholder>
      );
    default:
      return (
        <>
          <ProfileForm member={member} result={result?.intent === 'profile' ? result : undefined} />
          <AddressBook member={member} result={result?.intent.startsWith('address') ? result : undefined} />
        </>
      );
  }
}

function Placeholder({ title, children }: { title: string; children: string }) {
  return (
    <section className="panel" aria-labelledby="placeholder-title">
      <h2 id="placeholder-title">{title}</h2>
      <p className="muted">{children}</p>
      <p>
        <Link className="button button-secondary" to="/shop">
          Continue shopping
        </Link>
      </p>
    </section>
  );
}
