import { type ActionFunctionArgs, Form, Link, useLoaderData } from 'react-router';
import { CheckBox, ErrorNotice, Notice, SubmitButton } from '../components/form.ts';
import { SelectField } from '../components/select-field.tsx';
import { adminError } from '../lib/errors.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { useSettledActionData } from '../../../storefront/src/lib/action-data.ts';

/** The sign-up policies: e-mail verification, owner approval, and when the robot check is asked. */
export async function customerSettingsLoader() {
  return { policies: await requireClient().customers.getPolicies() };
}

const CAPTCHA = [
  ['AUTO', 'After repeated failed attempts (recommended)'],
  ['VISIBLE', 'Always, visible'],
  ['INVISIBLE', 'Always, invisible'],
  ['OFF', 'Never'],
] as const;

export async function customerSettingsAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const captcha = CAPTCHA.find(([value]) => value === form.get('captcha'))?.[0] ?? 'AUTO';
  try {
    await requireClient().customers.updatePolicies({
      requireEmailVerification: form.get('requireEmailVerification') === 'on',
      requireOwnerApproval: form.get('requireOwnerApproval') === 'on',
      captcha,
    });
    return { saved: true };
  } catch (error) {
    return { error: adminError(error) };
  }
}

export function CustomerSettings() {
  const { policies } = useLoaderData<typeof customerSettingsLoader>();
  const result = useSettledActionData<typeof customerSettingsAction>();
  usePageTitle('Sign-up settings');
  return (
    <section className="panel stack narrow-panel" aria-labelledby="policies-title">
      <p>
        <Link to="/customers">← Customers</Link>
      </p>
      <h1 id="policies-title">Sign-up settings</h1>
      {result && 'saved' in result && <Notice tone="success">The sign-up settings were saved.</Notice>}
      <ErrorNotice error={result && 'error' in result ? result.error : undefined} />
      <Form method="post" className="stack" key={JSON.stringify(policies)}>
        <CheckBox name="requireEmailVerification" defaultChecked={policies.requireEmailVerification}>
          New members confirm their e-mail address with a code before they can sign in
        </CheckBox>
        <CheckBox name="requireOwnerApproval" defaultChecked={policies.requireOwnerApproval}>
          New members wait for your approval (Customers → the member → Approve)
        </CheckBox>
        <SelectField
          label="Robot check (captcha)"
          name="captcha"
          options={CAPTCHA}
          defaultValue={policies.captcha}
          className="field"
        />
        <SubmitButton pendingText="Saving…">Save</SubmitButton>
      </Form>
    </section>
  );
}
