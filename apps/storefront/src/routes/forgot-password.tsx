import { type ActionFunctionArgs, Form, Link } from 'react-router';
import { ErrorNotice, Field, Notice, SubmitButton } from '../components/form.tsx';
import { type ShownError, showError } from '../lib/errors.ts';
import { browserAuth } from '../sdk.ts';
import { usePageTitle } from '../lib/title.ts';
import { useSettledActionData } from '../lib/action-data.ts';

type Result = { sent: string } | { error: ShownError };

export async function forgotPasswordAction({ request }: ActionFunctionArgs): Promise<Result> {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  try {
    await (await browserAuth()).sendPasswordResetEmail(email, `${window.location.origin}/reset-password`);
    return { sent: email };
  } catch (error) {
    return { error: showError(error) };
  }
}

export function ForgotPassword() {
  const result = useSettledActionData<Result>();
  usePageTitle('Forgot your password?');
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot your password?</h1>
        {result && 'sent' in result ? (
          <>
            <Notice tone="success">
              If an account exists for <strong>{result.sent}</strong>, we sent it a link to choose a new
              password. The link works once and expires in an hour.
            </Notice>
            <p>
              <Link to="/login">Back to sign in</Link>
            </p>
          </>
        ) : (
          <>
            <p className="muted">
              Enter your e-mail address and we will send you a link to choose a new password.
            </p>
            <Form method="post" className="stack">
              <ErrorNotice error={result?.error} />
              <Field label="E-mail" name="email" type="email" autoComplete="email" required />
              <SubmitButton pendingText="Sending…" className="button button-primary wide">
                Send reset link
              </SubmitButton>
            </Form>
            <p className="auth-switch">
              Remembered it? <Link to="/login">Sign in</Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
