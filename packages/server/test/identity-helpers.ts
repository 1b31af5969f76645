import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ensureDemoClient } from '../src/modules/oauth/clients.ts';
import type { TestServer } from '../src/testing.ts';

export const CLIENT_ID = 'demo-storefront';
export const PASSWORD = 'correct horse battery';

/** The members' sign-in, recovery and verification APIs, and the members API. */
export const AUTH = '/_api/iam/authentication';
export const RECOVERY = '/_api/iam/recovery';
export const VERIFICATION = '/_api/iam/verification';
export const MEMBERS = '/members/v1/members';

/** Test-server seed: the demo client, as bootstrap installs it. */
export const seedClient = async (server: { ctx: TestServer['ctx'] }) => ensureDemoClient(server.ctx);

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge, state: randomBytes(32).toString('base64url') };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export async function visitorTokens(server: TestServer): Promise<Tokens> {
  const res = await server.call('POST', '/oauth2/token', {
    body: { grantType: 'anonymous', clientId: CLIENT_ID },
  });
  expect(res.status).toBe(200);
  return res.body as unknown as Tokens;
}

let counter = 0;
export const uniqueEmail = (prefix = 'member') =>
  `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`;

/** Register and return the StateMachine response. */
export async function register(server: TestServer, email: string, password = PASSWORD, token?: string) {
  return server.call('POST', `${AUTH}/v2/register`, {
    body: { loginId: { email }, password, profile: { firstName: 'Ada', lastName: 'Lovelace' } },
    ...(token ? { token } : {}),
  });
}

export async function login(server: TestServer, email: string, password = PASSWORD, token?: string) {
  return server.call('POST', `${AUTH}/v2/login`, {
    body: { loginId: { email }, password },
    ...(token ? { token } : {}),
  });
}

/** The authorize step's parameters for a code (in the fragment) with this PKCE flow. */
export function authorizeParams(
  server: TestServer,
  flow: ReturnType<typeof pkce>,
  redirectUri = `${server.url}/callback`,
): Record<string, string> {
  return {
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    state: flow.state,
    code_challenge: flow.challenge,
    code_challenge_method: 'S256',
    scope: 'offline_access',
  };
}

/** The authorize step with `prompt=none` and a session token, returning the redirect target. */
export async function authorizeSilently(
  server: TestServer,
  sessionToken: string,
  flow = pkce(),
  redirectUri = `${server.url}/callback`,
): Promise<{ code: string; flow: ReturnType<typeof pkce>; location: URL }> {
  const query = new URLSearchParams({
    ...authorizeParams(server, flow, redirectUri),
    prompt: 'none',
    sessionToken,
  });
  const res = await fetch(`${server.url}/oauth2/authorize?${query}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  const fragment = new URLSearchParams(location.hash.slice(1));
  expect(fragment.get('state')).toBe(flow.state);
  return { code: fragment.get('code') ?? '', flow, location };
}

export async function exchange(server: TestServer, code: string, verifier: string, redirectUri?: string) {
  return server.call('POST', '/oauth2/token', {
    body: {
      grantType: 'authorization_code',
      clientId: CLIENT_ID,
      code,
      codeVerifier: verifier,
      ...(redirectUri ? { redirectUri } : {}),
    },
  });
}

/** Register (no policies on) and sign in through the authorize step: member tokens. */
export async function memberTokens(
  server: TestServer,
  email = uniqueEmail(),
): Promise<Tokens & { email: string; memberId: string }> {
  const visitor = await visitorTokens(server);
  const reg = await register(server, email, PASSWORD, visitor.access_token);
  expect(reg.status).toBe(200);
  expect(reg.body.state).toBe('SUCCESS');
  const { code, flow } = await authorizeSilently(server, reg.body.sessionToken as string);
  const res = await exchange(server, code, flow.verifier, `${server.url}/callback`);
  expect(res.status).toBe(200);
  return { ...(res.body as unknown as Tokens), email, memberId: (reg.body.identity as { id: string }).id };
}

interface MailRecord {
  to: string;
  subject: string;
  text: string;
  tag: string | null;
  data: Record<string, string>;
}

/** The newest dev-mailbox message to an address (through the admin API). */
export async function lastMail(server: TestServer, to: string, tag?: string): Promise<MailRecord> {
  const res = await server.call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(to)}`, {
    token: server.adminKey,
  });
  expect(res.status).toBe(200);
  const messages = (res.body.messages as MailRecord[]).filter((m) => !tag || m.tag === tag);
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!;
}

/** A new admin API key with this role (made with the bootstrap key). */
export async function roleKey(server: TestServer, role: 'OWNER' | 'MANAGER' | 'FULFILMENT'): Promise<string> {
  const res = await server.call('POST', '/aisle/v1/api-keys', {
    token: server.adminKey,
    body: { name: role.toLowerCase(), role },
  });
  expect(res.status).toBe(200);
  return res.body.key as string;
}

export function errorCode(body: Record<string, unknown>): string | undefined {
  return (body.details as { applicationError?: { code: string } } | undefined)?.applicationError?.code;
}
