import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions, type UserConfigFnObject } from 'vite';

const require = createRequire(import.meta.url);
// react-router's "import" condition points at its development build (warnings and all); the
// production build is the same API, smaller.
const reactRouterProd = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

export interface ChunkGroup {
  name: string;
  test: RegExp;
  priority: number;
}

/** React and its router: one stable chunk every page needs and no release of ours changes. */
export const REACT_CHUNK: ChunkGroup = { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 };

/**
 * The build of one of our single-page apps (the member app, the console, the agent portal), served by
 * the platform under `base`: React deduplicated, react-router's production build, ES2020, the given
 * chunk groups, and in development a proxy of `proxy` to the platform on 127.0.0.1:8080.
 */
export function spaConfig(opts: { base: string; proxy: Record<string, string | ProxyOptions>; groups?: ChunkGroup[] }): UserConfigFnObject {
  return defineConfig(({ command }) => ({
    plugins: [react()],
    base: opts.base,
    resolve: {
      // One React (19) for the app, its UI kit and react-query (the root package.json overrides it too).
      dedupe: ['react', 'react-dom'],
      alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProd }] : [],
    },
    build: {
      outDir: 'dist',
      target: 'es2020',
      // The UI kit's shared core (antd: cssinjs, rc-util, the form and table machinery) is a large chunk every page needs.
      chunkSizeWarningLimit: 800,
      rolldownOptions: { output: { codeSplitting: { groups: opts.groups ?? [REACT_CHUNK] } } },
    },
    server: { proxy: opts.proxy },
  }));
}
