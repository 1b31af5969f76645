import type { Collection, Identity } from '@aisle/sdk';
import {
  Form,
  Link,
  NavLink,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from 'react-router';
import { CartButton, CartDrawer } from '../components/cart-drawer.tsx';
import { listCollections } from '../resources/collections.ts';
import { currentMember, displayName, useMember } from '../resources/session.ts';

/** The member (or null) and the collections for the header; neither failing takes the page down. */
export async function rootLoader(): Promise<{ member: Identity | null; collections: Collection[] }> {
  const [member, collections] = await Promise.all([
    currentMember().catch(() => null),
    listCollections().catch(() => []),
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
  return (
    <div className="page">
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
          <Form action="/shop" method="get" role="search" className="header-search" key={q}>
            <label htmlFor="site-search" className="visually-hidden">
              Search products
            </label>
            <input id="site-search" type="search" name="q" placeholder="Search products" defaultValue={q} />
            <button type="submit" className="search-button" aria-label="Search">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </Form>
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
        </div>
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
      </header>
      {navigation.state !== 'idle' && <div className="progress" role="progressbar" aria-label="Loading" />}
      <main className="content" id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>Powered by Aisle · a self-hosted store platform</p>
      </footer>
      <CartDrawer />
      <ScrollRestoration />
    </div>
  );
}
