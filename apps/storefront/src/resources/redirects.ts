import type { Store } from '../sdk.ts';

export interface RedirectSessionView {
  id?: string;
  intent?: string;
  callbacks?: { postFlowUrl?: string; thankYouPageUrl?: string; loginUrl?: string; [key: string]: unknown };
}

/**
 * A redirect session's checked callbacks (`?redirectSessionId=` on pages the server sends shoppers to). The SDK's
 * redirects module only creates sessions, so this reads it through the client's generic request.
 */
export async function readRedirectSession(
  store: Store,
  id: string | null,
): Promise<RedirectSessionView | undefined> {
  if (!id) return undefined;
  try {
    const response = await (await store.api()).request<{ redirectSession?: RedirectSessionView }>({
      method: 'GET',
      path: '/_api/redirects-api/v1/redirect-session/{id}',
      data: { id },
    });
    return response.redirectSession;
  } catch {
    // An expired session only loses its callbacks; the page still works.
    return undefined;
  }
}
