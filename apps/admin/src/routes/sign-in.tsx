import { type ActionFunctionArgs, Form, redirect, useActionData } from 'react-router';
import { ErrorNotice, Field, SubmitButton } from '../components/form.ts';
import { signInError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';
import { signedInClient, signIn } from '../sdk.ts';

export function signInLoader() {
  return signedInClient() ? redirect('/') : null;
}

export async function signInAction({ request }: ActionFunctionArgs) {
  const key = String((await request.formData()).get('apiKey') ?? '').trim();
  if (!key) return { error: { message: 'Paste the admin API key.', fields: { apiKey: 'Paste the key.' } } };
  try {
    await signIn(key);
  } catch (error) {
    return { error: signInError(error) };
  }
  return redirect('/');
}

export function SignIn() {
  const result = useActionData<typeof signInAction>();
  usePageTitle('Sign in');
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <main className="content sign-in" id="main" tabIndex={-1}>
        <section className="panel stack" aria-labelledby="sign-in-title">
          <p className="eyebrow">Aisle Admin</p>
          <h1 id="sign-in-title">Sign in</h1>
          <p className="muted">
            Paste the store's admin API key. The server prints it once, at its first start (or it is the
            <code> ADMIN_API_KEY</code> it was started with). It is kept in this browser tab only.
          </p>
          <ErrorNotice error={result?.error} />
          {/* POST, never GET: the key must not end up in a URL. */}
          <Form method="post" className="stack" noValidate>
            <Field
              label="Admin API key"
              name="apiKey"
              type="password"
              autoComplete="off"
              spellCheck={false}
              error={result?.error.fields?.apiKey}
            />
            <SubmitButton pendingText="Checking the key…">Sign in</SubmitButton>
          </Form>
        </section>
      </main>
    </div>
  );
}
