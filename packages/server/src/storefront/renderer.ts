import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';

/**
 * The contract with the storefront's server build (`apps/storefront/src/entry-server.tsx`): this server brings
 * the request, the shopper's session as an auth strategy and an in-process `fetch` to its own API; the
 * storefront loads the data through its SDK, renders and streams the page.
 */
export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface RenderInput {
  request: Request;
  fetch: FetchFn;
  auth: { getAuthHeaders(): Promise<Record<string, string>> };
  member: boolean;
  productGone: (slug: string) => Promise<boolean>;
}

export type RenderResult =
  | { type: 'response'; response: Response }
  | { type: 'page'; status: number; shared: boolean; stream: Readable };

export interface StorefrontRenderer {
  render(input: RenderInput): Promise<RenderResult>;
}

interface EntryModule {
  createRenderer(clientDir: string): Promise<StorefrontRenderer>;
}

/** The built storefront in `dir` (`client/` for browsers, `server/entry-server.js`), or undefined when not built. */
export async function loadRenderer(dir: string): Promise<StorefrontRenderer | undefined> {
  const entry = join(dir, 'server', 'entry-server.js');
  if (!existsSync(entry) || !existsSync(join(dir, 'client', '.vite', 'manifest.json'))) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as EntryModule;
  return module.createRenderer(join(dir, 'client'));
}
