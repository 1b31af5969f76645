import type { ReactNode } from 'react';

/** The frame of the pages before sign-in (sign-in, accepting an invitation): a skip link and the main area. */
export function SignedOutPage({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <main className="content sign-in" id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
