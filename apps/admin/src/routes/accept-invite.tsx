import { useEffect, useState } from 'react';
import { type ActionFunctionArgs, Form, redirect } from 'react-router';
import type { StaffMember } from '@aisle/sdk';
import { ErrorNotice, Field, SubmitButton } from '../components/form.ts';
import { SignedOutPage } from '../components/signed-out-page.tsx';
import { accountFormError, type ShownError } from '../lib/errors.ts';
import { words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { publicClient, startStaffSession } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';

/**
 * The mailed invitation: `/admin/accept-invite#token=…` (the token stays out of request lines and logs). Shows
 * who is invited, then the new member of staff chooses a password and is signed in.
 */
export async function acceptInviteAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('confirmPassword') ?? ''))
    return {
      error: {
        message: 'Please correct the fields marked below.',
        fields: { confirmPassword: 'The two passwords are not the same.' },
      } as ShownError,
    };
  try {
    const result = await publicClient().staffAccounts.acceptInvite({
      token: String(form.get('token') ?? ''),
      password,
      name: String(form.get('name') ?? '').trim(),
    });
    if (result.state === 'SIGNED_IN') startStaffSession(result.token);
  } catch (error) {
    return { error: accountFormError(error) };
  }
  return redirect('/');
}

export function AcceptInvite() {
  const result = useSettledActionData<typeof acceptInviteAction>();
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  const [invite, setInvite] = useState<{ staff?: StaffMember; error?: ShownError }>();
  usePageTitle('Accept the invitation');
  useEffect(() => {
    if (!token) {
      setInvite({
        error: { message: 'This link has no invitation in it. Open the link from the e-mail again.' },
      });
      return;
    }
    publicClient()
      .staffAccounts.getInvite(token)
      .then((staff) => setInvite({ staff }))
      .catch((error: unknown) => setInvite({ error: accountFormError(error) }));
  }, [token]);
  const fields = result?.error?.fields ?? {};
  return (
    <SignedOutPage>
      <section className="panel stack" aria-labelledby="invite-title">
        <p className="eyebrow">Aisle Admin</p>
        <h1 id="invite-title">Accept the invitation</h1>
        <ErrorNotice error={invite?.error ?? result?.error} />
        {invite?.staff && (
          <>
            <p>
              You are invited as <strong>{words(invite.staff.role).toLowerCase()}</strong> with{' '}
              <strong>{invite.staff.email}</strong>
              {invite.staff.invitedBy ? ` by ${invite.staff.invitedBy}` : ''}. Choose your password.
            </p>
            <Form method="post" className="stack" noValidate>
              <input type="hidden" name="token" value={token} />
              <Field label="Your name" name="name" autoComplete="name" defaultValue={invite.staff.name} />
              <Field
                label="Password"
                name="password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters."
                error={fields.password}
              />
              <Field
                label="Password again"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                error={fields.confirmPassword}
              />
              <SubmitButton pendingText="Accepting…">Accept and sign in</SubmitButton>
            </Form>
          </>
        )}
      </section>
    </SignedOutPage>
  );
}
