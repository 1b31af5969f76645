import { AisleApplicationError, AisleError, type Cart, type Product } from '@aisle/sdk';
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineOf, PASSWORD, startStore } from '../../sdk/test/checkout-helpers.ts';
import type { StartedServer as Store } from '../../sdk/test/test-server.ts';
import {
  type AisleHooksClient,
  aisleKeys,
  CART_MUTATION_KEY,
  cartQuery,
  cartTotalsQuery,
  checkoutQuery,
  collectionQuery,
  createAisleQueryClient,
  isOptimisticLine,
  memberQuery,
  productQuery,
  productsQuery,
  useAuth,
  useCart,
  useCheckout,
  useCollection,
  useMember,
  useProduct,
  useProducts,
  writeCart,
} from '../src/index.ts';
import { probe, render, requestGate, storefrontClient } from './helpers.ts';

let store: Store;

beforeAll(async () => {
  store = await startStore();
});
afterAll(async () => {
  await store?.stop();
});

const quantities = (cart: Cart | null | undefined) =>
  (cart?.lineItems ?? []).map((line) => [line.catalogReference?.catalogItemId, line.quantity]);

/** Lets the promise callbacks queued so far run (the mutation's optimistic step is a few awaits deep). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('@aisle/react: catalogue reads against the real server', () => {
  function ProductName({ slug }: { slug: string }) {
    const { data } = useProduct({ slug });
    if (data === undefined) return createElement('p', null, 'Loading');
    if (data === null) return createElement('p', null, 'No such product');
    return createElement('h1', null, `${data.name} ${data.priceData?.formatted?.price}`);
  }

  it('useProduct renders a product read on the server by slug and by id, and null for an unknown slug', async () => {
    const { client } = storefrontClient(store.server);
    const queryClient = createAisleQueryClient();
    const product = (await queryClient.fetchQuery(
      productQuery(client, { slug: 'classic-cotton-tee' }),
    )) as Product;
    expect(product.name).toBe('Classic Cotton Tee');
    expect(product.variants?.length).toBeGreaterThan(1);

    const html = render(queryClient, client, createElement(ProductName, { slug: 'classic-cotton-tee' }));
    expect(html).toContain(`<h1>Classic Cotton Tee ${product.priceData?.formatted?.price}</h1>`);
    // Not read yet: the server render shows the loading state and starts no request.
    expect(render(queryClient, client, createElement(ProductName, { slug: 'no-such-thing' }))).toContain(
      'Loading',
    );

    await queryClient.fetchQuery(productQuery(client, { slug: 'no-such-thing' }));
    expect(render(queryClient, client, createElement(ProductName, { slug: 'no-such-thing' }))).toContain(
      'No such product',
    );

    const byId = await queryClient.fetchQuery(productQuery(client, { id: product.id }));
    expect(byId?.slug).toBe('classic-cotton-tee');
    const unknown = await queryClient.fetchQuery(
      productQuery(client, { id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown).toBeNull();
  });

  it('a server render hydrates in the browser with the same markup (dehydrated cache as JSON)', async () => {
    const { client } = storefrontClient(store.server);
    const server = createAisleQueryClient();
    await server.prefetchQuery(productQuery(client, { slug: 'classic-cotton-tee' }));
    const html = render(server, client, createElement(ProductName, { slug: 'classic-cotton-tee' }));

    const browser = createAisleQueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
    expect(render(browser, client, createElement(ProductName, { slug: 'classic-cotton-tee' }))).toBe(html);
  });

  it('useProducts pages through a listing with a filter and sort; the key follows the query', async () => {
    const { client } = storefrontClient(store.server);
    const queryClient = createAisleQueryClient();
    const byName = (page: number) =>
      productsQuery(client, { query: (q) => q.eq('inStock', true).ascending('name'), page, pageSize: 3 });
    const first = await queryClient.fetchQuery(byName(0));
    const second = await queryClient.fetchQuery(byName(1));
    expect(first.items).toHaveLength(3);
    expect(first.page).toBe(0);
    expect(first.hasNext).toBe(true);
    expect(first.totalCount).toBeGreaterThan(3);
    expect(first.pageCount).toBe(Math.ceil((first.totalCount ?? 0) / 3));
    const names = [...first.items, ...second.items].map((p) => p.name ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(names).size).toBe(6);
    expect(byName(0).queryKey).not.toEqual(byName(1).queryKey);
    expect(byName(0).queryKey).toEqual(
      aisleKeys.productList({
        query: { filter: { inStock: true }, sort: [{ fieldName: 'name', order: 'ASC' }] },
        page: 0,
        pageSize: 3,
        includeVariants: false,
      }),
    );

    const listing = probe(() =>
      useProducts({ query: (q) => q.eq('inStock', true).ascending('name'), page: 1, pageSize: 3 }),
    );
    render(queryClient, client, listing.element);
    expect(listing.last().data?.items.map((p) => p.id)).toEqual(second.items.map((p) => p.id));
  });

  it('useCollection reads a collection by slug; an unknown one is null', async () => {
    const { client } = storefrontClient(store.server);
    const queryClient = createAisleQueryClient();
    const apparel = await queryClient.fetchQuery(collectionQuery(client, 'apparel'));
    expect(apparel?.slug).toBe('apparel');
    expect(await queryClient.fetchQuery(collectionQuery(client, 'nothing-here'))).toBeNull();
    const read = probe(() => useCollection('apparel'));
    render(queryClient, client, read.element);
    expect(read.last().data?.id).toBe(apparel?.id);
  });

  it('a hook without its module names the module to add', () => {
    const queryClient = createAisleQueryClient();
    const client: AisleHooksClient = {};
    expect(() => render(queryClient, client, probe(() => useProducts()).element)).toThrow(
      /useProducts needs the `products` module/,
    );
  });
});

describe('@aisle/react: useCart writes, optimistic and rolled back', () => {
  function CartCount() {
    const { cart, pending } = useCart();
    const count = (cart?.lineItems ?? []).reduce((n, line) => n + (line.quantity ?? 0), 0);
    return createElement('span', { 'data-pending': pending }, `${count} items`);
  }

  it('adds, changes and removes lines: shown before the server answers, then the server’s cart', async () => {
    const gate = requestGate();
    const { client } = storefrontClient(store.server, gate.fetch);
    const tee = await lineOf(client as never, 'classic-cotton-tee');
    const queryClient = createAisleQueryClient();
    expect(await queryClient.fetchQuery(cartQuery(client))).toBeNull();
    const hook = probe(() => useCart());
    expect(render(queryClient, client, [hook.element, createElement(CartCount, { key: 'c' })])).toContain(
      '0 items',
    );

    // Add: the line shows at once, as a placeholder.
    gate.hold(/\/add-to-cart$/);
    const added = hook.last().addLines([tee]);
    await gate.waitForHeld();
    let html = render(queryClient, client, [hook.element, createElement(CartCount, { key: 'c' })]);
    expect(html).toContain('data-pending="1"');
    expect(html).toContain('1 items');
    const optimistic = hook.last().cart?.lineItems[0];
    expect(optimistic && isOptimisticLine(optimistic)).toBe(true);
    gate.releaseOne();
    const cart = await added;
    html = render(queryClient, client, [hook.element, createElement(CartCount, { key: 'c' })]);
    expect(html).toContain('data-pending="0"');
    const line = hook.last().cart?.lineItems[0];
    expect(line?.id).toBe(cart.lineItems[0]?.id);
    expect(line && isOptimisticLine(line)).toBe(false);
    expect(line?.productName?.original).toBe('Classic Cotton Tee');

    // Quantity: 3 shown while the server works, then its answer.
    gate.hold(/update-line-items-quantity$/);
    const changed = hook.last().updateQuantities([{ id: line?.id ?? '', quantity: 3 }]);
    await gate.waitForHeld();
    expect(render(queryClient, client, createElement(CartCount))).toContain('3 items');
    gate.releaseOne();
    expect((await changed).lineItems[0]?.quantity).toBe(3);

    // Remove: gone at once; the server agrees.
    gate.hold(/remove-line-items$/);
    const removed = hook.last().removeLines([line?.id ?? '']);
    await gate.waitForHeld();
    expect(render(queryClient, client, createElement(CartCount))).toContain('0 items');
    gate.releaseOne();
    expect((await removed).lineItems).toEqual([]);
    gate.hold(undefined);
    expect((await client.currentCart.getCurrentCart()).lineItems).toEqual([]);
  });

  it('a write the server refuses is undone, and the cart is read again', async () => {
    const gate = requestGate();
    const { client } = storefrontClient(store.server, gate.fetch);
    const tee = await lineOf(client as never, 'classic-cotton-tee', 2);
    const queryClient = createAisleQueryClient();
    const hook = probe(() => useCart());
    render(queryClient, client, hook.element);
    await hook.last().addLines([tee]);
    render(queryClient, client, hook.element);
    const before = hook.last().cart;
    expect(quantities(before)).toEqual([[tee.catalogReference.catalogItemId, 2]]);

    // An item that does not exist: shown for a moment, then taken back when the server refuses it.
    const ghost = {
      ...tee,
      catalogReference: { ...tee.catalogReference, catalogItemId: '00000000-0000-4000-8000-000000000000' },
    };
    gate.hold(/\/add-to-cart$/);
    const refused = hook.last().addLines([ghost]);
    await gate.waitForHeld();
    render(queryClient, client, hook.element);
    expect(hook.last().cart?.lineItems).toHaveLength(2);
    gate.releaseOne();
    gate.hold(undefined);
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect((error as AisleError).code).toBe('CATALOG_ITEM_NOT_FOUND');
    render(queryClient, client, hook.element);
    expect(hook.last().cart).toEqual(before);
    // The write keeps its error (a component's `useCart().error` until its next write).
    const writes = queryClient.getMutationCache().findAll({ mutationKey: CART_MUTATION_KEY });
    expect(writes.at(-1)?.state.error).toBe(error);

    // A quantity the server's validation refuses: the line comes back with its quantity.
    const line = before?.lineItems[0];
    gate.hold(/update-line-items-quantity$/);
    const invalid = hook.last().updateQuantities([{ id: line?.id ?? '', quantity: -1 }]);
    await gate.waitForHeld();
    render(queryClient, client, hook.element);
    expect(hook.last().cart?.lineItems).toEqual([]);
    gate.releaseOne();
    gate.hold(undefined);
    expect(await invalid.catch((e: unknown) => e)).toBeInstanceOf(AisleError);
    render(queryClient, client, hook.element);
    expect(quantities(hook.last().cart)).toEqual([[tee.catalogReference.catalogItemId, 2]]);
    // After an error the cart is read again from the server, which agrees.
    await queryClient.refetchQueries({ queryKey: aisleKeys.cart(), exact: true });
    expect(quantities(queryClient.getQueryData(aisleKeys.cart()))).toEqual([
      [tee.catalogReference.catalogItemId, 2],
    ]);
  });

  it('writes reach the server one after the other, in the order they were made', async () => {
    const gate = requestGate();
    const { client } = storefrontClient(store.server, gate.fetch);
    const tee = await lineOf(client as never, 'classic-cotton-tee');
    const mug = await lineOf(client as never, 'oak-wall-shelf');
    const queryClient = createAisleQueryClient();
    gate.hold(/\/add-to-cart$/);
    const first = writeCart(client, queryClient, { type: 'add', lineItems: [tee] });
    const second = writeCart(client, queryClient, { type: 'add', lineItems: [mug] });
    await gate.waitForHeld();
    await settle();
    // Both show at once, but only the first is on its way.
    expect(quantities(queryClient.getQueryData(aisleKeys.cart()))).toEqual([
      [tee.catalogReference.catalogItemId, 1],
      [mug.catalogReference.catalogItemId, 1],
    ]);
    expect(gate.held).toHaveLength(1);
    gate.releaseOne();
    await first;
    await gate.waitForHeld();
    gate.hold(undefined);
    gate.releaseOne();
    const cart = await second;
    expect(quantities(cart)).toEqual([
      [tee.catalogReference.catalogItemId, 1],
      [mug.catalogReference.catalogItemId, 1],
    ]);
    expect(queryClient.getQueryData(aisleKeys.cart())).toEqual(cart);
  });

  it('checkout() starts a checkout of the cart after pending writes; useCheckout reads it', async () => {
    const { client } = storefrontClient(store.server);
    const tee = await lineOf(client as never, 'classic-cotton-tee', 2);
    const queryClient = createAisleQueryClient();
    const hook = probe(() => useCart());
    render(queryClient, client, hook.element);
    void hook.last().addLines([tee]);
    const { checkoutId } = await hook.last().checkout();
    await queryClient.fetchQuery(checkoutQuery(client, checkoutId));
    const read = probe(() => useCheckout(checkoutId));
    render(queryClient, client, read.element);
    expect(read.last().data?.lineItems.map((line) => line.quantity)).toEqual([2]);
    const totals = await queryClient.fetchQuery(cartTotalsQuery(client));
    expect(totals?.priceSummary?.subtotal?.amount).toBe(read.last().data?.priceSummary?.subtotal?.amount);
  });
});

describe('@aisle/react: useAuth and useMember', () => {
  it('registers and signs in a member (the visitor’s cart goes along), then signs out', async () => {
    const { client, auth } = storefrontClient(store.server);
    const queryClient = new QueryClient();
    const tee = await lineOf(client as never, 'classic-cotton-tee');
    await client.currentCart.addToCurrentCart({ lineItems: [tee] });
    await queryClient.fetchQuery(cartQuery(client));
    const hook = probe(() => ({ auth: useAuth(), member: useMember(), cart: useCart() }));
    render(queryClient, client, hook.element, auth);
    expect(await queryClient.fetchQuery(memberQuery(client, auth))).toBeNull();

    const email = `react-${Date.now()}@example.com`;
    const result = await hook.last().auth.register({ email, password: PASSWORD });
    expect(result.loginState).toBe('SUCCESS');
    expect(auth.loggedIn()).toBe(true);
    const member = await queryClient.fetchQuery(memberQuery(client, auth));
    expect(member?.email?.address).toBe(email);
    render(queryClient, client, hook.element, auth);
    expect(hook.last().auth.member?.email?.address).toBe(email);
    // The session's reads were reset: the cart is the member's now (the visitor's line merged into it).
    const cart = await queryClient.fetchQuery(cartQuery(client));
    expect(quantities(cart)).toEqual([[tee.catalogReference.catalogItemId, 1]]);

    await hook.last().auth.logout(`${store.server.url}/`);
    expect(auth.loggedIn()).toBe(false);
    expect(await queryClient.fetchQuery(memberQuery(client, auth))).toBeNull();

    const again = await hook.last().auth.login({ email, password: 'not the password' });
    expect(again.loginState).toBe('FAILURE');
    expect(auth.loggedIn()).toBe(false);
    const back = await hook.last().auth.login({ email, password: PASSWORD });
    expect(back.loginState).toBe('SUCCESS');
    expect((await queryClient.fetchQuery(memberQuery(client, auth)))?.email?.address).toBe(email);
  });
});
