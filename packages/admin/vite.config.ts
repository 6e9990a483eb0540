import { spaConfig } from '../../scripts/vite-spa';

/** The back-office console, served by the platform at /admin/ (packages/server/src/admin/console.ts). */
export default spaConfig({
  base: '/admin/',
  proxy: { '/admin/api': { target: 'http://127.0.0.1:8080', ws: true }, '/assets': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080' },
});
