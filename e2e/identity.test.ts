import { describe, expect, it } from 'vitest';
import {
  addAccountAddress,
  errorsOf,
  expectSignedInAs,
  header,
  lastMail,
  newShopper,
  PASSWORD,
  registerMember,
  setPolicies,
  signInDirect,
  signOut,
  totpCode,
  uniqueEmail,
  visitorToken,
  withStore,
} from './store.ts';

const { server, browser } = withStore();

describe('sign-in', () => {
  it('signs in on the storefront form through the hidden frame (direct login)', async () => {
    const email = await registerMember(server, uniqueEmail('direct'), 'Grace Hopper');
    const page = await newShopper(browser);
    const authorize: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/oauth2/authorize')) authorize.push(request.url());
    });
    await page.goto(server.url);
    await header(page).getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    // A wrong password first: a clear message, still on the form.
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The e-mail address or the password is not right.');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedInAs(page, 'Grace Hopper');
    // Back where the sign-in started from (the home page), signed in by the hidden frame's code.
    expect(new URL(page.url()).pathname).toBe('/');
    expect(
      authorize.some((url) => url.includes('response_mode=web_message') && url.includes('prompt=none')),
    ).toBe(true);
    await expect.poll(() => page.locator('iframe').count()).toBe(0);

    // Member tokens carry the catalogue calls too.
    await page.goto(`${server.url}/shop`);
    await page.getByTestId('product-card').first().waitFor();
    await expectSignedInAs(page, 'Grace Hopper');

    await signOut(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('signs in through the hosted login page (redirect login with PKCE)', async () => {
    const email = await registerMember(server, uniqueEmail('hosted'), 'Alan Turing');
    const page = await newShopper(browser);
    await page.goto(`${server.url}/login?returnTo=${encodeURIComponent('/shop?brand=Strider')}`);
    await page.getByRole('button', { name: 'Sign in with the hosted page' }).click();

    // The server's own page at /oauth2/authorize.
    await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back through /callback#code=…&state=… to where the shopper started.
    await page.waitForURL((url) => url.pathname === '/shop');
    await expectSignedInAs(page, 'Alan Turing');
    expect(new URL(page.url()).searchParams.get('brand')).toBe('Strider');
    expect(await page.evaluate(() => sessionStorage.getItem('aisle.storefront.oauth'))).toBeNull();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('registers a new member and signs them in', async () => {
    const email = uniqueEmail('new');
    const page = await newShopper(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/register`);
    await page.getByLabel('First name').fill('Katherine');
    await page.getByLabel('Last name').fill('Johnson');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('short');
    // The browser's own check stops a short password; the server's message shows when it gets one.
    await page.getByLabel('Password').evaluate((input) => input.removeAttribute('minlength'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/at least 8 characters/);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/account/info');
    await expectSignedInAs(page, 'Katherine Johnson');
    await page.getByRole('heading', { name: 'Hello, Katherine Johnson' }).waitFor();

    // The same address cannot register twice.
    await signOut(page);
    await page.goto(`${server.url}/register`);
    await page.getByLabel('First name').fill('Kate');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('An account with this e-mail address already exists');

    // And the new account signs in on the form.
    await signInDirect(page, server, email);
    await expectSignedInAs(page, 'Katherine Johnson');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('resets a forgotten password from the mailed link', async () => {
    const email = await registerMember(server, uniqueEmail('forgot'), 'Mary Jackson');
    const page = await newShopper(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: /\S/ }).first().textContent())
      .toContain(email);

    const mail = await lastMail(server, email, 'password-recovery');
    const link = new URL(mail.data.link!);
    expect(link.origin + link.pathname).toBe(`${server.url}/reset-password`);
    expect(link.searchParams.get('recoveryToken')).toBeTruthy();

    await page.goto(link.href);
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Repeat the new password').fill('a different one');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not the same');
    await page.getByLabel('Repeat the new password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/account/info');
    await expectSignedInAs(page, 'Mary Jackson');

    // The link works once.
    await page.goto(link.href);
    await page.getByLabel('New password', { exact: true }).fill('yet another secret');
    await page.getByLabel('Repeat the new password').fill('yet another secret');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('unknown, used or expired');

    // The old password is gone, the new one works.
    await signOut(page);
    await signInDirect(page, server, email);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not right');
    await signInDirect(page, server, email, 'a brand new secret');
    await expectSignedInAs(page, 'Mary Jackson');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});

describe('account', () => {
  it('edits the profile and addresses, and the changes persist', async () => {
    const email = await registerMember(server, uniqueEmail('profile'), 'Ada Lovelace');
    const page = await newShopper(browser, { width: 390, height: 844 });
    // The account page asks visitors to sign in first, then comes back.
    await page.goto(`${server.url}/account/info`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/account/info');

    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('First name').fill('Augusta');
    await profile.getByLabel('Last name').fill('King');
    await profile.getByLabel('Phone').fill('+44 20 7946 0000');
    await profile.getByRole('button', { name: '+ Add a field' }).click();
    await profile.getByLabel('Field name').fill('Shoe size');
    await profile.getByLabel('Type').selectOption('number');
    await profile.getByLabel('Value').fill('38.5');
    await profile.getByRole('button', { name: '+ Add a field' }).click();
    await profile.getByLabel('Field name').nth(1).fill('Birthday');
    await profile.getByLabel('Type').nth(1).selectOption('date');
    await profile.getByLabel('Value').nth(1).fill('1815-12-10');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => profile.getByRole('status').textContent()).toContain('Your profile is saved.');
    await expectSignedInAs(page, 'Augusta King');

    const addresses = page.getByRole('region', { name: 'Addresses' });
    await addAccountAddress(page, {
      label: 'Home',
      street: '12 St James Square',
      city: 'London',
      postalCode: 'SW1Y 4JH',
      country: 'GB',
    });
    await addresses.getByText('12 St James Square').waitFor();

    await addAccountAddress(page, {
      label: 'Work',
      street: '1 Analytical Way',
      city: 'Manchester',
      country: 'GB',
    });
    await addresses.getByText('1 Analytical Way').waitFor();

    // Everything is still there after a reload (read back from the server).
    await page.reload();
    await expect.poll(() => profile.getByLabel('First name').inputValue()).toBe('Augusta');
    await expect.poll(() => profile.getByLabel('Last name').inputValue()).toBe('King');
    await expect.poll(() => profile.getByLabel('Phone').inputValue()).toBe('+44 20 7946 0000');
    await expect.poll(() => profile.getByLabel('Field name').first().inputValue()).toBe('Shoe size');
    await expect.poll(() => profile.getByLabel('Value').first().inputValue()).toBe('38.5');
    await expect.poll(() => profile.getByLabel('Value').nth(1).inputValue()).toBe('1815-12-10');
    await expect.poll(() => addresses.locator('.address-card').count()).toBe(2);

    // Edit one address, remove the other. The opened form has the focus as soon as it is drawn, and a shopper
    // who goes straight to another field keeps it (no focus moved a frame later).
    const focus = await addresses.evaluate(async (section) => {
      const edit = [...section.querySelectorAll('button')].find((b) => b.textContent === 'Edit Work')!;
      edit.click();
      await new Promise((drawn) => setTimeout(drawn, 0));
      const landed = document.activeElement?.getAttribute('name');
      const city = section.querySelector<HTMLInputElement>('input[name="city"]')!;
      city.focus();
      await new Promise((later) => requestAnimationFrame(() => requestAnimationFrame(later)));
      return { landed, kept: document.activeElement === city };
    });
    expect(focus).toEqual({ landed: 'tag', kept: true });
    await addresses.getByLabel('City').fill('Leeds');
    await addresses.getByRole('button', { name: 'Save address' }).click();
    await addresses.getByText('Leeds').waitFor();
    await addresses.getByRole('button', { name: 'Remove Home' }).click();
    await addresses.getByText('The address is removed.').waitFor();
    await page.reload();
    await addresses.getByText('Leeds').waitFor();
    await expect.poll(() => addresses.getByText('12 St James Square').count()).toBe(0);

    // The server has it too.
    const members = await server.call(
      'GET',
      `/members/v1/members?fieldsets=FULL&search=${encodeURIComponent(email)}`,
      { token: server.adminKey },
    );
    const stored = (members.body.members as Array<{ contact: Record<string, unknown> }>)[0]!.contact;
    expect(stored.firstName).toBe('Augusta');
    expect(stored.phones).toEqual(['+44 20 7946 0000']);
    expect(stored.customFields).toEqual({
      'Shoe size': { name: 'Shoe size', value: { numValue: 38.5 } },
      Birthday: { name: 'Birthday', value: { dateValue: '1815-12-10T00:00:00.000Z' } },
    });
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('enrols an authenticator app and asks for its code at the next sign-in', async () => {
    const email = await registerMember(server, uniqueEmail('totp'), 'Hedy Lamarr');
    const page = await newShopper(browser);
    await signInDirect(page, server, email);
    await expectSignedInAs(page, 'Hedy Lamarr');
    await page.goto(`${server.url}/account/security`);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await page.locator('code.secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await page.getByLabel('Enter the 6-digit code the app shows').fill('000000');
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('does not match');
    await page.getByLabel('Enter the 6-digit code the app shows').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: /\S/ }).first().textContent())
      .toContain('authenticator app is set up');

    await signOut(page);
    await signInDirect(page, server, email);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByLabel('Authenticator code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not correct');
    // Each code works once: the next step's code (accepted within the drift window).
    await page.getByLabel('Authenticator code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedInAs(page, 'Hedy Lamarr');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});

/** A redirect session made by a visitor of the demo client (what a headless site would do). */
async function redirectSession(body: Record<string, unknown>): Promise<string> {
  const res = await server.call('POST', '/_api/redirects-api/v1/redirect-session', {
    token: await visitorToken(server),
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.redirectSession as { fullUrl: string }).fullUrl;
}

describe('redirect intents', () => {
  it('signs in from a login session and returns to its post-flow URL', async () => {
    const email = await registerMember(server, uniqueEmail('intent'), 'Annie Easley');
    const fullUrl = await redirectSession({
      login: {},
      callbacks: { postFlowUrl: `${server.url}/collections/shoes` },
    });
    expect(new URL(fullUrl).pathname).toBe('/login');
    const page = await newShopper(browser);
    await page.goto(fullUrl);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/collections/shoes');
    await expectSignedInAs(page, 'Annie Easley');

    // The member area section of a session, for a member already signed in.
    await page.goto(await redirectSession({ membersAccount: { section: 'ORDERS' } }));
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'Orders' }).getAttribute('aria-current'))
      .toBe('page');
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('lands intents of verticals Aisle does not have on an honest page with the way back', async () => {
    const page = await newShopper(browser, { width: 390, height: 844 });
    const fullUrl = await redirectSession({
      bookingsBook: { resourceId: 'yoga-studio' },
      callbacks: { postFlowUrl: `${server.url}/shop` },
    });
    expect(new URL(fullUrl).pathname).toBe('/unavailable/bookings');
    await page.goto(fullUrl);
    await page.getByRole('heading', { name: 'Bookings' }).waitFor();
    await page.getByText('This store does not take appointments').waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'Go back' }).getAttribute('href'))
      .toBe(`${server.url}/shop`);

    await page.goto(await redirectSession({ paidPlansCheckout: { planId: 'gold' } }));
    await page.getByRole('heading', { name: 'Paid plans' }).waitFor();
    // A visitor sent to the member area signs in first.
    await page.goto(await redirectSession({ membersAccount: { section: 'ACCOUNT_INFO' } }));
    await page.waitForURL(
      (url) =>
        url.pathname === '/login' && url.searchParams.get('returnTo')?.startsWith('/account/info') === true,
    );
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});

describe('store policies', () => {
  it('asks a new member for the mailed e-mail code when the store wants verified addresses', async () => {
    await setPolicies(server, { requireEmailVerification: true });
    try {
      const email = uniqueEmail('verify');
      const page = await newShopper(browser);
      await page.goto(`${server.url}/register`);
      await page.getByLabel('First name').fill('Dorothy');
      await page.getByLabel('Last name').fill('Vaughan');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();

      await page.getByLabel('Code').fill('000000');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('not correct');

      const mail = await lastMail(server, email, 'verification-code');
      await page.getByLabel('Code').fill(mail.data.code!);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL((url) => url.pathname === '/account/info');
      await expectSignedInAs(page, 'Dorothy Vaughan');
      expect(errorsOf(page)).toEqual([]);
      await page.context().close();
    } finally {
      await setPolicies(server, { requireEmailVerification: false });
    }
  });

  it('solves the invisible and the visible captcha in the browser', async () => {
    const email = await registerMember(server, uniqueEmail('captcha'), 'Joan Clarke');
    await setPolicies(server, { captcha: 'INVISIBLE' });
    try {
      const page = await newShopper(browser);
      const challenges: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/_api/iam/captcha/v1/challenges'))
          challenges.push(request.postData() ?? '');
      });
      // Invisible: solved and retried without the shopper noticing.
      await signInDirect(page, server, email);
      await expectSignedInAs(page, 'Joan Clarke');
      expect(challenges).toEqual([JSON.stringify({ variant: 'INVISIBLE' })]);
      await signOut(page);

      // Visible: the shopper ticks the box, the page solves the harder puzzle, then signs in.
      await setPolicies(server, { captcha: 'VISIBLE' });
      await signInDirect(page, server, email);
      const box = page.getByRole('checkbox', { name: 'I am not a robot' });
      await box.waitFor();
      await expect
        .poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).isDisabled())
        .toBe(true);
      await box.check();
      await page.getByText('Verified, you can continue').waitFor({ timeout: 45_000 });
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectSignedInAs(page, 'Joan Clarke');
      expect(errorsOf(page)).toEqual([]);
      await page.context().close();
    } finally {
      await setPolicies(server, { captcha: 'AUTO' });
    }
  }, 90_000);
});
