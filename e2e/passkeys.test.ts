import type { TestServer } from '@aisle/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ID,
  errorsOf,
  expectSignedInAs,
  newShopper,
  PASSWORD,
  registerMember,
  signOut,
  startStore,
  uniqueEmail,
  waitForStatus,
  withStore,
} from './store.ts';

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools `WebAuthn`): added on the account page, asked
 * after the password, used alone to sign in, removed. WebAuthn refuses IP addresses as relying-party ids, so the
 * store runs as `http://localhost:<port>` here (its `PUBLIC_URL`, and the demo client's origin).
 */

let store: string;

async function startLocalhostStore(): Promise<TestServer> {
  const s = await startStore();
  store = s.url.replace('127.0.0.1', 'localhost');
  s.ctx.config.publicUrl = store;
  const urls = {
    redirectUris: [`${s.url}/callback`, `${store}/callback`],
    allowedOrigins: [s.url, store],
  };
  const res = await s.call('PATCH', `/v1/oauth-clients/${CLIENT_ID}`, { token: s.adminKey, body: urls });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return s;
}
const { server, browser } = withStore(startLocalhostStore);

async function passwordSignIn(page: Page, email: string) {
  await page.goto(`${store}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A platform authenticator that holds discoverable credentials and verifies the user at once. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

describe('passkeys', () => {
  it('are added on the account page, asked after the password, used alone to sign in, and removed', async () => {
    const email = await registerMember(server, uniqueEmail('passkey'), 'Grace Hopper');
    const page = await newShopper(browser);
    await virtualAuthenticator(page);
    await passwordSignIn(page, email);
    await expectSignedInAs(page, 'Grace Hopper');

    // Add one.
    await page.goto(`${store}/account/security`);
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    await page.getByLabel('Passkey name (optional)').fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await waitForStatus(page, 'Your passkey is added');
    await page.getByRole('heading', { name: 'Laptop' }).waitFor();
    const me = await server.call(
      'GET',
      `/members/v1/members?fieldsets=FULL&search=${encodeURIComponent(email)}`,
      {
        token: server.adminKey,
      },
    );
    expect(me.status).toBe(200);

    // The password alone is not enough now: the passkey is asked for.
    await signOut(page);
    await passwordSignIn(page, email);
    await page.getByText('Use your passkey').waitFor();
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await expectSignedInAs(page, 'Grace Hopper');

    // Passwordless.
    await signOut(page);
    await page.goto(`${store}/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectSignedInAs(page, 'Grace Hopper');

    // Remove it: the password is enough again.
    await page.goto(`${store}/account/security`);
    await page.getByRole('heading', { name: 'Laptop' }).waitFor();
    await page.getByRole('button', { name: 'Remove Laptop' }).click();
    await waitForStatus(page, 'The passkey is removed.');
    await expect.poll(() => page.getByRole('heading', { name: 'Laptop' }).count()).toBe(0);
    await signOut(page);
    await passwordSignIn(page, email);
    await expectSignedInAs(page, 'Grace Hopper');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('PUSH answers UNIMPLEMENTED_FEATURE', async () => {
    const res = await server.call('POST', '/_api/iam/authentication/v2/PUSH/verify', {
      body: { stateToken: 'x', pushData: { transactionId: 't' } },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('UNIMPLEMENTED_FEATURE');
    expect(JSON.stringify(res.body)).toContain('mobile app');
  });
});
