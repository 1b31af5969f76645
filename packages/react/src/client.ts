import type {
  CheckoutModule,
  CollectionsModule,
  CurrentCartModule,
  MembersModule,
  OAuthStrategy,
  ProductsModule,
} from '@aisle/sdk';

/**
 * The client the hooks call: any `createClient({ modules })` result. Each hook needs its own module only
 * (`useProduct` needs `products`, `useCart` needs `currentCart`, …), so a site binds just what it uses.
 */
export interface AisleHooksClient {
  readonly products?: ProductsModule;
  readonly collections?: CollectionsModule;
  readonly currentCart?: CurrentCartModule;
  readonly checkout?: CheckoutModule;
  readonly members?: MembersModule;
}

/** What `useAuth` and `useMember` need of the OAuth strategy (the one the client was made with). */
export type AisleAuth = Pick<
  OAuthStrategy,
  'loggedIn' | 'login' | 'register' | 'logout' | 'getMemberTokensForDirectLogin'
>;

/** One module of the client, or a clear error naming the module to add. */
export function requireModule<K extends keyof AisleHooksClient>(
  client: AisleHooksClient,
  name: K,
  hook: string,
): NonNullable<AisleHooksClient[K]> {
  const module = client[name];
  if (!module)
    throw new Error(
      `${hook} needs the \`${name}\` module: createClient({ modules: { ${name}, … } }) for <AisleProvider>`,
    );
  return module as NonNullable<AisleHooksClient[K]>;
}

/** The provider's auth strategy, or a clear error. */
export function requireAuth(auth: AisleAuth | undefined, hook: string): AisleAuth {
  if (!auth) throw new Error(`${hook} needs the OAuth strategy: <AisleProvider auth={…}>`);
  return auth;
}
