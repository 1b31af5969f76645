import {
  type BrowserEnv,
  type BrowserMessageEvent,
  checkout,
  collections,
  createClient,
  currentCart,
  type FetchFn,
  type HiddenFrame,
  members,
  OAuthStrategy,
  products,
} from '@aisle/sdk';
import type { TestServer } from '@aisle/server/testing';
import type { QueryClient } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { type AisleAuth, type AisleHooksClient, AisleProvider } from '../src/index.ts';
import { CLIENT_ID } from '../../sdk/test/checkout-helpers.ts';

/**
 * Requests whose URL matches are held until the test lets them go: what the page shows while the server has
 * not answered yet can be looked at without racing the real server.
 */
export function requestGate() {
  const held: Array<{ url: string; release: () => void }> = [];
  let pattern: RegExp | undefined;
  let waiter: (() => void) | undefined;
  const fetch: FetchFn = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (pattern?.test(url)) {
      await new Promise<void>((release) => {
        held.push({ url, release });
        waiter?.();
      });
    }
    return globalThis.fetch(input, init);
  };
  return {
    fetch,
    /** Holds the requests whose URL matches from now on (undefined: none). */
    hold(next: RegExp | undefined) {
      pattern = next;
    },
    held,
    /** Resolves once `count` requests are held. */
    async waitForHeld(count = 1): Promise<void> {
      while (held.length < count) await new Promise<void>((resolve) => (waiter = resolve));
    },
    /** Lets the oldest held request go on to the server. */
    releaseOne() {
      held.shift()?.release();
    },
  };
}

/**
 * The hidden frame of the direct login, in Node: the frame's page is loaded from the real server and the
 * message its script would post to this window is posted (the server writes it as `const data = {…};`).
 */
export function frameBrowser(origin: string): BrowserEnv {
  const listeners = new Set<(event: BrowserMessageEvent) => void>();
  const frame = (): HiddenFrame => ({
    src: '',
    style: { display: '' },
    setAttribute: () => undefined,
    addEventListener: () => undefined,
    remove: () => undefined,
  });
  return {
    document: {
      createElement: frame,
      body: {
        appendChild: (node) => {
          const { src } = node as HiddenFrame;
          void globalThis
            .fetch(new URL(src, origin))
            .then((response) => response.text())
            .then((html) => {
              const json = /const data = (\{.*?\});/.exec(html)?.[1];
              if (!json) throw new Error(`the frame's page posts no message: ${html.slice(0, 200)}`);
              for (const listener of listeners) listener({ data: JSON.parse(json) });
            });
          return node;
        },
      },
    },
    window: {
      addEventListener: (_type, listener) => void listeners.add(listener),
      removeEventListener: (_type, listener) => void listeners.delete(listener),
      location: { href: `${origin}/` },
    },
  };
}

const MODULES = { products, collections, currentCart, checkout, members };

/** A new shopper of the demo store (their own visitor tokens), over `fetch`. */
export function storefrontClient(server: TestServer, fetch: FetchFn = globalThis.fetch) {
  const auth = OAuthStrategy({
    clientId: CLIENT_ID,
    baseUrl: server.url,
    fetch,
    browser: frameBrowser(server.url),
  });
  return { client: createClient({ modules: MODULES, baseUrl: server.url, auth, fetch }), auth };
}

/** Server-renders `children` under an `AisleProvider` over this query cache (no DOM: react-dom/server). */
export function render(
  queryClient: QueryClient,
  client: AisleHooksClient,
  children: ReactNode,
  auth?: AisleAuth,
): string {
  return renderToString(createElement(AisleProvider, { client, auth, queryClient }, children));
}

/** A component that hands its hook's result to the test on every render (and renders nothing). */
export function probe<T>(use: () => T): { element: ReactNode; last: () => T } {
  let result: { value: T } | undefined;
  const Probe = () => {
    result = { value: use() };
    return null;
  };
  return {
    element: createElement(Probe),
    last: () => {
      if (!result) throw new Error('not rendered yet');
      return result.value;
    },
  };
}
