import { useState } from 'react';
import { Form, Link } from 'react-router';
import { solveCaptcha } from '../resources/captcha.ts';
import type { AuthStep } from '../resources/session.ts';
import { ErrorNotice, Notice, SubmitButton } from './form.tsx';

/** Reads the hidden fields a code step posts back (the action itself keeps no state). */
export function codeStepFrom(form: FormData): Extract<AuthStep, { step: 'second-factor' }> | undefined {
  const stateToken = String(form.get('stateToken') ?? '');
  const factorType = String(form.get('factorType') ?? '');
  if (!stateToken || (factorType !== 'TOTP' && factorType !== 'EMAIL')) return undefined;
  const hint = String(form.get('hint') ?? '');
  return { step: 'second-factor', stateToken, factorType, ...(hint ? { hint } : {}) };
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
  const totp = step.step === 'second-factor' && step.factorType === 'TOTP';
  const title = verifying ? 'Confirm your e-mail address' : 'Two-step verification';
  const hint = step.step === 'second-factor' ? step.hint : undefined;
  const text = verifying
    ? 'We sent a 6-digit code to your e-mail address. Enter it to continue.'
    : totp
      ? 'Open your authenticator app and enter the 6-digit code for this store.'
      : `We sent a 6-digit sign-in code to ${hint || 'your e-mail address'}.`;
  return (
    <div className="auth-step">
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      <ErrorNotice error={step.error} />
      {step.step === 'verify-email' && step.notice && <Notice>{step.notice}</Notice>}
      <Form method="post" action={action} className="stack" key={step.stateToken}>
        <input type="hidden" name="stateToken" value={step.stateToken} />
        {step.step === 'second-factor' && (
          <>
            <input type="hidden" name="factorType" value={step.factorType} />
            {hint && <input type="hidden" name="hint" value={hint} />}
          </>
        )}
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
        <SubmitButton name="intent" value={step.step} pendingText="Checking…">
          {verifying ? 'Confirm' : 'Verify'}
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
      <label className="check">
        <input
          type="checkbox"
          checked={state === 'solved' || state === 'solving'}
          disabled={state === 'solving' || state === 'solved'}
          onChange={start}
        />
        <span>
          {state === 'solving'
            ? 'Checking…'
            : state === 'solved'
              ? 'Verified, you can continue'
              : state === 'failed'
                ? 'That did not work. Tick the box to try again.'
                : 'I am not a robot'}
        </span>
      </label>
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
