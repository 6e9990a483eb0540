import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
// react-router's "import" condition points at its development build; the production build is the same API.
const reactRouterProd = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

/** The back-office console, served by the platform at /admin/ (packages/server/src/admin/console.ts). */
export default defineConfig(({ command }) => ({
  plugins: [react()],
  base: '/admin/',
  resolve: {
    dedupe: ['react', 'react-dom'],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProd }] : [],
  },
  build: {
    outDir: 'dist',
    target: 'es2020',
    // antd's shared core (cssinjs, rc-util, the form and table machinery) is a large chunk every page needs.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/admin/api': { target: 'http://127.0.0.1:8080', ws: true }, '/assets': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080' },
  },
}));
