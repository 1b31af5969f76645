import { ApiKeyStrategy, createClient, StaticTokenStrategy, siteMembers } from '@aisle/sdk';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/modules/identity/tables.ts';
import { encodeComplexQuery } from '../src/platform/wire-query.ts';
import { serverForFile } from './file-server.ts';
import { eventsOf } from './checkout-helpers.ts';
import {
  errorCode,
  login,
  memberTokens,
  roleKey,
  seedClient,
  uniqueEmail,
  visitorTokens,
} from './identity-helpers.ts';

/** The members calls of wire/members.md (reference shape), over HTTP and through the SDK's `siteMembers`. */

const { server } = serverForFile({ seed: seedClient });
const M = '/members/v1/members';
type Body = Record<string, unknown>;
type WireMember = {
  id: string;
  loginEmail?: string;
  status?: string;
  contact?: Body;
  profile: Body;
  privacyStatus: string;
  activityStatus: string;
};

beforeAll(async () => {
  await server().call('PATCH', '/members/v1/policies', {
    token: server().adminKey,
    body: { captcha: 'OFF' },
  });
});
const call = (method: string, path: string, token: string, body?: unknown) =>
  server().call(method, path, { token, ...(body === undefined ? {} : { body }) });
const memberOf = (res: { body: Body }) => res.body.member as WireMember;
const violations = (body: Body) =>
  (
    (body.details as { validationError?: { fieldViolations: Array<{ field: string }> } }).validationError
      ?.fieldViolations ?? []
  ).map((v) => v.field);
const rowOf = async (id: string) =>
  (await server().ctx.db.select().from(members).where(eq(members.id, id)))[0]!;

describe('the signed-in member (my)', () => {
  it('answers PUBLIC by default, EXTENDED and FULL when asked; /me keeps the identity shape', async () => {
    const ada = await memberTokens(server());
    const pub = await call('GET', `${M}/my`, ada.access_token);
    expect(pub.status).toBe(200);
    expect(memberOf(pub)).toEqual({
      id: ada.memberId,
      contactId: ada.memberId,
      privacyStatus: 'PRIVATE',
      activityStatus: 'ACTIVE',
      profile: { slug: ada.memberId },
      createdDate: expect.stringMatching(/Z$/),
      updatedDate: expect.stringMatching(/Z$/),
    });
    const extended = memberOf(await call('GET', `${M}/my?fieldsets=EXTENDED`, ada.access_token));
    expect(extended).toMatchObject({ loginEmail: ada.email, loginEmailVerified: false, status: 'APPROVED' });
    expect(extended.contact).toBeUndefined();
    const full = memberOf(await call('GET', `${M}/my?fieldsets=PUBLIC&fieldsets=FULL`, ada.access_token));
    expect(full.contact).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phones: [], addresses: [] });

    const me = await call('GET', `${M}/me`, ada.access_token);
    expect(me.body.member).toMatchObject({ id: ada.memberId, email: { address: ada.email } });

    const bad = await call('GET', `${M}/my?fieldsets=ALL`, ada.access_token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('fieldsets');
    expect((await server().call('GET', `${M}/my`)).status).toBe(401);
    expect((await call('GET', `${M}/my`, (await visitorTokens(server())).access_token)).status).toBe(403);
    expect((await call('GET', `${M}/my`, server().adminKey)).status).toBe(403);
  });

  it('changes its slug (unique, checked), joins and leaves the community, and deletes itself', async () => {
    const a = await memberTokens(server());
    const b = await memberTokens(server());
    const slug = `ada-${a.memberId.slice(0, 8)}`;
    const set = await call('POST', `${M}/my/slug`, a.access_token, { slug: ` ${slug.toUpperCase()} ` });
    expect(set.status).toBe(200);
    expect(memberOf(set).profile.slug).toBe(slug);
    const taken = await call('POST', `${M}/my/slug`, b.access_token, { slug });
    expect(taken.status).toBe(409);
    expect(errorCode(taken.body)).toBe('SLUG_ALREADY_EXISTS');
    for (const wrong of ['no spaces', '-edge', b.memberId, '']) {
      const res = await call('POST', `${M}/my/slug`, b.access_token, { slug: wrong });
      expect(res.status).toBe(400);
      expect(violations(res.body)).toEqual(['slug']);
    }
    expect((await rowOf(b.memberId)).slug).toBeNull();

    expect(memberOf(await call('POST', `${M}/join-community`, a.access_token)).privacyStatus).toBe('PUBLIC');
    expect(memberOf(await call('POST', `${M}/leave-community`, a.access_token)).privacyStatus).toBe(
      'PRIVATE',
    );

    const gone = await call('DELETE', `${M}/my`, a.access_token);
    expect(gone.body).toEqual({});
    expect(errorCode((await login(server(), a.email)).body)).toBe('-19976');
    // The slug is free again.
    expect((await call('POST', `${M}/my/slug`, b.access_token, { slug })).status).toBe(200);
  });
});

