import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  errorsOf,
  expectSignedInAs,
  lastMail,
  newShopper,
  PASSWORD,
  registerMember,
  signInDirect,
  signOut,
  uniqueEmail,
  waitForAlert,
  waitForStatus,
  withStore,
} from './store.ts';

const { server, browser } = withStore();

describe('phone second factor', () => {
  it('enrols SMS codes on the account page, then signs in with the texted code', async () => {
    const email = await registerMember(server, uniqueEmail('sms'), 'Radia Perlman');
    const typed = `+44 7700 ${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const phone = typed.replace(/\s/g, '');
    const page = await newShopper(browser);
    await signInDirect(page, server, email);
    await expectSignedInAs(page, 'Radia Perlman');

    // Enrol: the number, then the code the dev phone sender kept in the mailbox.
    await page.goto(`${server.url}/account/security`);
    await page.getByRole('heading', { name: 'Codes by text message' }).waitFor();
    await page.getByLabel('Mobile number for text messages').fill('07700 900123');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await waitForAlert(page, 'international phone number');
    await page.getByLabel('Mobile number for text messages').fill(typed);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await waitForStatus(page, /We sent a 6-digit code by text message to \+44\*+\d\d/);
    const enrolment = await lastMail(server, phone, 'phone-enrolment-code');
    expect(enrolment.data.channel).toBe('SMS');
    const codeField = page.getByLabel('Enter the 6-digit code for text messages');
    await codeField.fill(enrolment.data.code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on text-message codes' }).click();
    await waitForAlert(page, 'not correct');
    await codeField.fill(enrolment.data.code!);
    await page.getByRole('button', { name: 'Turn on text-message codes' }).click();
    await waitForStatus(page, 'Codes by text message are on');
    await page.getByText(/Codes go to \+44\*+\d\d\./).waitFor();

    // Sign in again: the password, then the texted code.
    await signOut(page);
    await signInDirect(page, server, email);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByText(/We sent a 6-digit code by text message to \+44\*+\d\d/).waitFor();
    // A new code is refused within 30 seconds of the last one, with the wait in the message.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await waitForAlert(page, /wait \d+ seconds/);
    const signIn = await lastMail(server, phone, 'sign-in-code');
    expect(signIn.data.channel).toBe('SMS');
    await page.getByLabel('Code', { exact: true }).fill(signIn.data.code!);
    await page.getByLabel('Remember this device for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedInAs(page, 'Radia Perlman');

    // This browser is remembered: the next sign-in needs only the password.
    await signOut(page);
    await signInDirect(page, server, email);
    await expectSignedInAs(page, 'Radia Perlman');

    // And the factor can be removed again.
    await page.goto(`${server.url}/account/security`);
    await page.getByRole('button', { name: 'Remove text-message codes' }).click();
    await waitForStatus(page, 'Codes by text message are off');
    await page.getByLabel('Mobile number for text messages').waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('offers the other factors on the sign-in page and switches to a call', async () => {
    const email = await registerMember(server, uniqueEmail('call'), 'Lynn Conway');
    const phone = `+4477009${String(Date.now() % 100_000).padStart(5, '0')}`;
    const member = await memberToken(email);
    for (const [path, type] of [
      ['sms', 'SMS'],
      ['call', 'CALL'],
    ] as const) {
      const started = await server.call('POST', `/members/v1/members/me/factors/${path}`, {
        token: member,
        body: { phone },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const code = (await lastMail(server, phone, 'phone-enrolment-code')).data.code;
      const activated = await server.call('POST', `/members/v1/members/me/factors/${path}/activate`, {
        token: member,
        body: { code },
      });
      expect(activated.status, `${type} ${JSON.stringify(activated.body)}`).toBe(200);
    }

    const page = await newShopper(browser, { width: 390, height: 844 });
    await signInDirect(page, server, email);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByText(/by text message to/).waitFor();
    // The switch waits for the resend pause like any new code: move the server's clock past it.
    server.ctx.clock = () => new Date(Date.now() + 31_000);
    try {
      await page.getByRole('button', { name: /^Call \+44\*+\d\d instead$/ }).click();
      await page.getByText(/We are calling \+44\*+\d\d to read you a 6-digit code/).waitFor();
      await page.getByRole('button', { name: /^Text a code to \+44\*+\d\d instead$/ }).waitFor();
      const call = await lastMail(server, phone, 'sign-in-code');
      expect(call.data.channel).toBe('CALL');
      await page.getByLabel('Code', { exact: true }).fill(call.data.code!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectSignedInAs(page, 'Lynn Conway');
    } finally {
      server.ctx.clock = () => new Date();
    }
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});

/** A member access token through the API (password sign-in, authorize with the session token, exchange). */
async function memberToken(email: string): Promise<string> {
  const login = await server.call('POST', '/_api/iam/authentication/v2/login', {
    body: { loginId: { email }, password: PASSWORD },
  });
  expect(login.body.state).toBe('SUCCESS');
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'demo-storefront',
    redirect_uri: `${server.url}/callback`,
    response_type: 'code',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    scope: 'offline_access',
    prompt: 'none',
    sessionToken: login.body.sessionToken as string,
  });
  const authorize = await fetch(`${server.url}/oauth2/authorize?${query}`, { redirect: 'manual' });
  const code = new URLSearchParams(new URL(authorize.headers.get('location')!).hash.slice(1)).get('code');
  const tokens = await server.call('POST', '/oauth2/token', {
    body: {
      grantType: 'authorization_code',
      clientId: 'demo-storefront',
      code,
      codeVerifier: verifier,
      redirectUri: `${server.url}/callback`,
    },
  });
  expect(tokens.status).toBe(200);
  return tokens.body.access_token as string;
}
