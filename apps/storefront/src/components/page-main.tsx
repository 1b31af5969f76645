import { Outlet, useNavigation } from 'react-router';

/** The page's content (the skip link's target), below a loading bar while the next page loads. */
export function PageMain() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <div className="progress" role="progressbar" aria-label="Loading" />}
      <main className="content" id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
