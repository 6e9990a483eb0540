import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
// react-router's "import" condition points at its development build; the production build is the same API.
const reactRouterProd = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

/** The agent portal, served by the platform at /agent/ (packages/server/src/app.ts, config agentDist). */
export default defineConfig(({ command }) => ({
  plugins: [react()],
  base: '/agent/',
  resolve: {
    dedupe: ['react', 'react-dom'],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProd }] : [],
  },
  build: {
    outDir: 'dist',
    target: 'es2020',
    // antd's shared core (cssinjs, rc-util, the form and table machinery) is a large chunk every page needs.
    chunkSizeWarningLimit: 800,
    // recharts (the overview's chart) is reached only through a lazy import: it gets a chunk of its own,
    // loaded with that page rather than with the portal's first paint.
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
    proxy: { '/agent/api': 'http://127.0.0.1:8080', '/api': 'http://127.0.0.1:8080', '/assets': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080' },
  },
}));