describe('a member by id', () => {
  it('reads and changes its own record only; the contact card is the identity profile', async () => {
    const a = await memberTokens(server());
    const b = await memberTokens(server());
    const other = await call('GET', `${M}/${b.memberId}?fieldsets=FULL`, a.access_token);
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toContain(b.email);
    expect((await call('PATCH', `${M}/${b.memberId}`, a.access_token, { member: {} })).status).toBe(403);
    expect((await call('DELETE', `${M}/${b.memberId}/phones`, a.access_token)).status).toBe(403);

    const patch = await call('PATCH', `${M}/${a.memberId}`, a.access_token, {
      member: {
        id: a.memberId,
        contact: {
          firstName: 'Augusta',
          phones: ['+44 20 7946 0000'],
          addresses: [
            { addressLine: '12 St James Square', city: 'London', country: 'GB', postalCode: 'SW1Y 4JH' },
          ],
          birthdate: '1815-12-10',
          jobTitle: 'Analyst',
          customFields: { shoe: { name: 'Shoe size', value: { numValue: 38.5 } } },
        },
        profile: {
          nickname: 'ada',
          title: 'Countess',
          photo: { url: 'https://img.example/ada.png', width: 64 },
        },
      },
    });
    expect(patch.status).toBe(200);
    const changed = memberOf(patch);
    expect(changed.contact).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      phones: ['+44 20 7946 0000'],
      addresses: [{ id: expect.any(String), city: 'London', country: 'GB' }],
      birthdate: '1815-12-10',
      jobTitle: 'Analyst',
      customFields: { 'Shoe size': { name: 'Shoe size', value: { numValue: 38.5 } } },
    });
    expect(changed.profile).toMatchObject({ nickname: 'ada', title: 'Countess', photo: { width: 64 } });
    const me = await call('GET', `${M}/me`, a.access_token);
    expect((me.body.member as { identityProfile: Body }).identityProfile).toMatchObject({
      firstName: 'Augusta',
      position: 'Analyst',
      picture: 'https://img.example/ada.png',
      customFields: [{ name: 'Shoe size', value: { numValue: 38.5 } }],
    });

    const cleared = await call('DELETE', `${M}/${a.memberId}/phones`, a.access_token);
    expect(memberOf(cleared).contact).toMatchObject({ phones: [], firstName: 'Augusta' });

    // Bad input: the field is named, nothing is written.
    const before = await rowOf(a.memberId);
    for (const [body, field] of [
      [{ member: { contact: { birthdate: '10/12/1815' } } }, 'member.contact.birthdate'],
      [{ member: { id: b.memberId, contact: { firstName: 'X' } } }, 'member.id'],
      [{ member: { profile: { slug: 'Not A Slug' } } }, 'member.profile.slug'],
    ] as const) {
      const res = await call('PATCH', `${M}/${a.memberId}`, a.access_token, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await rowOf(a.memberId)).revision).toBe(before.revision);

    expect(
      (await call('GET', `${M}/00000000-0000-4000-8000-000000000000`, server().adminKey)).body,
    ).toMatchObject({
      details: { applicationError: { code: 'MEMBER_NOT_FOUND' } },
    });
    const badId = await call('GET', `${M}/not-an-id`, server().adminKey);
    expect(badId.status).toBe(400);
    expect(violations(badId.body)).toEqual(['id']);
  });

  it('records member.updated with the FULL member', async () => {
    const a = await memberTokens(server());
    await call('PATCH', `${M}/${a.memberId}`, a.access_token, {
      member: { contact: { company: 'Analytical' } },
    });
    const events = await eventsOf(server(), a.memberId);
    const last = events.at(-1)!;
    expect(`${last.entity}.${last.type}`).toBe('member.updated');
    expect(last.payload).toMatchObject({
      id: a.memberId,
      member: { id: a.memberId, loginEmail: a.email, contact: { company: 'Analytical' } },
    });
  });
});

