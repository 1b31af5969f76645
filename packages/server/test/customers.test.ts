import { beforeAll, describe, expect, it } from 'vitest';
import { insertMember, type Member } from '../src/modules/identity/members.ts';
import { serverForFile } from './file-server.ts';
import { placeTestOrder } from './order-fixtures.ts';
import { roleKey } from './identity-helpers.ts';

const { server } = serverForFile();
let ada: Member;
let grace: Member;

beforeAll(async () => {
  const add = (email: string, firstName: string, lastName: string, extra = {}) =>
    server().ctx.events.transaction((tx) =>
      insertMember(server().ctx, tx, {
        email,
        passwordHash: null,
        status: 'ACTIVE',
        emailVerified: true,
        profile: { firstName, lastName, ...extra },
      }),
    );
  ada = await add('ada@customers.example', 'Ada', 'Lovelace', {
    customFields: [{ name: 'Loyalty tier', value: { strValue: 'Gold' } }],
    addresses: [{ address: { country: 'GB', city: 'London', addressLine: '12 St James Sq' }, tag: 'HOME' }],
  });
  grace = await add('grace@customers.example', 'Grace', 'Hopper');
  await add('alan@customers.example', 'Alan', 'Turing');
  // Ada: two orders signed in, one as a guest with her e-mail, one not placed yet (not counted).
  await placeTestOrder(server(), {
    memberId: ada.id,
    email: ada.email,
    lines: [{ quantity: 2, price: '26.00' }],
  });
  await placeTestOrder(server(), {
    memberId: ada.id,
    email: ada.email,
    lines: [{ quantity: 1, price: '10.55' }],
  });
  await placeTestOrder(server(), { email: 'ADA@customers.example', lines: [{ quantity: 1, price: '0.45' }] });
  await placeTestOrder(server(), {
    memberId: ada.id,
    status: 'PENDING',
    payment: 'pending',
    lines: [{ quantity: 1, price: '99.00' }],
  });
});
const get = (path: string, token = server().adminKey) => server().call('GET', path, { token });

interface CustomerRow {
  member: { id: string; email: { address: string }; status: { name: string } };
  orderCount: number;
  totalSpent: Array<{ amount: string; currency: string }>;
}

describe('customers', () => {
  it('lists members with order count and total spent, searching e-mail and names', async () => {
    const all = await get('/aisle/v1/customers');
    expect(all.status).toBe(200);
    const rows = all.body.customers as CustomerRow[];
    expect(rows).toHaveLength(3);
    const adaRow = rows.find((r) => r.member.id === ada.id)!;
    expect(adaRow.orderCount).toBe(3);
    expect(adaRow.totalSpent).toEqual([{ amount: '63.00', currency: 'USD' }]);
    expect(rows.find((r) => r.member.id === grace.id)).toMatchObject({ orderCount: 0, totalSpent: [] });

    for (const [search, emails] of [
      ['lovelace', ['ada@customers.example']],
      ['Grace Hopper', ['grace@customers.example']],
      ['hopper grace', ['grace@customers.example']],
      ['ALAN@', ['alan@customers.example']],
      ['100%', []],
    ] as const) {
      const found = await get(`/aisle/v1/customers?search=${encodeURIComponent(search)}`);
      expect((found.body.customers as CustomerRow[]).map((r) => r.member.email.address)).toEqual(emails);
    }
    const paged = await get('/aisle/v1/customers?limit=2&offset=2');
    expect(paged.body.metadata).toEqual({ count: 1, offset: 2, total: 3 });
    const bad = await get('/aisle/v1/customers?status=SLEEPING');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('status');
  });

  it('shows one customer: addresses, custom fields, factors, latest orders', async () => {
    const res = await get(`/aisle/v1/customers/${ada.id}`);
    expect(res.status).toBe(200);
    const customer = res.body.customer as {
      member: { identityProfile: Record<string, unknown>; factors: unknown[] };
      orders: Array<{ number: string; status: string; total: { amount: string } }>;
      orderCount: number;
    };
    expect(customer.member.identityProfile).toMatchObject({
      customFields: [{ name: 'Loyalty tier', value: { strValue: 'Gold' } }],
      addresses: [{ address: { city: 'London' }, tag: 'HOME' }],
    });
    expect(Array.isArray(customer.member.factors)).toBe(true);
    expect(customer.orderCount).toBe(3);
    expect(customer.orders.map((o) => o.total.amount)).toEqual(['99.00', '0.45', '10.55', '52.00']);
    expect(customer.orders[0]!.status).toBe('PENDING');
    expect((await get('/aisle/v1/customers/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    const bad = await get('/aisle/v1/customers/not-an-id');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('"id"');
  });

  it('block and delete go through the members calls; a fulfilment key may read but not block', async () => {
    const packer = await roleKey(server(), 'FULFILMENT');
    expect((await get('/aisle/v1/customers', packer)).status).toBe(200);
    const denied = await server().call('POST', `/members/v1/members/${grace.id}/block`, { token: packer });
    expect(denied.status).toBe(403);

    const blocked = await server().call('POST', `/members/v1/members/${grace.id}/block`, {
      token: server().adminKey,
    });
    expect(blocked.body.member).toMatchObject({ status: 'BLOCKED' });
    const onlyBlocked = await get('/aisle/v1/customers?status=BLOCKED');
    expect((onlyBlocked.body.customers as CustomerRow[]).map((r) => r.member.id)).toEqual([grace.id]);

    expect(
      (await server().call('DELETE', `/members/v1/members/${grace.id}`, { token: server().adminKey })).status,
    ).toBe(200);
    expect((await get(`/aisle/v1/customers/${grace.id}`)).status).toBe(404);
    expect(((await get('/aisle/v1/customers')).body.customers as CustomerRow[]).length).toBe(2);
  });

  it('policies: unknown keys are ignored, never stored or echoed', async () => {
    const res = await server().call('PATCH', '/members/v1/policies', {
      token: server().adminKey,
      body: { requireOwnerApproval: true, policies: { captcha: 'OFF' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.policies).toEqual({
      requireEmailVerification: false,
      requireOwnerApproval: true,
      captcha: 'AUTO',
    });
  });
});
