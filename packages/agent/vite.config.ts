import { spaConfig } from '../../scripts/vite-spa';

/**
 * The agent portal, served by the platform at /agent/ (packages/server/src/app.ts, config agentDist).
 * recharts (the overview's chart) is reached only through a lazy import: it gets a chunk of its own,
 * loaded with that page rather than with the portal's first paint.
 */
export default spaConfig({
  base: '/agent/',
  proxy: { '/agent/api': 'http://127.0.0.1:8080', '/api': 'http://127.0.0.1:8080', '/assets': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080' },
});
