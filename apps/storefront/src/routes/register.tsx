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
  toCaptchaTokens,
  verifyEmailCode,
} from '../resources/session.ts';
import { showError } from '../lib/errors.ts';
import { auth, browserStore, storeOf } from '../sdk.ts';
import { usePageTitle } from '../lib/title.ts';
import { useSettledActionData } from '../lib/action-data.ts';

export async function registerLoader({ request, context }: LoaderFunctionArgs) {
  const store = storeOf(context);
  if (store.loggedIn()) throw redirect(await returnTargetOf(store, new URL(request.url)));
  return null;
}

export async function registerAction({ request }: ActionFunctionArgs): Promise<AuthStep | Response> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'register');
  const target = await returnTargetOf(browserStore(), new URL(request.url));
  const stateToken = String(form.get('stateToken') ?? '');
  const code = String(form.get('code') ?? '').trim();
  let step: AuthStep;
  try {
    if (intent === 'verify-email') step = await verifyEmailCode(stateToken, code, target);
    else if (intent === 'resend') step = await resendEmailCode(stateToken);
    else {
      const factorStep = await secondFactorAction(intent, form, target);
      step = factorStep ?? (await registerAttempt(form, target));
    }
  } catch (error) {
    step = { step: 'form', error: showError(error) };
  }
  return step.step === 'done' ? goTo(step.target) : step;
}

/** The sign-up form itself: register, solving an invisible captcha when asked. */
function registerAttempt(form: FormData, target: string): Promise<AuthStep> {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const profile = {
    firstName: String(form.get('firstName') ?? '').trim(),
    lastName: String(form.get('lastName') ?? '').trim(),
  };
  return attemptSignIn(
    (captcha) => auth.register({ email, password, profile, captchaTokens: toCaptchaTokens(captcha) }),
    target,
    captchaFrom(form),
  );
}

export function Register() {
  const step = useSettledActionData<AuthStep>();
  const { search } = useLocation();
  usePageTitle('Create your account');
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="register-title">
        <h1 id="register-title">Create your account</h1>
        {step?.step === 'verify-email' || step?.step === 'second-factor' ? (
          <CodeStep step={step} />
        ) : step?.step === 'approval' ? (
          <ApprovalStep />
        ) : (
          <RegisterForm step={step} />
        )}
        <p className="auth-switch">
          Already have an account? <Link to={`/login${search}`}>Sign in</Link>
        </p>
      </section>
    </div>
  );
}

function RegisterForm({ step }: { step: AuthStep | undefined }) {
  const captcha = step?.step === 'captcha' && step.variant === 'VISIBLE' ? step : undefined;
  const [solvedAt, setSolvedAt] = useState<number>();
  const solved = captcha !== undefined && solvedAt === captcha.at;
  const error = step?.step === 'form' || step?.step === 'captcha' ? step.error : undefined;
  const fields = error?.fields ?? {};
  return (
    <Form method="post" className="stack">
      <ErrorNotice error={error} />
      <div className="field-row">
        <Field label="First name" name="firstName" autoComplete="given-name" required />
        <Field label="Last name" name="lastName" autoComplete="family-name" />
      </div>
      <Field
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={fields['loginId.email'] ?? fields.email}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        hint="At least 8 characters."
        error={fields.password}
      />
      {captcha && <CaptchaBox key={captcha.at} onSolved={(ok) => setSolvedAt(ok ? captcha.at : undefined)} />}
      <SubmitButton
        name="intent"
        value="register"
        pendingText="Creating your account…"
        className="button button-primary wide"
        disabled={captcha !== undefined && !solved}
      >
        Create account
      </SubmitButton>
    </Form>
  );
}
