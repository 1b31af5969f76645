/** Supplies the headers that authenticate each call; OAuth visitor/member strategies implement the same shape. */
export interface AuthStrategy {
  getAuthHeaders(): Promise<Record<string, string>>;
}

export interface ApiKeyStrategyOptions {
  apiKey: string;
  siteId?: string;
  accountId?: string;
}

/** Admin clients: `Authorization: <key>` (no `Bearer`), plus site/account ids when given. */
export function ApiKeyStrategy({ apiKey, siteId, accountId }: ApiKeyStrategyOptions): AuthStrategy {
  const headers: Record<string, string> = { Authorization: apiKey };
  if (siteId) headers['aisle-site-id'] = siteId;
  if (accountId) headers['aisle-account-id'] = accountId;
  return { getAuthHeaders: async () => ({ ...headers }) };
}

export interface StaticTokenStrategyOptions {
  token: string;
}

/** A token obtained elsewhere (server-side session, tests), sent raw as `Authorization`. */
export function StaticTokenStrategy({ token }: StaticTokenStrategyOptions): AuthStrategy {
  return { getAuthHeaders: async () => ({ Authorization: token }) };
}
