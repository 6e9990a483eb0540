import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type UserConfigFnObject } from 'vite';

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

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli and gzip copies beside every text file of the build (x.js.br, x.js.gz): the platform sends
 * them to browsers that accept them (@fastify/static preCompressed), a third of the bytes on a slow link.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    closeBundle() {
      for (const name of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        const file = path.join(outDir, name);
        if (!COMPRESSIBLE.test(name) || !fs.statSync(file).isFile()) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < COMPRESS_MIN_BYTES) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The build of one of our single-page apps (the member app, the console, the agent portal), served by
 * the platform under `base`: React deduplicated, react-router's production build, ES2020, the given
 * chunk groups, brotli and gzip copies of its text files, and in development a proxy of `proxy` to the platform on 127.0.0.1:8080.
 */
export function spaConfig(opts: {
  base: string;
  proxy: Record<string, string | ProxyOptions>;
  groups?: ChunkGroup[];
  plugins?: Plugin[];
  /**
   * Common chunks below this many bytes of source are copied into the chunks that use them
   * (rolldown's experimentalInlineCommonChunks): a page's first paint asks for a few files instead of
   * a score of 1 KB ones, each a round trip on a slow link's six connections.
   */
  inlineCommonBelow?: number;
}): UserConfigFnObject {
  return defineConfig(({ command }) => ({
    plugins: [react(), ...(opts.plugins ?? []), precompress()],
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
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: opts.groups ?? [REACT_CHUNK],
            ...(opts.inlineCommonBelow ? { experimentalInlineCommonChunks: { maxSize: opts.inlineCommonBelow } } : {}),
          },
        },
      },
    },
    server: { proxy: opts.proxy },
  }));
}
