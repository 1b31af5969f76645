import { Form, Link, ScrollRestoration } from 'react-router';
import { PageMain } from '../../../storefront/src/components/page-main.tsx';
import { AccountLink, NavItems } from '../components/staff-nav.tsx';
import { currentSession } from '../sdk.ts';

/** Every page but sign-in needs a credential; the session says what the role may do. */
export async function layoutLoader() {
  return { session: await currentSession() };
}

export function Layout() {
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header admin-header">
        <div className="admin-header-row">
          <Link to="/" className="brand" aria-label="Aisle Admin, dashboard">
            <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
            <span>Aisle Admin</span>
          </Link>
          <nav className="collections-nav admin-nav" aria-label="Admin">
            <ul>
              <NavItems />
            </ul>
          </nav>
          <AccountLink />
          <Form method="post" action="/sign-out">
            <button type="submit" className="header-link link-button">
              Sign out
            </button>
          </Form>
        </div>
      </header>
      <PageMain />
      <ScrollRestoration />
    </div>
  );
}
