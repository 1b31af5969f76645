import { beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, hotp, stepAt } from '../src/modules/identity/totp.ts';
import { createStaffToken } from '../src/modules/staff/tokens.ts';
import { modules } from '../src/modules/index.ts';
import { buildApp } from '../src/platform/app.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, lastMail } from './identity-helpers.ts';

const { server } = serverForFile({ config: { loginMaxFailures: 3 } });
const PASSWORD = 'a long staff password';
const OWNER = 'owner@staff.example';

const call = (method: string, path: string, token?: string, body?: unknown) =>
  server().call(method, path, { ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });

/** The TOTP code of `secret` at the server's clock, `offset` steps away. */
const codeAt = (secret: string, offset = 0) =>
  hotp(base32Decode(secret), stepAt(server().ctx.clock()) + offset);

async function signIn(email: string, password = PASSWORD) {
  const res = await call('POST', '/aisle/v1/staff/sign-in', undefined, { email, password });
  expect(res.status).toBe(200);
  return res.body as { state: string; token?: string; challengeToken?: string };
}

/** Invites someone with `role`, accepts the mailed invitation; returns their session token. */
async function onboard(ownerToken: string, email: string, role: string): Promise<string> {
  const invited = await call('POST', '/aisle/v1/staff/invites', ownerToken, { email, name: 'Sam', role });
  expect(invited.status).toBe(200);
  expect(invited.body.staff).toMatchObject({ email, role, status: 'INVITED' });
  const mail = await lastMail(server(), email, 'staff-invite');
  const token = decodeURIComponent(/#token=([^&\s]+)/.exec(mail.data.link!)![1]!);
  const accepted = await call('POST', '/aisle/v1/staff/invites/accept', undefined, {
    token,
    password: PASSWORD,
  });
  expect(accepted.status).toBe(200);
  expect(accepted.body.state).toBe('SIGNED_IN');
  return accepted.body.token as string;
}

let ownerToken: string;

describe('the first owner account', () => {
  it('is offered until it exists, and needs the setup code or an owner API key', async () => {
    expect((await call('GET', '/aisle/v1/staff/setup')).body).toEqual({ ownerExists: false });
    const form = { email: OWNER, name: 'Olive Owner', password: PASSWORD };

    const wrong = await call('POST', '/aisle/v1/staff/setup', undefined, {
      ...form,
      setupCode: 'setup-nope',
    });
    expect(wrong.status).toBe(403);
    expect(errorCode(wrong.body)).toBe('FORBIDDEN');
    // A key without the owner role is no setup code either.
    const manager = await call('POST', '/aisle/v1/api-keys', server().adminKey, {
      name: 'm',
      role: 'MANAGER',
    });
    const refused = await call('POST', '/aisle/v1/staff/setup', undefined, {
      ...form,
      setupCode: manager.body.key,
    });
    expect(refused.status).toBe(403);
    const short = await call('POST', '/aisle/v1/staff/setup', undefined, {
      ...form,
      password: 'short',
      setupCode: 'x',
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('password');
    expect((await call('GET', '/aisle/v1/staff/setup')).body).toEqual({ ownerExists: false });

    const { token: code } = await createStaffToken(server().ctx, server().ctx.db, 'setup', null);
    const made = await call('POST', '/aisle/v1/staff/setup', undefined, { ...form, setupCode: code });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      state: 'SIGNED_IN',
      staff: { email: OWNER, role: 'OWNER', status: 'ACTIVE' },
    });
    ownerToken = made.body.token as string;
    expect(ownerToken.startsWith('aisle_st_')).toBe(true);

    // Only the first: the code is spent, and the key no longer makes another owner.
    const again = await call('POST', '/aisle/v1/staff/setup', undefined, {
      ...form,
      email: 'second@staff.example',
      setupCode: server().adminKey,
    });
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe('OWNER_EXISTS');
    expect((await call('GET', '/aisle/v1/staff/setup')).body).toEqual({ ownerExists: true });
  });

  it('signs in with e-mail and password; /me tells role and permissions', async () => {
    const bad = await call('POST', '/aisle/v1/staff/sign-in', undefined, {
      email: OWNER,
      password: 'wrong password',
    });
    expect(bad.status).toBe(400);
    expect(errorCode(bad.body)).toBe('INVALID_CREDENTIALS');
    const ok = await signIn(OWNER.toUpperCase());
    expect(ok.state).toBe('SIGNED_IN');
    const me = await call('GET', '/aisle/v1/staff/me', ok.token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: 'OWNER', staff: { email: OWNER, totpEnabled: false } });
    expect(me.body.permissions).toContain('orders.refund');
    // The bootstrap key is an owner without an account.
    const key = await call('GET', '/aisle/v1/staff/me', server().adminKey);
    expect(key.body).toMatchObject({ role: 'OWNER', apiKey: { name: 'test admin' } });
    // Signing out ends that session only.
    expect((await call('POST', '/aisle/v1/staff/sign-out', ok.token)).status).toBe(200);
    expect((await call('GET', '/aisle/v1/staff/me', ok.token)).status).toBe(401);
    expect((await call('GET', '/aisle/v1/staff/me', ownerToken)).status).toBe(200);
  });

  it('turns TOTP on with a first code, then asks for a code at sign-in, each code once', async () => {
    const now = new Date();
    server().ctx.clock = () => now;
    try {
      const started = await call('POST', '/aisle/v1/staff/me/totp', ownerToken);
      expect(started.status).toBe(200);
      const { secret, otpauthUri, qrCodeDataUrl } = started.body.enrolment as Record<
        string,
        string | undefined
      >;
      expect(otpauthUri).toContain(`secret=${secret}`);
      expect(qrCodeDataUrl?.startsWith('data:image/png')).toBe(true);
      const wrong = await call('POST', '/aisle/v1/staff/me/totp/activate', ownerToken, { code: '000000' });
      expect(wrong.status).toBe(400);
      const on = await call('POST', '/aisle/v1/staff/me/totp/activate', ownerToken, {
        code: codeAt(secret!, -1),
      });
      expect(on.status).toBe(200);
      expect(on.body.staff).toMatchObject({ totpEnabled: true });

      const step = await signIn(OWNER);
      expect(step).toEqual({ state: 'TOTP_REQUIRED', challengeToken: expect.any(String) });
      const challengeToken = step.challengeToken!;
      // The activation's code is spent; a wrong one is refused.
      for (const code of [codeAt(secret!, -1), '123456']) {
        const refused = await call('POST', '/aisle/v1/staff/sign-in/totp', undefined, {
          challengeToken,
          code,
        });
        expect(refused.status).toBe(400);
        expect(errorCode(refused.body)).toBe('INVALID_CODE');
      }
      const done = await call('POST', '/aisle/v1/staff/sign-in/totp', undefined, {
        challengeToken,
        code: codeAt(secret!),
      });
      expect(done.status).toBe(200);
      expect(done.body.state).toBe('SIGNED_IN');
      expect((await call('GET', '/aisle/v1/staff/me', done.body.token as string)).status).toBe(200);
      // The challenge is spent, and the same code does not sign in twice.
      const twice = await call('POST', '/aisle/v1/staff/sign-in/totp', undefined, {
        challengeToken,
        code: codeAt(secret!),
      });
      expect(errorCode(twice.body)).toBe('CHALLENGE_EXPIRED');
      const other = await signIn(OWNER);
      const replay = await call('POST', '/aisle/v1/staff/sign-in/totp', undefined, {
        challengeToken: other.challengeToken,
        code: codeAt(secret!),
      });
      expect(errorCode(replay.body)).toBe('INVALID_CODE');

      // Off again with the password (the rest of the file signs in without codes).
      const off = await call('POST', '/aisle/v1/staff/me/totp/remove', ownerToken, { password: PASSWORD });
      expect(off.body.staff).toMatchObject({ totpEnabled: false });
    } finally {
      server().ctx.clock = () => new Date();
    }
  });
});

