import { spaConfig } from '../../scripts/vite-spa';
import { serviceWorker } from './pwa/plugin';

/** The member app (H5), served by the platform at / (packages/server/src/app.ts, config h5Dist). */
export default spaConfig({
  base: '/',
  // The installable app's worker (pwa/sw.js), given the shell that paints the hall.
  plugins: [serviceWorker()],
  // The hall's first paint in six files rather than nineteen (benchmark (b): on a 300 ms link each
  // round trip past the browser's six connections cost the first tile about that much).
  inlineCommonBelow: 20_000,
  groups: [
    // React and the small helpers every antd-mobile component shares: one stable chunk.
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|tslib|@babel[\\/]runtime|classnames|rc-util|ahooks)[\\/]/, priority: 20 },
    // antd-mobile's animation and gesture libraries serve popups, dialogs, toasts and
    // swipers: their own chunk, loaded on first use rather than with the hall.
    { name: 'motion', test: /node_modules[\\/](@react-spring|@use-gesture)[\\/]/, priority: 10 },
  ],
  proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true }, '/uploads': 'http://127.0.0.1:8080', '/wss': { target: 'ws://127.0.0.1:8080', ws: true } },
});
