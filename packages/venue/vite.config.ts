import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The demo venue's game pages, served by the platform at /venue/ and opened in the member app's /gamePage frame.
export default defineConfig({
  plugins: [react()],
  base: '/venue/',
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', target: 'es2020', chunkSizeWarningLimit: 600 },
  server: { port: 5175, proxy: { '/venue/api': 'http://127.0.0.1:8080' } },
});
