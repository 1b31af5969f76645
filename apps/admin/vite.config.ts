import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the platform server at `/admin/`. `aisle-source` resolves the SDK to its TypeScript sources inside
// the workspace; the storefront's public folder (its icon) is shared.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  publicDir: '../storefront/public',
  resolve: { conditions: ['aisle-source', 'module', 'browser', 'default'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
  server: {
    port: 5174,
    // The API prefixes the app calls, to a server on the default port.
    proxy: Object.fromEntries(
      ['/stores-reader', '/stores', '/ecom'].map((p) => [p, 'http://127.0.0.1:3000']),
    ),
  },
});
