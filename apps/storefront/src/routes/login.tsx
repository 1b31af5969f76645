import { AuthCard, authAction, signedOutLoader, useCaptchaGate } from '../components/auth-page.tsx';
import { passwordAttempt } from '../components/auth-steps.tsx';
import { type ActionFunctionArgs, Form, Link } from 'react-router';
import { IntentForm } from '../components/account-forms.tsx';
import { ErrorNotice, Field, SubmitButton } from '../components/form.tsx';
import { type AuthStep, signInWithPasskey, startHostedLogin } from '../resources/session.ts';
import { browserAuth } from '../sdk.ts';

export const loginLoader = signedOutLoader;

export const loginAction = ({ request }: ActionFunctionArgs): Promise<AuthStep | Response> =>
  authAction(request, async (intent, form, target) => {
    if (intent === 'hosted') return startHostedLogin(target);
    if (intent === 'passkey') return signInWithPasskey(target);
    return passwordAttempt(form, target, async (credentials) => (await browserAuth()).login(credentials));
  });

export function Login() {
  return (
    <AuthCard
      id="login-title"
      title="Sign in"
      form={(step) => <PasswordForm step={step} />}
      switchTo={['New here?', '/register', 'Create an account']}
    >
      <div className="divider">
        <span>or</span>
      </div>
      <IntentForm
        intent="passkey"
        pendingText="Waiting for your passkey…"
        className="button button-secondary wide"
      >
        Sign in with a passkey
      </IntentForm>
      <IntentForm intent="hosted" pendingText="Opening…" className="button button-secondary wide">
        Sign in with the hosted page
      </IntentForm>
    </AuthCard>
  );
}

function PasswordForm({ step }: { step: AuthStep | undefined }) {
  const { error, waiting, box } = useCaptchaGate(step);
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
      {box}
      <SubmitButton
        name="intent"
        value="password"
        pendingText="Signing in…"
        className="button button-primary wide"
        disabled={waiting}
      >
        Sign in
      </SubmitButton>
    </Form>
  );
}
