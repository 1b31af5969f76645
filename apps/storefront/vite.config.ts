import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/** React's entry points, answered by `preact/compat`. */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Two builds (`npm run build`): the browser's (`dist/client`: hashed assets, a manifest the server reads for
 * preloads, hidden source maps, precompressed copies) and the server renderer (`dist/server/entry-server.js`).
 * `aisle-source` resolves the SDK to its TypeScript sources inside the workspace.
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    conditions: ['aisle-source', 'module', 'browser', 'default'],
    // The browser build hydrates and runs the pages with Preact's React-compatible runtime (about 10 kB gzip
    // in place of React DOM's 69 kB: issue 16's first-load budget); the server renders them with React 19, and
    // the development server keeps React for fast refresh (docs/DECISIONS.md, "Storefront runtime").
    ...(command === 'build' && !isSsrBuild ? { alias: PREACT_ALIASES } : {}),
  },
  ssr: {
    // Everything is bundled into the renderer: the SDK (TypeScript sources) and React's production builds, so
    // the server process renders with production React whatever its NODE_ENV.
    noExternal: true,
    resolve: { conditions: ['aisle-source', 'node'], externalConditions: ['aisle-source'] },
  },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // Kept on disk for error reporting; no `sourceMappingURL` comment, and the server never serves them.
        sourcemap: 'hidden',
        rolldownOptions: { input: 'src/entry-client.tsx' },
      },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      [
        '/stores-reader',
        '/stores',
        '/v2',
        '/ecom',
        '/oauth2',
        '/_api',
        '/_storefront',
        '/members',
        '/media',
        '/r',
        '/healthz',
      ].map((p) => [p, 'http://127.0.0.1:3000']),
    ),
  },
}));
