import type { Scenario } from '../measure.ts';

const CLIENT_ID = 'demo-storefront';

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Token issue and password login (argon2id); a bench member is registered first. */
export async function identityScenarios(url: string): Promise<Scenario[]> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const tokens = await post(url, '/oauth2/token', { grantType: 'anonymous', clientId: CLIENT_ID });
  if (tokens.status !== 200) {
    console.error(`identity scenarios skipped: anonymous token answered ${tokens.status}`);
    return [];
  }
  const token = String(tokens.body.access_token);
  const registered = await post(
    url,
    '/_api/iam/authentication/v2/register',
    { loginId: { email }, password, profile: { firstName: 'Bench' } },
    { authorization: token },
  );
  const scenarios: Scenario[] = [
    {
      name: 'anonymous token',
      description: 'POST /oauth2/token grant anonymous: a new visitor, signed JWT and stored refresh token',
      method: 'POST',
      path: '/oauth2/token',
      body: { grantType: 'anonymous', clientId: CLIENT_ID },
    },
  ];
  if (registered.status === 200 && registered.body.state === 'SUCCESS') {
    scenarios.push({
      name: 'member login (argon2id)',
      description: 'POST /v2/login with the right password: argon2id verify + session token',
      method: 'POST',
      path: '/_api/iam/authentication/v2/login',
      body: { loginId: { email }, password },
      headers: { authorization: token },
    });
  } else {
    console.error(
      `login scenario skipped: register answered ${registered.status} ${JSON.stringify(registered.body)}`,
    );
  }
  return scenarios;
}