describe('roles', () => {
  let fulfilment: string;
  let manager: string;

  beforeAll(async () => {
    fulfilment = await onboard(ownerToken, 'packer@staff.example', 'FULFILMENT');
    manager = await onboard(ownerToken, 'manager@staff.example', 'MANAGER');
  });

  it('a fulfilment user cannot refund or change settings: 403 in the wire envelope', async () => {
    const refund = await call(
      'POST',
      '/ecom/v1/payments-collector/orders/no-such-order/trigger-refund',
      fulfilment,
      {},
    );
    expect(refund.status).toBe(403);
    expect(refund.body).toMatchObject({
      details: {
        applicationError: { code: 'FORBIDDEN', data: { permission: 'orders.refund', role: 'FULFILMENT' } },
      },
    });
    expect(refund.headers.get('x-aisle-request-id')).toBeTruthy();
    const settings = await call('PATCH', '/ecom/v1/store-settings', fulfilment, {
      storeSettings: { currency: 'EUR' },
    });
    expect(settings.status).toBe(403);
    expect(errorCode(settings.body)).toBe('FORBIDDEN');
    const policies = await call('PATCH', '/members/v1/policies', fulfilment, { requireOwnerApproval: true });
    expect(policies.status).toBe(403);
    // Nothing changed.
    expect((await call('GET', '/members/v1/policies', ownerToken)).body.policies).toMatchObject({
      requireOwnerApproval: false,
    });
    // Nor read them: the settings screens are not theirs (store settings excepted: every screen prices in
    // the store's currency).
    for (const path of [
      '/ecom/v1/orders-settings',
      '/aisle/v1/webhooks',
      '/aisle/v1/webhooks/event-types',
      '/billing/v1/tax-groups/query',
      '/members/v1/policies',
    ])
      expect((await call('GET', path, fulfilment)).status).toBe(403);
    expect((await call('GET', '/tips/v1/tip-settings/query', fulfilment)).status).toBe(403);
    // Routes shoppers call too give them the shoppers' view only.
    const checkout = await call('GET', '/ecom/v1/checkout-settings', fulfilment);
    expect(checkout.status).toBe(200);
    expect(checkout.body.checkoutSettings).not.toHaveProperty('revision');
    expect((await call('GET', '/ecom/v1/checkout-settings', manager)).body.checkoutSettings).toHaveProperty(
      'revision',
    );
    // What the role may do still works.
    expect((await call('GET', '/ecom/v1/store-settings', fulfilment)).status).toBe(200);
    expect((await call('POST', '/ecom/v1/orders/search', fulfilment, { search: {} })).status).toBe(200);
    expect(
      (await call('POST', '/ecom/v1/fulfillments/orders/no-such-order/create-fulfillment', fulfilment, {}))
        .status,
    ).not.toBe(403);
    // Owner-only areas.
    for (const [method, path] of [
      ['GET', '/aisle/v1/staff'],
      ['GET', '/aisle/v1/api-keys'],
      ['GET', '/aisle/v1/audit-log'],
      ['GET', '/v1/dev-mailbox/messages'],
    ] as const)
      expect((await call(method, path, fulfilment)).status).toBe(403);
  });

  it('a manager may refund and change settings, but not manage staff or keys', async () => {
    const refund = await call(
      'POST',
      '/ecom/v1/payments-collector/orders/no-such-order/trigger-refund',
      manager,
      {},
    );
    expect(refund.status).not.toBe(403);
    const policies = await call('PATCH', '/members/v1/policies', manager, { captcha: 'OFF' });
    expect(policies.status).toBe(200);
    expect((await call('POST', '/aisle/v1/api-keys', manager, { name: 'x', role: 'OWNER' })).status).toBe(
      403,
    );
    expect(
      (await call('POST', '/aisle/v1/staff/invites', manager, { email: 'x@staff.example', role: 'OWNER' }))
        .status,
    ).toBe(403);
  });

  it('role changes and revocation take effect on the next request; an owner always remains', async () => {
    const list = await call('GET', '/aisle/v1/staff', ownerToken);
    const staff = list.body.staff as Array<{ id: string; email: string; role: string }>;
    expect(staff.map((s) => s.email)).toEqual([OWNER, 'packer@staff.example', 'manager@staff.example']);
    const [owner, , managerRow] = staff;

    const demoted = await call('PATCH', `/aisle/v1/staff/${managerRow!.id}`, ownerToken, {
      role: 'FULFILMENT',
    });
    expect(demoted.body.staff).toMatchObject({ role: 'FULFILMENT' });
    expect((await call('PATCH', '/members/v1/policies', manager, { captcha: 'AUTO' })).status).toBe(403);

    const own = await call('PATCH', `/aisle/v1/staff/${owner!.id}`, ownerToken, { role: 'MANAGER' });
    expect(errorCode(own.body)).toBe('OWN_ROLE');
    const last = await call('PATCH', `/aisle/v1/staff/${owner!.id}`, server().adminKey, { role: 'MANAGER' });
    expect(last.status).toBe(409);
    expect(errorCode(last.body)).toBe('LAST_OWNER');
    expect(errorCode((await call('POST', `/aisle/v1/staff/${owner!.id}/revoke`, ownerToken)).body)).toBe(
      'OWN_ACCOUNT',
    );
    const badRole = await call('PATCH', `/aisle/v1/staff/${managerRow!.id}`, ownerToken, { role: 'KING' });
    expect(badRole.status).toBe(400);
    expect(JSON.stringify(badRole.body)).toContain('role');

    const revoked = await call('POST', `/aisle/v1/staff/${managerRow!.id}/revoke`, ownerToken);
    expect(revoked.body.staff).toMatchObject({ status: 'REVOKED' });
    expect((await call('GET', '/aisle/v1/staff/me', manager)).status).toBe(401);
    const back = await call('POST', '/aisle/v1/staff/sign-in', undefined, {
      email: 'manager@staff.example',
      password: PASSWORD,
    });
    expect(errorCode(back.body)).toBe('INVALID_CREDENTIALS');
  });

  it('an invitation works once; a used link is refused', async () => {
    await call('POST', '/aisle/v1/staff/invites', ownerToken, {
      email: 'once@staff.example',
      role: 'MANAGER',
    });
    const mail = await lastMail(server(), 'once@staff.example', 'staff-invite');
    const token = decodeURIComponent(/#token=([^&\s]+)/.exec(mail.data.link!)![1]!);
    const inspect = await call('POST', '/aisle/v1/staff/invites/inspect', undefined, { token });
    expect(inspect.body.staff).toMatchObject({
      email: 'once@staff.example',
      role: 'MANAGER',
      invitedBy: OWNER,
    });
    expect(
      (await call('POST', '/aisle/v1/staff/invites/accept', undefined, { token, password: PASSWORD })).status,
    ).toBe(200);
    const again = await call('POST', '/aisle/v1/staff/invites/accept', undefined, {
      token,
      password: PASSWORD,
    });
    expect(errorCode(again.body)).toBe('INVITE_EXPIRED');
    const dup = await call('POST', '/aisle/v1/staff/invites', ownerToken, {
      email: 'ONCE@staff.example',
      role: 'MANAGER',
    });
    expect(errorCode(dup.body)).toBe('STAFF_EXISTS');
  });

  it('throttles failed sign-ins per account', async () => {
    for (let i = 0; i < 3; i++)
      await call('POST', '/aisle/v1/staff/sign-in', undefined, {
        email: 'packer@staff.example',
        password: 'nope nope',
      });
    const locked = await call('POST', '/aisle/v1/staff/sign-in', undefined, {
      email: 'packer@staff.example',
      password: PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBeTruthy();
  });
});

describe('API keys', () => {
  it('owners create, list and revoke keys; a key is shown once and works with its role', async () => {
    const made = await call('POST', '/aisle/v1/api-keys', ownerToken, {
      name: 'Warehouse',
      role: 'FULFILMENT',
    });
    expect(made.status).toBe(200);
    const key = made.body.key as string;
    expect(key).toMatch(/^aisle_sk_/);
    const apiKey = made.body.apiKey as { id: string; prefix: string };
    expect(apiKey).toMatchObject({
      name: 'Warehouse',
      role: 'FULFILMENT',
      createdBy: OWNER,
      prefix: key.slice(0, 14),
    });

    const list = await call('GET', '/aisle/v1/api-keys', ownerToken);
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect((list.body.apiKeys as Array<{ id: string }>).map((k) => k.id)).toContain(apiKey.id);

    expect((await call('GET', '/ecom/v1/store-settings', key)).status).toBe(200);
    expect((await call('PATCH', '/ecom/v1/store-settings', key, { storeSettings: {} })).status).toBe(403);

    const revoked = await call('POST', `/aisle/v1/api-keys/${apiKey.id}/revoke`, ownerToken);
    expect(revoked.body.apiKey).toMatchObject({ revokedDate: expect.any(String) });
    expect((await call('GET', '/ecom/v1/store-settings', key)).status).toBe(401);
    const missing = await call('POST', '/aisle/v1/api-keys/aisle_sk_nothing/revoke', ownerToken);
    expect(missing.status).toBe(404);
    const noName = await call('POST', '/aisle/v1/api-keys', ownerToken, { name: '', role: 'OWNER' });
    expect(noName.status).toBe(400);
  });
});

describe('audit log', () => {
  it('records who changed what, from the outbox, with before and after', async () => {
    await call('PATCH', '/members/v1/policies', ownerToken, { requireEmailVerification: true });
    await call('PATCH', '/members/v1/policies', server().adminKey, { requireEmailVerification: false });
    await server().ctx.events.drain();
    const res = await call('GET', '/aisle/v1/audit-log?entity=identity_policies', ownerToken);
    expect(res.status).toBe(200);
    const entries = res.body.entries as Array<{
      actor: { kind: string; label: string };
      action: string;
      changes: Array<{ field: string; before?: unknown; after?: unknown }>;
    }>;
    const [latest, previous] = entries;
    expect(latest).toMatchObject({ actor: { kind: 'key', label: 'test admin' }, action: 'updated' });
    expect(latest!.changes).toContainEqual({
      field: 'policies.requireEmailVerification',
      before: true,
      after: false,
    });
    expect(previous).toMatchObject({ actor: { kind: 'staff', label: OWNER } });

    // Staff and key changes are there too; shoppers' and the system's are not.
    const all = await call('GET', '/aisle/v1/audit-log?limit=100', ownerToken);
    const kinds = new Set(
      (all.body.entries as Array<{ entity: string; action: string }>).map((e) => `${e.entity}.${e.action}`),
    );
    for (const kind of [
      'staff_user.created',
      'staff_user.invited',
      'staff_user.revoked',
      'api_key.created',
      'api_key.revoked',
    ])
      expect(kinds).toContain(kind);

    const page = await call('GET', '/aisle/v1/audit-log?limit=2', ownerToken);
    const next = (page.body.pagingMetadata as { cursors: { next: string } }).cursors.next;
    const second = await call('GET', `/aisle/v1/audit-log?limit=2&cursor=${next}`, ownerToken);
    expect((second.body.entries as Array<{ id: string }>)[0]!.id).not.toBe(
      (page.body.entries as Array<{ id: string }>)[0]!.id,
    );
    const forged = await call('GET', '/aisle/v1/audit-log?cursor=abc', ownerToken);
    expect(forged.status).toBe(400);
  });
});

describe('permissions at start-up', () => {
  it('an admin route of no known area without a permission stops the start', async () => {
    const stray = (app: Parameters<(typeof modules)[number]>[0]) => {
      app.get('/aisle/v1/stray', { config: { access: 'admin' } }, async () => ({}));
    };
    await expect(buildApp(server().ctx, [...modules.slice(0, 1), stray])).rejects.toThrow(
      /has no permission/,
    );
  });
});
