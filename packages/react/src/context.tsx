import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import type { AisleAuth, AisleHooksClient } from './client.ts';

interface AisleContextValue {
  client: AisleHooksClient;
  auth: AisleAuth | undefined;
}

const AisleContext = createContext<AisleContextValue | undefined>(undefined);

/** Defaults for Aisle's reads: fresh for 30 s; an error the caller made (4xx) is not retried. */
export function createAisleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => {
          const status = (error as { status?: unknown }).status;
          if (typeof status === 'number' && status >= 400 && status < 500) return false;
          return failures < 2;
        },
      },
    },
  });
}

export interface AisleProviderProps {
  /** The SDK client the hooks call (made with the modules the site's hooks need). */
  client: AisleHooksClient;
  /**
   * The OAuth strategy the client was made with (it holds the token storage): `useAuth` signs in and out
   * through it, `useMember` asks it whether anyone is signed in. Sites without members leave it out.
   */
  auth?: AisleAuth;
  /**
   * The TanStack Query client. On a server, one per request (never share a shopper's cart between
   * requests); left out, the provider makes its own once per mount.
   */
  queryClient?: QueryClient;
  children?: ReactNode;
}

/**
 * Gives the hooks below it the SDK client and a TanStack Query cache. Server-rendering safe: rendering reads
 * no browser globals and starts no request (reads run in the browser, or are prefetched on the server into the
 * `queryClient` passed in and dehydrated for the browser).
 */
export function AisleProvider({ client, auth, queryClient, children }: AisleProviderProps) {
  const [own] = useState(() => (queryClient ? undefined : createAisleQueryClient()));
  const value = useMemo(() => ({ client, auth }), [client, auth]);
  return (
    <QueryClientProvider client={queryClient ?? (own as QueryClient)}>
      <AisleContext.Provider value={value}>{children}</AisleContext.Provider>
    </QueryClientProvider>
  );
}

/** The provider's client and auth strategy. */
export function useAisle(): AisleContextValue {
  const value = useContext(AisleContext);
  if (!value) throw new Error('Aisle hooks need an <AisleProvider> above them');
  return value;
}
