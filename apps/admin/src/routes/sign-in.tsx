import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
} from 'react-router';
import type { StaffSignIn } from '@aisle/sdk';
import { ErrorNotice, Field, Notice, SubmitButton } from '../components/form.ts';
import { SignedOutPage } from '../components/signed-out-page.tsx';
import { accountFormError, fieldErrors, signInError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';
import { publicClient, signedInClient, signIn, startStaffSession } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { IntentForm, PasswordField, SecretField } from '../components/intent-form.tsx';

/**
 * Sign-in: e-mail and password (then the authenticator code when the account has one), or an admin API key
 * (`?with=key`, for scripts' owners and the first start). While the store has no owner account, the page
 * offers creating it with the setup code the server printed (or the admin API key).
 */
export async function signInLoader({ request }: LoaderFunctionArgs) {
  if (signedInClient()) return redirect('/');
  const params = new URL(request.url).searchParams;
  const status = await publicClient()
    .staffAccounts.getSetupStatus()
    .catch(() => ({ ownerExists: true }));
  return {
    ownerExists: status.ownerExists,
    withKey: params.get('with') === 'key',
    ended: params.has('ended'),
  };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** Where a sign-in step leads: the app, or the code step. */
function next(result: StaffSignIn) {
  if (result.state === 'TOTP_REQUIRED') return { challengeToken: result.challengeToken, error: undefined };
  startStaffSession(result.token);
  return redirect('/');
}

export async function signInAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const client = publicClient();
  try {
    if (intent === 'key') {
      const key = text(form, 'apiKey');
      if (!key)
        return { error: { message: 'Paste the admin API key.', fields: { apiKey: 'Paste the key.' } } };
      try {
        await signIn(key);
      } catch (error) {
        return { error: signInError(error) };
      }
      return redirect('/');
    }
    if (intent === 'totp') {
      const challengeToken = text(form, 'challengeToken');
      const code = text(form, 'code').replace(/\s+/g, '');
      if (!/^\d{6}$/.test(code))
        return {
          challengeToken,
          error: { message: 'Enter the six digits.', fields: { code: 'Enter the six digits of the code.' } },
        };
      try {
        return next(await client.staffAccounts.verifyTotp(challengeToken, code));
      } catch (error) {
        return { challengeToken, error: accountFormError(error) };
      }
    }
    if (intent === 'setup') {
      return next(
        await client.staffAccounts.createOwner({
          setupCode: text(form, 'setupCode'),
          name: text(form, 'name'),
          email: text(form, 'email'),
          password: String(form.get('password') ?? ''),
        }),
      );
    }
    const email = text(form, 'email');
    const password = String(form.get('password') ?? '');
    if (!email || !password)
      return {
        error: {
          message: 'Enter your e-mail address and password.',
          fields: {
            ...(email ? {} : { email: 'Enter your e-mail address.' }),
            ...(password ? {} : { password: 'Enter your password.' }),
          },
        },
      };
    return next(await client.staffAccounts.signIn(email, password));
  } catch (error) {
    return { error: accountFormError(error) };
  }
}

export function SignIn() {
  const { ownerExists, withKey, ended } = useLoaderData<typeof signInLoader>();
  const result = useSettledActionData<typeof signInAction>();
  usePageTitle('Sign in');
  const challengeToken = result && 'challengeToken' in result ? result.challengeToken : undefined;
  const fields = fieldErrors(result);

  if (challengeToken) {
    return (
      <SignedOutPage>
        <section className="panel stack" aria-labelledby="sign-in-title">
          <p className="eyebrow">Aisle Admin</p>
          <h1 id="sign-in-title">Sign in</h1>
          <p className="muted">Open your authenticator app and enter the six-digit code for Aisle Admin.</p>
          <ErrorNotice error={result?.error} />
          <IntentForm intent="totp" values={{ challengeToken }}>
            <Field
              label="Authentication code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              autoFocus
              error={fields?.code}
            />
            <SubmitButton pendingText="Checking the code…">Verify</SubmitButton>
          </IntentForm>
          <p>
            <Link to="/sign-in">Start again</Link>
          </p>
        </section>
      </SignedOutPage>
    );
  }

  return (
    <SignedOutPage>
      <section className="panel stack" aria-labelledby="sign-in-title">
        <p className="eyebrow">Aisle Admin</p>
        <h1 id="sign-in-title">Sign in</h1>
        {ended && <Notice>Your session has ended. Please sign in again.</Notice>}
        <ErrorNotice error={result?.error} />
        {withKey ? (
          <>
            <p className="muted">
              Paste an admin API key: the one the server printed at its first start, its{' '}
              <code>ADMIN_API_KEY</code>, or one an owner made. It is kept in this browser tab only.
            </p>
            {/* POST, never GET: the key must not end up in a URL. */}
            <IntentForm intent="key">
              <SecretField label="Admin API key" name="apiKey" error={fields?.apiKey} />
              <SubmitButton pendingText="Checking the key…">Sign in</SubmitButton>
            </IntentForm>
            <p>
              <Link to="/sign-in">Sign in with e-mail and password</Link>
            </p>
          </>
        ) : (
          <>
            {ownerExists ? (
              <IntentForm intent="password">
                <Field
                  label="E-mail"
                  name="email"
                  type="email"
                  autoComplete="username"
                  error={fields?.email}
                />
                <PasswordField label="Password" name="password" error={fields?.password} />
                <SubmitButton pendingText="Signing in…">Sign in</SubmitButton>
              </IntentForm>
            ) : (
              <OwnerSetup fields={fields} />
            )}
            <p>
              <Link to="/sign-in?with=key">Use an admin API key instead</Link>
            </p>
          </>
        )}
      </section>
    </SignedOutPage>
  );
}

/** The first owner account, while none exists. */
function OwnerSetup({ fields }: { fields: Record<string, string> | undefined }) {
  return (
    <section className="stack" aria-labelledby="setup-title">
      <h2 id="setup-title">Create the owner account</h2>
      <p className="muted">
        This store has no owner account yet. Enter the setup code the server printed when it started (or the
        admin API key), then your name, e-mail address and a password of at least 8 characters.
      </p>
      <IntentForm intent="setup">
        <SecretField label="Setup code or admin API key" name="setupCode" error={fields?.setupCode} />
        <Field label="Your name" name="name" autoComplete="name" error={fields?.name} />
        <Field label="E-mail" name="email" type="email" autoComplete="username" error={fields?.email} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          error={fields?.password}
        />
        <SubmitButton pendingText="Creating the account…">Create the owner account</SubmitButton>
      </IntentForm>
    </section>
  );
}