describe('admin calls', () => {
  it('lists with paging, sorting and fieldsets; queries with the filter language; staff per role', async () => {
    const tag = uniqueEmail('q').split('@')[0]!;
    const made: WireMember[] = [];
    for (const first of ['Cora', 'Abel', 'Bea']) {
      const res = await call('POST', M, server().adminKey, {
        member: {
          loginEmail: `${first.toLowerCase()}.${tag}@example.com`,
          contact: { firstName: first, lastName: tag },
        },
      });
      expect(res.status).toBe(200);
      made.push(memberOf(res));
    }
    expect(made[0]).toMatchObject({ status: 'APPROVED', contact: { firstName: 'Cora' } });
    const dup = await call('POST', M, server().adminKey, {
      member: { loginEmail: `cora.${tag}@example.com` },
    });
    expect(dup.status).toBe(409);
    const noEmail = await call('POST', M, server().adminKey, { member: { contact: { firstName: 'X' } } });
    expect(noEmail.status).toBe(400);
    expect(violations(noEmail.body)).toEqual(['member.loginEmail']);

    const query = {
      filter: { 'contact.lastName': tag },
      sort: [{ fieldName: 'contact.firstName', order: 'ASC' }],
      paging: { limit: 2, offset: 0 },
    };
    const page = await call('POST', `${M}/query`, server().adminKey, { query, fieldsets: ['EXTENDED'] });
    expect(page.status).toBe(200);
    expect((page.body.members as WireMember[]).map((m) => m.loginEmail)).toEqual([
      `abel.${tag}@example.com`,
      `bea.${tag}@example.com`,
    ]);
    expect(page.body.metadata).toMatchObject({ count: 2, offset: 0, total: 3 });
    const complex = await call('POST', `${M}/query`, server().adminKey, {
      query: { filter: { $and: [{ loginEmail: { $startsWith: 'cora.' } }, { status: 'APPROVED' }] } },
    });
    expect((complex.body.members as WireMember[]).map((m) => m.id)).toEqual([made[0]!.id]);
    expect((complex.body.members as WireMember[])[0]!.loginEmail).toBeUndefined();

    const badField = await call('POST', `${M}/query`, server().adminKey, {
      query: { filter: { password: 'x' } },
    });
    expect(badField.status).toBe(400);
    expect(violations(badField.body)).toEqual(['query.filter.password']);
    const badStatus = await call('POST', `${M}/query`, server().adminKey, {
      query: { filter: { status: 'ACTIVE' } },
    });
    expect(badStatus.status).toBe(400);

    const list = await call(
      'GET',
      `${M}?${encodeComplexQuery({ paging: { limit: 1, offset: 1 }, sorting: { fieldName: 'loginEmail', order: 'DESC' }, fieldsets: ['FULL'], search: tag })}`,
      server().adminKey,
    );
    expect(list.status).toBe(200);
    expect((list.body.members as WireMember[]).map((m) => m.contact?.firstName)).toEqual(['Bea']);
    expect(list.body.metadata).toMatchObject({ count: 1, offset: 1, total: 3 });
    const dotted = await call('GET', `${M}?paging.limit=1&search=${tag}`, server().adminKey);
    expect(dotted.body.metadata).toMatchObject({ count: 1, total: 3 });

    const packer = await roleKey(server(), 'FULFILMENT');
    expect((await call('POST', `${M}/query`, packer, { query })).status).toBe(200);
    expect((await call('GET', `${M}/${made[0]!.id}?fieldsets=FULL`, packer)).status).toBe(200);
    expect((await call('PATCH', `${M}/${made[0]!.id}`, packer, { member: {} })).status).toBe(403);
    expect((await call('POST', `${M}/${made[0]!.id}/mute`, packer)).status).toBe(403);
    const member = await memberTokens(server());
    expect((await call('POST', `${M}/query`, member.access_token, { query })).status).toBe(403);
    expect((await call('GET', M, member.access_token)).status).toBe(403);
  });

  it('approves, blocks, mutes, disconnects and sets slugs', async () => {
    const m = await memberTokens(server());
    const muted = memberOf(await call('POST', `${M}/${m.memberId}/mute`, server().adminKey));
    expect(muted.activityStatus).toBe('MUTED');
    expect(memberOf(await call('POST', `${M}/${m.memberId}/unmute`, server().adminKey)).activityStatus).toBe(
      'ACTIVE',
    );
    const slug = `admin-set-${m.memberId.slice(0, 6)}`;
    expect(
      memberOf(await call('POST', `${M}/${m.memberId}/slug`, server().adminKey, { slug })).profile.slug,
    ).toBe(slug);

    const offline = await call('POST', `${M}/${m.memberId}/disconnect`, server().adminKey);
    expect(memberOf(offline).status).toBe('OFFLINE');
    await server().ctx.events.drain();
    expect((await login(server(), m.email)).body).toMatchObject({ state: 'STATUS_CHECK' });
    const renewed = await server().call('POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', refreshToken: m.refresh_token },
    });
    expect(renewed.status).toBe(400);
    expect(memberOf(await call('POST', `${M}/${m.memberId}/approve`, server().adminKey)).status).toBe(
      'APPROVED',
    );
    expect((await login(server(), m.email)).body.state).toBe('SUCCESS');

    const blocked = await call('POST', `${M}/${m.memberId}/block`, server().adminKey);
    expect(memberOf(blocked).status).toBe('BLOCKED');
    const again = await call('POST', `${M}/${m.memberId}/approve`, server().adminKey);
    expect(again.status).toBe(409);
  });

  it('bulk: delete by ids (each on its own), approve / block / delete by filter', async () => {
    const a = await memberTokens(server());
    const b = await memberTokens(server());
    const unknown = '00000000-0000-4000-8000-000000000001';
    const res = await call('POST', `${M}/bulk/delete`, server().adminKey, {
      memberIds: [a.memberId, unknown],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      results: [
        { itemMetadata: { id: a.memberId, originalIndex: 0, success: true } },
        {
          itemMetadata: {
            id: unknown,
            originalIndex: 1,
            success: false,
            error: { code: 'MEMBER_NOT_FOUND' },
          },
        },
      ],
      bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 },
    });
    const empty = await call('POST', `${M}/bulk/delete`, server().adminKey, { memberIds: [] });
    expect(empty.status).toBe(400);
    expect(violations(empty.body)).toEqual(['memberIds']);

    const block = await call('POST', `${M}/bulk/block-by-filter`, server().adminKey, {
      filter: { loginEmail: b.email },
    });
    expect(block.body).toEqual({ jobId: expect.any(String) });
    expect((await rowOf(b.memberId)).status).toBe('BLOCKED');
    const badFilter = await call('POST', `${M}/bulk/approve-by-filter`, server().adminKey, {
      filter: { loginEmail: { $regex: '.' } },
    });
    expect(badFilter.status).toBe(400);
    expect(violations(badFilter.body)[0]).toMatch(/^filter\.loginEmail/);
    const del = await call('POST', `${M}/bulk/delete-by-filter`, server().adminKey, {
      filter: { id: b.memberId },
    });
    expect(del.status).toBe(200);
    expect((await rowOf(b.memberId)).status).toBe('DELETED');
    expect((await rowOf(a.memberId)).status).toBe('DELETED');
  });
});

