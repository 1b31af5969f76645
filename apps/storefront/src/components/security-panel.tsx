import type { Identity } from '@aisle/sdk';
import { Form } from 'react-router';
import { hasActiveFactor } from '../resources/members.ts';
import type { AccountResult } from '../routes/account-section.tsx';
import { ErrorNotice, Field, Notice, SubmitButton } from './form.tsx';

/** Two-step verification (authenticator app, e-mailed codes) and the password. */
export function SecurityPanel({ member, result }: { member: Identity; result: AccountResult | undefined }) {
  const totp = hasActiveFactor(member, 'TOTP');
  const emailCodes = hasActiveFactor(member, 'EMAIL');
  const factorResult = result && result.intent !== 'password' ? result : undefined;
  const enrolment = !totp ? factorResult?.enrolment : undefined;
  return (
    <>
      <section className="panel" aria-labelledby="two-step-title">
        <h2 id="two-step-title">Two-step verification</h2>
        <p className="muted">
          Ask for a code as well as your password when you sign in, so a stolen password alone is not enough.
        </p>
        {factorResult?.ok && <Notice tone="success">{factorResult.ok}</Notice>}
        {!enrolment && <ErrorNotice error={factorResult?.error} />}

        <div className="factor">
          <div>
            <h3>Authenticator app</h3>
            <p className="muted">Codes from an app such as Google Authenticator, 1Password or Aegis.</p>
          </div>
          <span className={`badge ${totp ? 'badge-on' : ''}`}>{totp ? 'On' : 'Off'}</span>
        </div>
        {totp ? (
          <Form method="post">
            <SubmitButton
              name="intent"
              value="totp-remove"
              pendingText="Removing…"
              className="button button-ghost danger"
            >
              Remove the authenticator app
            </SubmitButton>
          </Form>
        ) : enrolment ? (
          <div className="enrolment">
            <ol className="steps">
              <li>
                <p>Scan this code with your authenticator app:</p>
                {enrolment.qrCodeDataUrl && (
                  <img
                    className="qr"
                    src={enrolment.qrCodeDataUrl}
                    width={180}
                    height={180}
                    alt="QR code to add this store to your authenticator app"
                  />
                )}
                {enrolment.secret && (
                  <p className="muted">
                    Cannot scan it? Enter this key instead: <code className="secret">{enrolment.secret}</code>
                  </p>
                )}
              </li>
              <li>
                <Form method="post" className="stack">
                  <input type="hidden" name="secret" value={enrolment.secret ?? ''} />
                  <input type="hidden" name="qrCodeDataUrl" value={enrolment.qrCodeDataUrl ?? ''} />
                  <ErrorNotice error={factorResult?.error} />
                  <Field
                    label="Enter the 6-digit code the app shows"
                    name="code"
                    className="narrow"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]{6}"
                    maxLength={6}
                    required
                  />
                  <SubmitButton name="intent" value="totp-activate" pendingText="Checking…">
                    Turn on
                  </SubmitButton>
                </Form>
              </li>
            </ol>
          </div>
        ) : (
          <Form method="post">
            <SubmitButton
              name="intent"
              value="totp-start"
              pendingText="Preparing…"
              className="button button-secondary"
            >
              Set up an authenticator app
            </SubmitButton>
          </Form>
        )}

        <div className="factor">
          <div>
            <h3>Codes by e-mail</h3>
            <p className="muted">
              A code sent to {member.email?.address ?? 'your address'} each time you sign in.
            </p>
          </div>
          <span className={`badge ${emailCodes ? 'badge-on' : ''}`}>{emailCodes ? 'On' : 'Off'}</span>
        </div>
        <Form method="post">
          <SubmitButton
            name="intent"
            value={emailCodes ? 'email-codes-off' : 'email-codes-on'}
            pendingText="Saving…"
            className="button button-ghost"
          >
            {emailCodes ? 'Turn off codes by e-mail' : 'Turn on codes by e-mail'}
          </SubmitButton>
        </Form>
        {totp && emailCodes && (
          <p className="muted small">With both on, sign-in asks for the authenticator code.</p>
        )}
      </section>

      <section className="panel" aria-labelledby="password-title">
        <h2 id="password-title">Password</h2>
        <Form
          method="post"
          className="stack"
          key={result?.intent === 'password' && result.ok ? 'done' : 'form'}
        >
          {result?.intent === 'password' && result.ok && <Notice tone="success">{result.ok}</Notice>}
          <ErrorNotice error={result?.intent === 'password' ? result.error : undefined} />
          <div className="field-row">
            <Field
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
              hint="At least 8 characters."
            />
            <Field
              label="Repeat the new password"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
            />
          </div>
          <SubmitButton
            name="intent"
            value="password"
            pendingText="Saving…"
            className="button button-secondary"
          >
            Change password
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}
