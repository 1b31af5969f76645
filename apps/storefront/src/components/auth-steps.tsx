import type { FactorType, LoginResult } from '@aisle/sdk';
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { solveCaptcha } from '../resources/captcha.ts';
import {
  type AuthStep,
  attemptSignIn,
  type FactorOption,
  type SecondFactorStep,
  sendSecondFactorCode,
  toCaptchaTokens,
  verifyPasskeyFactor,
  verifySecondFactor,
} from '../resources/session.ts';
import { CheckBox, ErrorNotice, Notice, SubmitButton } from './form.tsx';

const FACTOR_TYPES: readonly FactorType[] = ['WEBAUTHN', 'TOTP', 'SMS', 'CALL', 'EMAIL'];
const asFactor = (value: unknown): FactorType | undefined => FACTOR_TYPES.find((type) => type === value);

/** The other factors, as the hidden `available` field carries them (JSON); anything unreadable is dropped. */
function availableFrom(raw: string): FactorOption[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const record = item as Record<string, unknown>;
      const factorType = asFactor(record.factorType);
      const hint = typeof record.hint === 'string' ? record.hint.slice(0, 100) : '';
      return factorType ? [{ factorType, hint }] : [];
    });
  } catch {
    return [];
  }
}

/** Reads the hidden fields a code step posts back (the action itself keeps no state). */
export function codeStepFrom(form: FormData): SecondFactorStep | undefined {
  const stateToken = String(form.get('stateToken') ?? '');
  const factorType = asFactor(String(form.get('factorType') ?? ''));
  if (!stateToken || !factorType) return undefined;
  const hint = String(form.get('hint') ?? '');
  const available = availableFrom(String(form.get('available') ?? '[]'));
  const webAuthnOptions = optionsFrom(String(form.get('webAuthnOptions') ?? ''));
  return {
    step: 'second-factor',
    stateToken,
    factorType,
    ...(hint ? { hint } : {}),
    available,
    ...(webAuthnOptions ? { webAuthnOptions } : {}),
  };
}

/** The passkey step's options, as the hidden field carries them (JSON with a challenge). */
function optionsFrom(raw: string): SecondFactorStep['webAuthnOptions'] {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { challenge?: unknown }).challenge === 'string'
    )
      return parsed as SecondFactorStep['webAuthnOptions'];
  } catch {
    // Unreadable: the step asks the server again (switch to the passkey).
  }
  return undefined;
}

/**
 * The second-factor intents of a sign-in form (code, resend, switch factor); undefined for other intents.
 * Shared by the sign-in and sign-up actions.
 */
export async function secondFactorAction(
  intent: string,
  form: FormData,
  target: string,
): Promise<AuthStep | undefined> {
  const switchTo = intent.startsWith('factor-switch:')
    ? asFactor(intent.slice('factor-switch:'.length))
    : undefined;
  if (intent !== 'second-factor' && intent !== 'factor-resend' && !switchTo) return undefined;
  const pending = codeStepFrom(form);
  if (!pending) return { step: 'form' };
  if (intent === 'second-factor' && pending.factorType === 'WEBAUTHN')
    return verifyPasskeyFactor(pending, target, form.get('remember') === '1');
  if (intent === 'second-factor') {
    const code = String(form.get('code') ?? '').trim();
    return verifySecondFactor(pending, code, target, form.get('remember') === '1');
  }
  return sendSecondFactorCode(pending, switchTo);
}

/** What the second-factor step says about where the code is. */
function factorText(factorType: FactorType, hint: string | undefined): string {
  switch (factorType) {
    case 'WEBAUTHN':
      return 'Use your passkey: your fingerprint, face, screen lock or security key.';
    case 'TOTP':
      return 'Open your authenticator app and enter the 6-digit code for this store.';
    case 'SMS':
      return `We sent a 6-digit code by text message to ${hint || 'your phone'}.`;
    case 'CALL':
      return `We are calling ${hint || 'your phone'} to read you a 6-digit code.`;
    default:
      return `We sent a 6-digit sign-in code to ${hint || 'your e-mail address'}.`;
  }
}

/** The button that switches the step to another factor. */
function switchLabel(option: FactorOption): string {
  switch (option.factorType) {
    case 'WEBAUTHN':
      return 'Use my passkey instead';
    case 'TOTP':
      return 'Use my authenticator app instead';
    case 'SMS':
      return `Text a code to ${option.hint || 'my phone'} instead`;
    case 'CALL':
      return `Call ${option.hint || 'my phone'} instead`;
    default:
      return `E-mail a code to ${option.hint || 'me'} instead`;
  }
}

/** Hidden fields that carry a second-factor step from one post to the next. */
function StepFields({ step }: { step: SecondFactorStep }) {
  return (
    <>
      <input type="hidden" name="stateToken" value={step.stateToken} />
      <input type="hidden" name="factorType" value={step.factorType} />
      {step.hint && <input type="hidden" name="hint" value={step.hint} />}
      <input type="hidden" name="available" value={JSON.stringify(step.available)} />
      {step.webAuthnOptions && (
        <input type="hidden" name="webAuthnOptions" value={JSON.stringify(step.webAuthnOptions)} />
      )}
    </>
  );
}

