import type { FastifyInstance } from 'fastify';
import { getSettings } from './service.js';

/** The member app's colours (packages/h5 index.html theme-color, theme.css --app-bg). */
const THEME_COLOR = '#1e2a78';
const BACKGROUND_COLOR = '#f3f5fb';
/** Home screens show about this many characters under an icon. */
const SHORT_NAME_MAX = 12;

/** The web app manifest of the member app, named as the site settings name the site. */
export function webManifest(title: string) {
  const name = title.trim() || 'APP';
  return {
    id: '/',
    name,
    short_name: [...name].slice(0, SHORT_NAME_MAX).join(''),
    lang: 'zh-CN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/assets/icons/app-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/assets/icons/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/assets/icons/app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/assets/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/**
 * GET /manifest.webmanifest: what 添加到主屏幕 and Chrome's install read (name, icons, standalone).
 * Checked on every visit, so a renamed site reaches home screens.
 */
export function registerManifest(app: FastifyInstance): void {
  app.get('/manifest.webmanifest', { config: { maintenanceExempt: true } }, async (_req, reply) => {
    const { app: info } = await getSettings(app.kdb);
    reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
    return webManifest(info.title);
  });
}
