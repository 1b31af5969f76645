/**
 * What the server sends for a page the browser renders (the sign-in callback, the checkout), and what the
 * browser shows until that page's data is in.
 */
export function ClientOnlyFallback() {
  return (
    <section className="notice-page" aria-busy="true">
      <p className="muted">Loading…</p>
      <noscript>
        <p>This page needs JavaScript. Please turn it on in your browser and reload the page.</p>
      </noscript>
    </section>
  );
}
