import { useState } from 'react';
import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useLocation,
} from 'react-router';
import {
  ApprovalStep,
  CaptchaBox,
  CodeStep,
  captchaFrom,
  secondFactorAction,
} from '../components/auth-steps.tsx';
import { ErrorNotice, Field, SubmitButton } from '../components/form.tsx';
import {
  type AuthStep,
  attemptSignIn,
  goTo,
  resendEmailCode,
  returnTargetOf,
  signInWithPasskey,
  startHostedLogin,
  toCaptchaTokens,
  verifyEmailCode,
} from '../resources/session.ts';
import { showError } from '../lib/errors.ts';
import { auth, browserStore, storeOf } from '../sdk.ts';
import { usePageTitle } from '../lib/title.ts';
import { useSettledActionData } from '../lib/action-data.ts';

export async function loginLoader({ request, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  if (store.loggedIn()) throw redirect(await returnTargetOf(store, new URL(request.url)));
  return null;
}

/** Every step of signing in posts here; hidden fields carry the state tokens between steps. */
export async function loginAction({ request }: ActionFunctionArgs): Promise<AuthStep | Response> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'password');
  const target = await returnTargetOf(browserStore(), new URL(request.url));
  const stateToken = String(form.get('stateToken') ?? '');
  const code = String(form.get('code') ?? '').trim();
  let step: AuthStep;
  try {
    switch (intent) {
      case 'hosted':
        return await startHostedLogin(target);
      case 'passkey':
        step = await signInWithPasskey(target);
        break;
      case 'verify-email':
        step = await verifyEmailCode(stateToken, code, target);
        break;
      case 'resend':
        step = await resendEmailCode(stateToken);
        break;
      default: {
        const factorStep = await secondFactorAction(intent, form, target);
        if (factorStep) {
          step = factorStep;
          break;
        }
        const email = String(form.get('email') ?? '').trim();
        const password = String(form.get('password') ?? '');
        step = await attemptSignIn(
          (captcha) => auth.login({ email, password, captchaTokens: toCaptchaTokens(captcha) }),
          target,
          captchaFrom(form),
        );
      }
    }
  } catch (error) {
    step = { step: 'form', error: showError(error) };
  }
  return step.step === 'done' ? goTo(step.target) : step;
}

export function Login() {
  const step = useSettledActionData<AuthStep>();
  const { search } = useLocation();
  usePageTitle('Sign in');
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="login-title">
        <h1 id="login-title">Sign in</h1>
        {step?.step === 'verify-email' || step?.step === 'second-factor' ? (
          <CodeStep step={step} />
        ) : step?.step === 'approval' ? (
          <ApprovalStep />
        ) : (
          <PasswordForm step={step} />
        )}
        <div className="divider">
          <span>or</span>
        </div>
        <Form method="post">
          <SubmitButton
            name="intent"
            value="passkey"
            pendingText="Waiting for your passkey…"
            className="button button-secondary wide"
          >
            Sign in with a passkey
          </SubmitButton>
        </Form>
        <Form method="post">
          <SubmitButton
            name="intent"
            value="hosted"
            pendingText="Opening…"
            className="button button-secondary wide"
          >
            Sign in with the hosted page
          </SubmitButton>
        </Form>
        <p className="auth-switch">
          New here? <Link to={`/register${search}`}>Create an account</Link>
        </p>
      </section>
    </div>
  );
}

function PasswordForm({ step }: { step: AuthStep | undefined }) {
  const captcha = step?.step === 'captcha' && step.variant === 'VISIBLE' ? step : undefined;
  const [solvedAt, setSolvedAt] = useState<number>();
  const solved = captcha !== undefined && solvedAt === captcha.at;
  const error = step?.step === 'form' || step?.step === 'captcha' ? step.error : undefined;
  return (
    <Form method="post" className="stack" aria-describedby={error ? 'login-error' : undefined}>
      <div id="login-error">
        <ErrorNotice error={error} />
      </div>
      <Field label="E-mail" name="email" type="email" autoComplete="username" required />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        hint={<Link to="/forgot-password">Forgot password?</Link>}
      />
      {captcha && <CaptchaBox key={captcha.at} onSolved={(ok) => setSolvedAt(ok ? captcha.at : undefined)} />}
      <SubmitButton
        name="intent"
        value="password"
        pendingText="Signing in…"
        className="button button-primary wide"
        disabled={captcha !== undefined && !solved}
      >
        Sign in
      </SubmitButton>
    </Form>
  );
}
