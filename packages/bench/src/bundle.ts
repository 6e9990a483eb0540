import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT, startProcess } from './proc.js';
import os from 'node:os';

/**
 * Benchmark (b): gzip bytes of the JavaScript needed to paint `/`. Chromium opens the hall at a
 * phone viewport against the real server and we gzip every script it loaded until the page is idle.
 */
export async function benchBundle(): Promise<{ files: { file: string; gzipBytes: number }[]; totalGzipBytes: number }> {
  const dist = path.join(ROOT, 'packages/h5/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('build the H5 app first: npm run build');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const platform = await startProcess('packages/server/src/main.ts', { DATA_DIR: dir, DATABASE_URL: '' }, '/healthz', 120_000);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${platform.url}/#/`, { waitUntil: 'networkidle' });
    await page.locator('.adm-tab-bar').waitFor();
    const files = [...scripts].map((p) => {
      const bytes = fs.readFileSync(path.join(dist, p));
      return { file: p, gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length };
    });
    return { files, totalGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0) };
  } finally {
    await browser.close();
    await platform.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