/** The code form of an e-mail verification or second-factor step. */
export function CodeStep({
  step,
  action,
}: {
  step: Extract<AuthStep, { step: 'verify-email' | 'second-factor' }>;
  /** Another route's action to post to (default: the current route). */
  action?: string;
}) {
  const verifying = step.step === 'verify-email';
  const factor = step.step === 'second-factor' ? step : undefined;
  const totp = factor?.factorType === 'TOTP';
  const passkey = factor?.factorType === 'WEBAUTHN';
  const title = verifying ? 'Confirm your e-mail address' : 'Two-step verification';
  const text = factor
    ? factorText(factor.factorType, factor.hint)
    : 'We sent a 6-digit code to your e-mail address. Enter it to continue.';
  const others = factor ? factor.available.filter((option) => option.factorType !== factor.factorType) : [];
  return (
    <div className="auth-step">
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      <ErrorNotice error={step.error} />
      {step.notice && <Notice>{step.notice}</Notice>}
      <Form method="post" action={action} className="stack" key={`${step.stateToken}:${factor?.factorType}`}>
        {factor ? (
          <StepFields step={factor} />
        ) : (
          <input type="hidden" name="stateToken" value={step.stateToken} />
        )}
        {!passkey && (
          <div className="field">
            <label htmlFor="code">{totp ? 'Authenticator code' : 'Code'}</label>
            <input
              id="code"
              name="code"
              className="code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              // biome-ignore lint/a11y/noAutofocus: the code field is the only thing to do on this step
              autoFocus
              aria-describedby="code-hint"
            />
            <p className="field-hint" id="code-hint">
              6 digits
            </p>
          </div>
        )}
        {factor && (
          <CheckBox name="remember" value="1">
            <span>Remember this device for 30 days</span>
          </CheckBox>
        )}
        <SubmitButton
          name="intent"
          value={step.step}
          pendingText={passkey ? 'Waiting for your passkey…' : 'Checking…'}
        >
          {verifying ? 'Confirm' : passkey ? 'Use my passkey' : 'Verify'}
        </SubmitButton>
      </Form>
      {verifying && (
        <Form method="post" action={action} className="inline-form">
          <input type="hidden" name="stateToken" value={step.stateToken} />
          <SubmitButton name="intent" value="resend" pendingText="Sending…" className="link-button">
            Send a new code
          </SubmitButton>
        </Form>
      )}
      {factor && !totp && !passkey && (
        <Form method="post" action={action} className="inline-form">
          <StepFields step={factor} />
          <SubmitButton name="intent" value="factor-resend" pendingText="Sending…" className="link-button">
            {factor.factorType === 'CALL' ? 'Call me again' : 'Send a new code'}
          </SubmitButton>
        </Form>
      )}
      {factor &&
        others.map((option) => (
          <Form method="post" action={action} className="inline-form" key={option.factorType}>
            <StepFields step={factor} />
            <SubmitButton
              name="intent"
              value={`factor-switch:${option.factorType}`}
              pendingText="Switching…"
              className="link-button"
            >
              {switchLabel(option)}
            </SubmitButton>
          </Form>
        ))}
    </div>
  );
}

/**
 * The visible captcha: ticking the box solves the store's proof-of-work puzzle in the browser; the token goes
 * with the form.
 */
export function CaptchaBox({ onSolved }: { onSolved: (solved: boolean) => void }) {
  const [state, setState] = useState<'idle' | 'solving' | 'solved' | 'failed'>('idle');
  const [token, setToken] = useState('');
  const start = async () => {
    setState('solving');
    try {
      setToken(await solveCaptcha('VISIBLE'));
      setState('solved');
      onSolved(true);
    } catch {
      setState('failed');
      onSolved(false);
    }
  };
  return (
    <div className="captcha" aria-live="polite">
      <input type="hidden" name="captchaToken" value={token} />
      <input type="hidden" name="captchaVariant" value="VISIBLE" />
      <CheckBox
        checked={state === 'solved' || state === 'solving'}
        disabled={state === 'solving' || state === 'solved'}
        onChange={start}
      >
        <span>
          {state === 'solving'
            ? 'Checking…'
            : state === 'solved'
              ? 'Verified, you can continue'
              : state === 'failed'
                ? 'That did not work. Tick the box to try again.'
                : 'I am not a robot'}
        </span>
      </CheckBox>
    </div>
  );
}

export function ApprovalStep() {
  return (
    <div className="auth-step">
      <h2>Waiting for approval</h2>
      <p>
        The store owner has to approve your account before you can sign in. We will let you know by e-mail;
        please try again later.
      </p>
      <p>
        <Link to="/">Back to the store</Link>
      </p>
    </div>
  );
}

/** The captcha answer a form carried, if any. */
export function captchaFrom(form: FormData): { variant: 'VISIBLE' | 'INVISIBLE'; token: string } | undefined {
  const token = String(form.get('captchaToken') ?? '');
  const variant = form.get('captchaVariant') === 'INVISIBLE' ? 'INVISIBLE' : 'VISIBLE';
  return token ? { variant, token } : undefined;
}

/** The posted e-mail and password as a sign-in or sign-up call takes them, with any captcha solved. */
export interface Credentials {
  email: string;
  password: string;
  captchaTokens: ReturnType<typeof toCaptchaTokens>;
}

/** Signs in or up (`call`) with the posted e-mail and password, solving an invisible captcha when asked. */
export function passwordAttempt(
  form: FormData,
  target: string,
  call: (credentials: Credentials) => Promise<LoginResult>,
): Promise<AuthStep> {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  return attemptSignIn(
    (captcha) => call({ email, password, captchaTokens: toCaptchaTokens(captcha) }),
    target,
    captchaFrom(form),
  );
}
