import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
// react-router's "import" condition points at its development build (warnings and all); the
// production build is the same API, smaller.
const reactRouterProd = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react()],
  base: '/',
  resolve: {
    // One React (19) for the app, antd-mobile and react-query (the root package.json overrides it too).
    dedupe: ['react', 'react-dom'],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProd }] : [],
  },
  build: {
    outDir: 'dist',
    target: 'es2020',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the small helpers every antd-mobile component shares: one stable chunk.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|tslib|@babel[\\/]runtime|classnames|rc-util|ahooks)[\\/]/, priority: 20 },
            // antd-mobile's animation and gesture libraries serve popups, dialogs, toasts and
            // swipers: their own chunk, loaded on first use rather than with the hall.
            { name: 'motion', test: /node_modules[\\/](@react-spring|@use-gesture)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true }, '/uploads': 'http://127.0.0.1:8080', '/wss': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
}));
