import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterContextProvider, RouterProvider } from 'react-router';
import { HYDRATION_ELEMENT_ID, parseHydration } from './lib/hydration.ts';
import { adoptBrowserIds } from './lib/hydration-ids.ts';
import { adoptMoneyPatterns } from './lib/money.ts';
import { storefrontRoutes } from './routes.tsx';
import { browserAuth, browserStore, storeContext } from './sdk.ts';
import './styles.css';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

async function hydrate() {
  const element = document.getElementById(HYDRATION_ELEMENT_ID);
  const { money, ...data } = (element?.textContent ? parseHydration(element.textContent) : {}) as {
    money?: unknown;
  };
  // Prices are written with the server's patterns: hydrating builds no Intl.NumberFormat (lib/money.ts).
  adoptMoneyPatterns(money);
  // React Router reads this (and turns its serialized errors back into error responses).
  window.__staticRouterHydrationData = element?.textContent ? data : undefined;
  const routes = storefrontRoutes('browser');
  // The pages of this URL load before hydrating, so the first render is the server's (no fallback flash).
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes, {
    getContext: () => {
      const context = new RouterContextProvider();
      context.set(storeContext, browserStore());
      return context;
    },
  });
  const root = document.getElementById('root') as HTMLElement;
  // React's server render puts the preloads it makes of eager images (`<link rel="preload" as="image">`) at
  // the start of the root. In the head they do the same, and the root holds only what the browser renders:
  // hydrating past them, Preact would take the whole page out and put it back (a focused link or field loses
  // its focus, the page is laid out again).
  for (const child of Array.from(root.children)) if (child.tagName === 'LINK') document.head.append(child);
  const idsAdopted = adoptBrowserIds();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (a phone's long task; Lighthouse's total blocking time). A tap meanwhile makes
  // React hydrate at once and replay it.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <Hydrated onHydrated={idsAdopted} />
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

/** Marks `<html data-hydrated>` once the page has hydrated (its effects run after the first commit). */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(() => {
    onHydrated();
    document.documentElement.dataset.hydrated = 'true';
  }, [onHydrated]);
  return null;
}

/**
 * Pre-warms the member area's redirect session (SPEC §9): the hosted login page loads in a hidden frame once
 * every 7 days (`PREWARM_INTERVAL_MS`; the last run is in `localStorage`), so "sign in" and the member area
 * open at once. Only for a shopper with a session (a first visit makes no visitor for it), when the page is idle.
 */
function prewarm() {
  if (!/(^|;\s*)aisle_has_session=1/.test(document.cookie)) return;
  const run = () =>
    void browserAuth()
      .then((auth) => auth.prewarmSession())
      .catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 2_000);
}

void hydrate().then(prewarm);
