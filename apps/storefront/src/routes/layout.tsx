import type { Collection, Identity } from '@aisle/sdk';
import {
  Form,
  Link,
  type LoaderFunctionArgs,
  NavLink,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from 'react-router';
import { CartButton, CartDrawer } from '../components/cart-drawer.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { DocumentHead } from '../lib/document-head.tsx';
import { listCollections } from '../resources/collections.ts';
import { currentMember, displayName, useMember } from '../resources/member.ts';
import { storeOf } from '../sdk.ts';

/** The member (or null) and the collections for the header; neither failing takes the page down. */
export async function rootLoader({
  context,
}: LoaderFunctionArgs): Promise<{ member: Identity | null; collections: Collection[] }> {
  const store = storeOf(context);
  const [member, collections] = await Promise.all([
    currentMember(store).catch(() => null),
    listCollections(store).catch(() => []),
  ]);
  return { member, collections };
}

const NO_RETURN = ['/login', '/register', '/callback', '/forgot-password', '/reset-password'];

export function Layout() {
  const navigation = useNavigation();
  const data = useRouteLoaderData<typeof rootLoader>('root');
  const member = useMember();
  const location = useLocation();
  const here = location.pathname + location.search;
  const signIn = NO_RETURN.includes(location.pathname)
    ? '/login'
    : `/login?returnTo=${encodeURIComponent(here)}`;
  const q = location.pathname === '/shop' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  // The checkout keeps the shopper on the purchase: the store's name only, no search, links or cart.
  const checkout = location.pathname.startsWith('/checkout/');
  return (
    <div className="page">
      <DocumentHead />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="header-row">
          <Link to="/" className="brand" aria-label="Aisle Demo Store, home">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>
              Aisle<span className="brand-rest"> Demo Store</span>
            </span>
          </Link>
          {!checkout && (
            <>
              <SearchBox q={q} />
              <nav className="account-links" aria-label="Account">
                {member ? (
                  <>
                    <span className="member-name" data-testid="member-name">
                      {displayName(member)}
                    </span>
                    <Link to="/account/info" className="header-link">
                      Account
                    </Link>
                    <Form method="post" action="/logout">
                      <button type="submit" className="header-link link-button">
                        Sign out
                      </button>
                    </Form>
                  </>
                ) : (
                  <Link to={signIn} className="header-link header-signin">
                    Sign in
                  </Link>
                )}
              </nav>
              <div className="header-cart">
                <CartButton />
              </div>
            </>
          )}
        </div>
        {!checkout && (
          <nav className="collections-nav" aria-label="Collections">
            <ul>
              <li>
                <NavLink to="/shop" end>
                  Shop all
                </NavLink>
              </li>
              {(data?.collections ?? []).map((collection) => (
                <li key={collection.id}>
                  <NavLink to={`/collections/${collection.slug}`}>{collection.name}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      {navigation.state !== 'idle' && <div className="progress" role="progressbar" aria-label="Loading" />}
      <main className="content" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>Powered by Aisle · a self-hosted store platform</p>
      </footer>
      {!checkout && <CartDrawer />}
      <ScrollRestoration />
    </div>
  );
}
