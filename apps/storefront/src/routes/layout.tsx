import { Link, Outlet, useNavigation } from 'react-router';

export function Layout() {
  const navigation = useNavigation();
  return (
    <div className="page">
      <header className="site-header">
        <Link to="/" className="brand" aria-label="Aisle Demo Store, home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Aisle Demo Store</span>
        </Link>
      </header>
      {navigation.state === 'loading' && <div className="progress" role="progressbar" aria-label="Loading" />}
      <main className="content">
        <Outlet />
      </main>
      <footer className="site-footer">Powered by Aisle · a self-hosted store platform</footer>
    </div>
  );
}
