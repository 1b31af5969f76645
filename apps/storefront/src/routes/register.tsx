import { AuthCard, authAction, signedOutLoader, useCaptchaGate } from '../components/auth-page.tsx';
import { passwordAttempt } from '../components/auth-steps.tsx';
import { type ActionFunctionArgs, Form } from 'react-router';
import { NewPasswordFields } from '../components/account-forms.tsx';
import { ErrorNotice, Field, SubmitButton } from '../components/form.tsx';
import type { AuthStep } from '../resources/session.ts';
import { browserAuth } from '../sdk.ts';

export const registerLoader = signedOutLoader;

export const registerAction = ({ request }: ActionFunctionArgs): Promise<AuthStep | Response> =>
  authAction(request, async (_intent, form, target) => registerAttempt(form, target));

/** The sign-up form itself: register, solving an invisible captcha when asked. */
function registerAttempt(form: FormData, target: string): Promise<AuthStep> {
  const profile = {
    firstName: String(form.get('firstName') ?? '').trim(),
    lastName: String(form.get('lastName') ?? '').trim(),
  };
  return passwordAttempt(form, target, async (credentials) =>
    (await browserAuth()).register({ ...credentials, profile }),
  );
}

export function Register() {
  return (
    <AuthCard
      id="register-title"
      title="Create your account"
      form={(step) => <RegisterForm step={step} />}
      switchTo={['Already have an account?', '/login', 'Sign in']}
    />
  );
}

function RegisterForm({ step }: { step: AuthStep | undefined }) {
  const { error, waiting, box } = useCaptchaGate(step);
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
      <NewPasswordFields label="Password" name="password" error={fields.password} />
      {box}
      <SubmitButton
        name="intent"
        value="register"
        pendingText="Creating your account…"
        className="button button-primary wide"
        disabled={waiting}
      >
        Create account
      </SubmitButton>
    </Form>
  );
}
