import type { Identity, MemberFactor, Passkey, PhoneFactorType } from '@aisle/sdk';
import { Form, Link } from 'react-router';
import { hasActiveFactor } from '../resources/members.ts';
import type { AccountResult } from '../resources/members.ts';
import { IntentForm, NewPasswordFields, RemoveForm } from './account-forms.tsx';
import { ErrorNotice, Field, Notice, SubmitButton } from './form.tsx';

/** Two-step verification (authenticator app, codes by e-mail, text message or call) and the password. */
export function SecurityPanel({
  member,
  result,
  factors,
  passkeys,
}: {
  member: Identity;
  result: AccountResult | undefined;
  /** From the page's loader: the masked numbers of phone factors. */
  factors: MemberFactor[];
  passkeys: Passkey[];
}) {
  const totp = hasActiveFactor(member, 'TOTP');
  const emailCodes = hasActiveFactor(member, 'EMAIL');
  const factorResult =
    result && result.intent !== 'password' && !result.intent.startsWith('passkey-') ? result : undefined;
  const passkeyResult = result?.intent.startsWith('passkey-') ? result : undefined;
  const enrolment = !totp ? factorResult?.enrolment : undefined;
  // Phone forms show their own errors next to their fields.
  const phoneResult = factorResult?.intent.startsWith('phone-') ? factorResult : undefined;
  return (
    <>
      <section className="panel" aria-labelledby="two-step-title">
        <h2 id="two-step-title">Two-step verification</h2>
        <p className="muted">
          Ask for a code as well as your password when you sign in, so a stolen password alone is not enough.
        </p>
        {factorResult?.ok && <Notice tone="success">{factorResult.ok}</Notice>}
        {!enrolment && !phoneResult && <ErrorNotice error={factorResult?.error} />}

        <div className="factor">
          <div>
            <h3>Authenticator app</h3>
            <p className="muted">Codes from an app such as Google Authenticator, 1Password or Aegis.</p>
          </div>
          <span className={`badge ${totp ? 'badge-on' : ''}`}>{totp ? 'On' : 'Off'}</span>
        </div>
        {totp ? (
          <RemoveForm intent="totp-remove">Remove the authenticator app</RemoveForm>
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
                  <CodeField label="Enter the 6-digit code the app shows" />
                  <SubmitButton name="intent" value="totp-activate" pendingText="Checking…">
                    Turn on
                  </SubmitButton>
                </Form>
              </li>
            </ol>
          </div>
        ) : (
          <IntentForm intent="totp-start" pendingText="Preparing…" className="button button-secondary">
            Set up an authenticator app
          </IntentForm>
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
        <IntentForm
          intent={emailCodes ? 'email-codes-off' : 'email-codes-on'}
          pendingText="Saving…"
          className="button button-ghost"
        >
          {emailCodes ? 'Turn off codes by e-mail' : 'Turn on codes by e-mail'}
        </IntentForm>

        {(['SMS', 'CALL'] as const).map((type) => (
          <PhoneFactor
            key={type}
            type={type}
            on={hasActiveFactor(member, type)}
            hint={factors.find((f) => f.type === type && f.status === 'ACTIVE')?.hint}
            result={phoneResult?.factorType === type ? phoneResult : undefined}
          />
        ))}
        {[totp, emailCodes, hasActiveFactor(member, 'SMS'), hasActiveFactor(member, 'CALL')].filter(Boolean)
          .length > 1 && (
          <p className="muted small">
            With more than one on, sign-in asks for the authenticator code first, then a text message, a call
            or an e-mail; you can switch to another one on the sign-in page.
          </p>
        )}
      </section>

      <section className="panel" aria-labelledby="passkeys-title">
        <h2 id="passkeys-title">Passkeys</h2>
        <p className="muted">
          Sign in with your fingerprint, face, screen lock or a security key instead of a password. With a
          passkey, signing in with your password also asks for it.
        </p>
        {passkeyResult?.ok && <Notice tone="success">{passkeyResult.ok}</Notice>}
        <ErrorNotice error={passkeyResult?.error} />
        {passkeys.length > 0 && (
          <ul className="passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="factor">
                <div>
                  <h3>{passkey.name}</h3>
                  <p className="muted small">
                    Added {passkey.createdDate ? passkey.createdDate.toLocaleDateString() : ''}
                    {passkey.lastUsedDate ? `, last used ${passkey.lastUsedDate.toLocaleDateString()}` : ''}
                  </p>
                </div>
                <RemoveForm intent="passkey-remove" hidden={{ passkeyId: passkey.id }}>
                  Remove {passkey.name}
                </RemoveForm>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="stack" key={passkeyResult?.ok ? `done-${passkeys.length}` : 'form'}>
          <Field
            label="Passkey name (optional)"
            name="passkeyName"
            className="narrow"
            maxLength={100}
            placeholder="e.g. My phone"
          />
          <SubmitButton
            name="intent"
            value="passkey-add"
            pendingText="Waiting for your device…"
            className="button button-secondary"
          >
            Add a passkey
          </SubmitButton>
        </Form>
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
            <NewPasswordFields name="newPassword" repeat />
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

const PHONE_TEXT = {
  SMS: {
    title: 'Codes by text message',
    off: 'A code sent by text message to your mobile each time you sign in.',
    numberLabel: 'Mobile number for text messages',
    send: 'Text me a code',
    sentTo: (hint: string) => `We sent a 6-digit code by text message to ${hint}.`,
    again: 'Send a new code',
    turnOn: 'Turn on text-message codes',
    remove: 'Remove text-message codes',
  },
  CALL: {
    title: 'Codes by phone call',
    off: 'A call that reads you a code each time you sign in (any phone, also a landline).',
    numberLabel: 'Phone number for calls',
    send: 'Call me with a code',
    sentTo: (hint: string) => `We are calling ${hint} to read you a 6-digit code.`,
    again: 'Call me again',
    turnOn: 'Turn on call codes',
    remove: 'Remove call codes',
  },
} as const;

/** One phone factor: its state, the number form, then the code form while an enrolment is pending. */
function PhoneFactor({
  type,
  on,
  hint,
  result,
}: {
  type: PhoneFactorType;
  on: boolean;
  hint: string | undefined;
  result: AccountResult | undefined;
}) {
  const copy = PHONE_TEXT[type];
  const pending = !on ? result?.phoneEnrolment : undefined;
  const pendingHint = pending?.hint ?? '';
  return (
    <>
      <div className="factor">
        <div>
          <h3>{copy.title}</h3>
          <p className="muted">{on ? `Codes go to ${hint ?? 'your phone'}.` : copy.off}</p>
        </div>
        <span className={`badge ${on ? 'badge-on' : ''}`}>{on ? 'On' : 'Off'}</span>
      </div>
      {on ? (
        <RemoveForm intent="phone-remove" hidden={{ factorType: type }}>
          {copy.remove}
        </RemoveForm>
      ) : pending ? (
        <div className="enrolment">
          <Form method="post" className="stack" key={`${type}-code`}>
            <input type="hidden" name="factorType" value={type} />
            <input type="hidden" name="hint" value={pendingHint} />
            {result?.intent !== 'phone-activate' && !result?.error && (
              <Notice>{copy.sentTo(pendingHint || 'your phone')}</Notice>
            )}
            <ErrorNotice error={result?.error} />
            <CodeField label={`Enter the 6-digit code for ${type === 'SMS' ? 'text messages' : 'calls'}`} />
            <SubmitButton name="intent" value="phone-activate" pendingText="Checking…">
              {copy.turnOn}
            </SubmitButton>
          </Form>
          <Form method="post" className="inline-form">
            <input type="hidden" name="factorType" value={type} />
            <input type="hidden" name="hint" value={pendingHint} />
            <SubmitButton name="intent" value="phone-resend" pendingText="Sending…" className="link-button">
              {copy.again}
            </SubmitButton>
          </Form>
          <p className="inline-form">
            <Link to="/account/security">Use another number</Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="stack" key={`${type}-number`}>
          <input type="hidden" name="factorType" value={type} />
          <ErrorNotice error={result?.error} />
          <Field
            label={copy.numberLabel}
            name="phone"
            type="tel"
            autoComplete="tel"
            className="narrow"
            placeholder="+44 7911 123456"
            defaultValue={result?.phone ?? ''}
            error={result?.error?.fields?.phone}
            hint="International format: + and the country code."
            required
          />
          <SubmitButton
            name="intent"
            value="phone-start"
            pendingText="Sending…"
            className="button button-secondary"
          >
            {copy.send}
          </SubmitButton>
        </Form>
      )}
    </>
  );
}

/** The field of a 6-digit one-time code (from an authenticator app, a text or a call). */
function CodeField({ label }: { label: string }) {
  return (
    <Field
      label={label}
      name="code"
      className="narrow"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
    />
  );
}
