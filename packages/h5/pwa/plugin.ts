import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';

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
 * hashed files that paint the hall (the entry's chunks and styles; the hall is part of the entry,
 * app/routes.tsx). VERSION is a hash of those names, index.html's source and the worker's text, so
 * every build that changes one of them is a new worker.
 */
export function serviceWorker(): Plugin {
  const source = fs.readFileSync(path.join(import.meta.dirname, 'sw.js'), 'utf8');
  const page = fs.readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8');
  return {
    name: 'h5-service-worker',
    apply: 'build',
    generateBundle(_, bundle) {
      const entry = Object.values(bundle).find((f): f is Rollup.OutputChunk => f.type === 'chunk' && f.isEntry);
      if (!entry) this.error('service worker: the build has no entry chunk');
      const files = new Set<string>();
      closure(bundle, entry, files);
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
