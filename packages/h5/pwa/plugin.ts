import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';

/** The screen whose chunks the shell carries besides the entry's: the hall, the app's first screen. */
const FIRST_SCREEN = /[\\/]features[\\/]hall[\\/]routes[\\/]Hall\.tsx$/;

/** A chunk made only of styles: Vite drops its empty script from the build and keeps the CSS. */
const pureCss = (chunk: Rollup.OutputChunk) => chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /\.css($|\?)/.test(id));

/** A chunk's file with its static imports and their styles, all the way down. */
function closure(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk, into: Set<string>, seen = new Set<string>()): void {
  if (seen.has(start.fileName)) return;
  seen.add(start.fileName);
  if (!pureCss(start)) into.add(start.fileName);
  for (const css of start.viteMetadata?.importedCss ?? []) into.add(css);
  for (const name of start.imports) {
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') closure(bundle, chunk, into, seen);
  }
}

/**
 * Emits sw.js (pwa/sw.js) for the build, preceded by its VERSION and its SHELL: index.html and the
 * hashed files that paint the hall (the entry's chunks and styles and the hall screen's). VERSION
 * is a hash of those names, index.html's source and the worker's text, so every build that changes one is a new worker.
 */
/**
 * The hall's chunks and styles announced in index.html (modulepreload, preload), so they download
 * beside the entry's instead of after it has run and asked for the hall: one round trip less before
 * the first tile on a slow link.
 */
export function preloadFirstScreen(): Plugin {
  return {
    name: 'h5-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const hall = chunks.find((c) => c.facadeModuleId && FIRST_SCREEN.test(c.facadeModuleId));
        if (!entry || !hall) return [];
        const inEntry = new Set<string>();
        closure(bundle, entry, inEntry);
        const files = new Set<string>();
        closure(bundle, hall, files);
        return [...files]
          .filter((f) => !inEntry.has(f))
          .map((f) =>
            f.endsWith('.css')
              ? { tag: 'link', attrs: { rel: 'preload', as: 'style', href: `/${f}` }, injectTo: 'head' as const }
              : { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const },
          );
      },
    },
  };
}

export function serviceWorker(): Plugin {
  const source = fs.readFileSync(path.join(import.meta.dirname, 'sw.js'), 'utf8');
  const page = fs.readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8');
  return {
    name: 'h5-service-worker',
    apply: 'build',
    generateBundle(_, bundle) {
      const files = new Set<string>();
      const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const hall = chunks.find((c) => c.facadeModuleId && FIRST_SCREEN.test(c.facadeModuleId));
      if (!entry || !hall) this.error('service worker: the entry or the hall chunk is missing from the build');
      closure(bundle, entry, files);
      closure(bundle, hall, files);
      const shell = ['/', ...[...files].sort().map((f) => `/${f}`)];
      const version = createHash('sha256').update(JSON.stringify(shell)).update(page).update(source).digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(version)};\nconst SHELL = ${JSON.stringify(shell)};\n${source.replace('// @ts-check\n', '')}`,
      });
    },
  };
}
