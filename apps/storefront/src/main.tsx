import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorPage } from './routes/error-page.tsx';
import { Home, homeLoader } from './routes/home.tsx';
import { Layout } from './routes/layout.tsx';
import { NotFound } from './routes/not-found.tsx';
import './styles.css';

const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: ErrorPage,
    children: [
      { index: true, loader: homeLoader, Component: Home },
      { path: '*', Component: NotFound },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
