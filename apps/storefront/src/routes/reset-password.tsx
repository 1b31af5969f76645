import { emptyTokens, loginResultFromState, recovery } from '@aisle/sdk';
import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { CodeStep } from '../components/auth-steps.tsx';
import { NewPasswordFields } from '../components/account-forms.tsx';
import { ErrorNotice, SubmitButton } from '../components/form.tsx';
import { type AuthStep, afterResult, goTo } from '../resources/session.ts';
import { type ShownError, showError } from '../lib/errors.ts';
import { browserAuth, browserClientWith, browserStore } from '../sdk.ts';
import { usePageTitle } from '../lib/title.ts';
import { useSettledActionData } from '../lib/action-data.ts';

export function resetPasswordLoader({ request }: LoaderFunctionArgs) {
  return { recoveryToken: new URL(request.url).searchParams.get('recoveryToken') ?? '' };
}

type Result = AuthStep | { step: 'reset-error'; error: ShownError; fields?: Record<string, string> };

/** A new password from the mailed link; the answer signs the member in (or asks for the next step). */
export async function resetPasswordAction({ request }: ActionFunctionArgs): Promise<Result | Response> {
  const form = await request.formData();
  const recoveryToken = String(form.get('recoveryToken') ?? '');
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('confirm') ?? '')) {
    return { step: 'reset-error', error: { message: 'The two passwords are not the same.' } };
  }
  try {
    const state = await (await browserClientWith({ recovery })).recovery.recover({ recoveryToken, password });
    // A reset ends every session of the member: a browser signed in as them starts over as a visitor.
    if (browserStore().loggedIn()) (await browserAuth()).setTokens(emptyTokens());
    const step = await afterResult(loginResultFromState(state), '/account/info');
    return step.step === 'done' ? goTo(step.target) : step;
  } catch (error) {
    const shown = showError(error);
    return { step: 'reset-error', error: shown, ...(shown.fields ? { fields: shown.fields } : {}) };
  }
}

export function ResetPassword() {
  const { recoveryToken } = useLoaderData<typeof resetPasswordLoader>();
  const result = useSettledActionData<Result>();
  usePageTitle('Choose a new password');
  if (!recoveryToken) {
    return (
      <div className="auth-page">
        <section className="auth-card" role="alert">
          <h1>This link is not complete</h1>
          <p>Open the link from the e-mail again, or ask for a new one.</p>
          <p>
            <Link className="button button-primary" to="/forgot-password">
              Send a new link
            </Link>
          </p>
        </section>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        {result?.step === 'verify-email' || result?.step === 'second-factor' ? (
          <>
            <p className="muted">Your password was changed. One more step to sign in:</p>
            <CodeStep step={result} action="/login" />
            <p>
              <Link to="/login">Sign in with your new password instead</Link>
            </p>
          </>
        ) : result?.step === 'approval' ? (
          <p>
            Your password was changed. The store owner still has to approve your account before you can sign
            in.
          </p>
        ) : (
          <Form method="post" className="stack">
            <input type="hidden" name="recoveryToken" value={recoveryToken} />
            <ErrorNotice
              error={result?.step === 'reset-error' || result?.step === 'form' ? result.error : undefined}
            />
            <NewPasswordFields
              name="password"
              error={result?.step === 'reset-error' ? result.fields?.password : undefined}
              repeat
            />
            <SubmitButton pendingText="Saving…" className="button button-primary wide">
              Save and sign in
            </SubmitButton>
            {result?.step === 'reset-error' && (
              <p>
                Link expired or already used? <Link to="/forgot-password">Send a new link</Link>
              </p>
            )}
          </Form>
        )}
      </section>
    </div>
  );
}
