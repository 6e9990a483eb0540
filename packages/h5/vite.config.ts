import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  base: '/',
  // antd-mobile and react-query resolve the hoisted react 18 at the root; one React (19) for all.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    target: 'es2020',
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080', '/wss': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
});
