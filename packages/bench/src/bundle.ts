import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { ROOT, startProcess } from './proc.js';
import os from 'node:os';

/** The throttled link of (b): 1.6 Mbps down, 750 kbps up, 300 ms latency (Chrome's "Fast 3G"-like preset). */
export const SLOW_LINK = { offline: false, latency: 300, downloadThroughput: 200_000, uploadThroughput: 93_750 };
export const TARGET_COLD_TILE_MS = 2_000;
export const TARGET_WARM_TILE_MS = 500;
const RUNS = Number(process.env.BENCH_PAINT_RUNS || 3);
const TILE = '[data-testid=game-tile]';

export interface BundleResult {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
  /** navigation → first game tile painted, per run, on SLOW_LINK: a fresh browser profile, then a repeat visit under the service worker */
  coldTileMs: number[];
  warmTileMs: number[];
  /** the repeat visits were controlled by the service worker */
  warmControlled: boolean;
}

function phone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' });
}

/** Opens the hall on the slow link and answers navigation → first tile painted (ms), and whether a service worker served it. */
async function visit(context: BrowserContext, url: string, withWorker: boolean): Promise<{ ms: number; controlled: boolean }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  await page.goto(url, { waitUntil: 'commit' });
  // checked in the page every frame; performance.now() counts from the navigation's start
  const ms = await (await page.waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : 0), TILE, { polling: 'raf', timeout: 30_000 })).jsonValue();
  const controlled = await page.evaluate(() => !!navigator.serviceWorker?.controller);
  // the service worker installs over the same slow link: let it finish before the next visit
  if (withWorker) await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.close();
  return { ms, controlled };
}

/**
 * Benchmark (b): gzip bytes of the JavaScript needed to paint `/`, and how soon the hall shows its first
 * game tile on a slow phone link. Chromium opens the hall at a phone viewport against the real server:
 * the scripts it loaded until the page is idle are gzipped and counted; then, throttled through the
 * DevTools protocol (SLOW_LINK), a fresh profile opens the hall (cold) and opens it again once the
 * service worker controls it (warm), RUNS times each.
 */
export async function benchBundle(): Promise<BundleResult> {
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
      if (url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/')) scripts.add(url.pathname);
    });
    await page.goto(`${platform.url}/#/`, { waitUntil: 'networkidle' });
    await page.locator('.adm-tab-bar').waitFor();
    await page.close();
    const files = [...scripts].map((p) => {
      const bytes = fs.readFileSync(path.join(dist, p));
      return { file: p, gzipBytes: zlib.gzipSync(bytes, { level: 9 }).length };
    });

    const withWorker = fs.existsSync(path.join(dist, 'sw.js'));
    const coldTileMs: number[] = [];
    const warmTileMs: number[] = [];
    let warmControlled = true;
    for (let i = 0; i < RUNS; i++) {
      const context = await phone(browser);
      try {
        coldTileMs.push((await visit(context, `${platform.url}/#/`, withWorker)).ms);
        const warm = await visit(context, `${platform.url}/#/`, withWorker);
        warmTileMs.push(warm.ms);
        warmControlled &&= warm.controlled;
      } finally {
        await context.close();
      }
    }
    return { files, totalGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0), coldTileMs, warmTileMs, warmControlled };
  } finally {
    await browser.close();
    await platform.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