describe('SDK: siteMembers', () => {
  it('makes the reference-shape calls for a member and an admin', async () => {
    const ada = await memberTokens(server());
    const asMember = createClient({
      modules: { siteMembers },
      auth: StaticTokenStrategy({ token: ada.access_token }),
      baseUrl: server().url,
    });
    const asAdmin = createClient({
      modules: { siteMembers },
      auth: ApiKeyStrategy({ apiKey: server().adminKey }),
      baseUrl: server().url,
    });
    const me = await asMember.siteMembers.getCurrentMember({ fieldsets: ['FULL'] });
    expect(me).toMatchObject({ id: ada.memberId, loginEmail: ada.email, status: 'APPROVED' });
    expect(me.createdDate).toBeInstanceOf(Date);
    const slug = `sdk-${ada.memberId.slice(0, 8)}`;
    expect((await asMember.siteMembers.updateMySlug(slug)).profile?.slug).toBe(slug);
    const updated = await asMember.siteMembers.updateMember(ada.memberId, {
      contact: { company: 'Engines' },
    });
    expect(updated.contact?.company).toBe('Engines');
    expect((await asMember.siteMembers.joinCommunity()).privacyStatus).toBe('PUBLIC');
    await expect(asMember.siteMembers.listMembers()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const page = await asAdmin.siteMembers
      .queryMembers({ fieldsets: ['EXTENDED'] })
      .eq('loginEmail', ada.email)
      .find();
    expect(page.items.map((m) => m.id)).toEqual([ada.memberId]);
    expect(page.items[0]!.updatedDate).toBeInstanceOf(Date);
    const listed = await asAdmin.siteMembers.listMembers({ paging: { limit: 1 }, fieldsets: ['PUBLIC'] });
    expect(listed.members.length).toBe(1);
    expect(
      (await asAdmin.siteMembers.getMember(ada.memberId, { fieldsets: ['FULL'] })).contact?.company,
    ).toBe('Engines');
    expect((await asAdmin.siteMembers.muteMember(ada.memberId)).activityStatus).toBe('MUTED');
    expect((await asAdmin.siteMembers.blockMember(ada.memberId)).status).toBe('BLOCKED');
    expect(await asAdmin.siteMembers.bulkBlockMembers({ loginEmail: ada.email })).toEqual(expect.any(String));
    const created = await asAdmin.siteMembers.createMember({ loginEmail: uniqueEmail('sdk') });
    const bulk = await asAdmin.siteMembers.bulkDeleteMembers([created.id]);
    expect(bulk.bulkActionMetadata.totalSuccesses).toBe(1);
    await asAdmin.siteMembers.deleteMember(ada.memberId);
    await expect(asAdmin.siteMembers.getMember(ada.memberId)).rejects.toMatchObject({
      code: 'MEMBER_NOT_FOUND',
    });
  });
});
