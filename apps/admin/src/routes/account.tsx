import { type ActionFunctionArgs, Form, useLoaderData } from 'react-router';
import { ErrorNotice, Field, Notice, SubmitButton } from '../components/form.ts';
import { accountFormError, fieldErrors } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';
import { currentSession, forgetSession, requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';
import { IntentForm, PasswordField } from '../components/intent-form.tsx';
import { Panel } from '../components/panel.tsx';

/** One's own account: the role and its permissions, the password, two-step sign-in (TOTP). */
export async function accountLoader() {
  return { session: await currentSession() };
}

export async function accountAction({ request }: ActionFunctionArgs) {
  const client = requireClient();
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const value = (name: string) => String(form.get(name) ?? '');
  // The page and the header read the account again after any change.
  forgetSession();
  try {
    if (intent === 'password') {
      if (value('newPassword') !== value('confirmPassword'))
        return {
          intent,
          error: {
            message: 'Please correct the fields marked below.',
            fields: { confirmPassword: 'The two new passwords are not the same.' },
          },
        };
      await client.staffAccounts.changePassword(value('currentPassword'), value('newPassword'));
      return { intent, done: 'Your password was changed.' };
    }
    if (intent === 'totp-start') {
      return { intent, enrolment: await client.staffAccounts.startTotpEnrolment() };
    }
    if (intent === 'totp-activate') {
      await client.staffAccounts.activateTotp(value('code').replace(/\s+/g, ''));
      return { intent, done: 'Two-step sign-in is on. Sign-in now asks for a code from your app.' };
    }
    if (intent === 'totp-remove') {
      await client.staffAccounts.removeTotp(value('password'));
      return { intent, done: 'Two-step sign-in is off.' };
    }
  } catch (error) {
    const enrolment = intent === 'totp-activate' ? JSON.parse(value('enrolment') || 'null') : undefined;
    return { intent, error: accountFormError(error), enrolment };
  }
  return { intent, error: { message: 'Unknown action.' } };
}

const ROLE_TEXT = {
  OWNER: 'Owner: everything, including staff, API keys and the audit log.',
  MANAGER: 'Manager: products, orders (refunds too), customers, coupons and settings; not staff or keys.',
  FULFILMENT: 'Fulfilment: sees products, orders and customers; fulfils orders and changes stock.',
};

export function Account() {
  const { session } = useLoaderData<typeof accountLoader>();
  const result = useSettledActionData<typeof accountAction>();
  usePageTitle('Your account');
  const staff = session.staff;
  const error = result && 'error' in result ? result.error : undefined;
  const fields = fieldErrors(result) ?? {};
  const enrolment = result && 'enrolment' in result ? result.enrolment : undefined;
  const totpOn = staff?.totpEnabled;
  return (
    <div className="stack narrow-panel">
      <h1>Your account</h1>
      {result && 'done' in result && <Notice tone="success">{result.done}</Notice>}
      <ErrorNotice error={error} />
      <section className="panel stack" aria-labelledby="who-title">
        <h2 id="who-title">{staff ? staff.name || staff.email : `API key “${session.apiKey?.name}”`}</h2>
        {staff && <p>{staff.email}</p>}
        <p data-testid="account-role">{ROLE_TEXT[session.role]}</p>
        {!staff && (
          <p className="muted">
            You are signed in with an API key: it has no password or two-step sign-in. Sign in with a staff
            account to change those.
          </p>
        )}
      </section>
      {staff && (
        <>
          <Panel id="totp-title" title="Two-step sign-in">
            {totpOn ? (
              <>
                <p>On: signing in asks for a code from your authenticator app.</p>
                <IntentForm intent="totp-remove">
                  <PasswordField label="Password to turn it off" name="password" error={fields.password} />
                  <SubmitButton className="button button-secondary" pendingText="Turning off…">
                    Turn off two-step sign-in
                  </SubmitButton>
                </IntentForm>
              </>
            ) : enrolment ? (
              <Form method="post" className="stack" noValidate>
                <p>
                  Scan this code with an authenticator app (or enter the key by hand), then enter the
                  six-digit code it shows.
                </p>
                <img
                  className="qr-code"
                  src={enrolment.qrCodeDataUrl}
                  alt="QR code for your authenticator app"
                />
                <p>
                  Key:{' '}
                  <code className="secret-once" data-testid="totp-secret">
                    {enrolment.secret}
                  </code>
                </p>
                <input type="hidden" name="intent" value="totp-activate" />
                <input type="hidden" name="enrolment" value={JSON.stringify(enrolment)} />
                <Field
                  label="Code from the app"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  error={
                    result?.intent === 'totp-activate' && 'error' in result
                      ? result.error?.message
                      : undefined
                  }
                />
                <SubmitButton pendingText="Checking…">Turn on two-step sign-in</SubmitButton>
              </Form>
            ) : (
              <Form method="post" className="stack">
                <p>Off. Protect the store: with it on, a stolen password alone cannot sign in.</p>
                <input type="hidden" name="intent" value="totp-start" />
                <SubmitButton pendingText="Preparing…">Set up two-step sign-in</SubmitButton>
              </Form>
            )}
          </Panel>
          <Panel id="password-title" title="Password">
            <IntentForm intent="password">
              <PasswordField label="Current password" name="currentPassword" error={fields.currentPassword} />
              <PasswordField
                label="New password"
                name="newPassword"
                autoComplete="new-password"
                hint="At least 8 characters."
                error={fields.newPassword}
              />
              <PasswordField
                label="New password again"
                name="confirmPassword"
                autoComplete="new-password"
                error={fields.confirmPassword}
              />
              <SubmitButton pendingText="Saving…">Change password</SubmitButton>
            </IntentForm>
          </Panel>
        </>
      )}
    </div>
  );
}
