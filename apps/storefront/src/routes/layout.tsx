import type { Collection, Identity } from '@aisle/sdk';
import {
  Form,
  Link,
  type LoaderFunctionArgs,
  NavLink,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { CartButton, CartDrawer } from '../components/cart-drawer.tsx';
import { PageMain } from '../components/page-main.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { DocumentHead } from '../lib/document-head.tsx';
import type { SiteBrand } from '../lib/meta.ts';
import { listCollections } from '../resources/collections.ts';
import { currentMember, displayName, useMember } from '../resources/member.ts';
import { loadSiteBrand } from '../resources/store.ts';
import { storeOf } from '../sdk.ts';

/** A collection as the header's menu shows it: its name, linking to its page. */
export type NavCollection = Pick<Collection, 'id' | 'name' | 'slug'>;

/**
 * The member (or null), the collections and the store's name and logo for the header; none of them failing
 * takes the page down. Only what the header shows goes into the page's data (every page carries it, in its
 * HTML and its hydration script): a collection's name and slug, not its description and pictures.
 */
export async function rootLoader({
  context,
}: LoaderFunctionArgs): Promise<{ member: Identity | null; collections: NavCollection[]; brand: SiteBrand }> {
  const store = storeOf(context);
  const [member, collections, brand] = await Promise.all([
    currentMember(store).catch(() => null),
    listCollections(store).catch(() => []),
    loadSiteBrand(store),
  ]);
  return { member, collections: collections.map(({ id, name, slug }) => ({ id, name, slug })), brand };
}

/**
 * The store's logo (when it has one) and name, linking home. The name is written beside the logo, so the logo's
 * text alternative is empty (a screen reader would read the name twice: Lighthouse's `image-redundant-alt`).
 */
function Brand({ brand }: { brand: SiteBrand }) {
  const { logo } = brand;
  return (
    <Link to="/" className="brand" aria-label={`${brand.name}, home`} data-testid="store-brand">
      {logo ? (
        <img
          src={logo.url}
          srcSet={logo.url2x ? `${logo.url} 1x, ${logo.url2x} 2x` : undefined}
          alt=""
          width={logo.width}
          height={logo.height}
          className="brand-logo"
        />
      ) : (
        <img src="/favicon.png" alt="" width={28} height={28} />
      )}
      <span className="brand-name">{brand.name}</span>
    </Link>
  );
}

const NO_RETURN = ['/login', '/register', '/callback', '/forgot-password', '/reset-password'];

export function Layout() {
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
          <Brand brand={data?.brand ?? { name: 'Home' }} />
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
      <PageMain />
      <footer className="site-footer">
        <p>Powered by Aisle · a self-hosted store platform</p>
      </footer>
      {!checkout && <CartDrawer />}
      <ScrollRestoration />
    </div>
  );
}
