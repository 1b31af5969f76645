import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `aisle-source` resolves the SDK to its TypeScript sources inside the workspace.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['aisle-source', 'module', 'browser', 'default'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
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
        '/members',
        '/media',
        '/r',
        '/healthz',
      ].map((p) => [p, 'http://127.0.0.1:3000']),
    ),
  },
});
