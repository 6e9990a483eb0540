import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('the server process', () => {
  it('starts on a fresh data directory, answers /healthz, and on SIGTERM closes cleanly with exit code 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      for (;;) {
        const up = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
        if (up) break;
        if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await fetch(`${url}/api/app`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json())).toMatchObject({ code: 200 });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(log).toContain('shutting down');
      expect(log).not.toMatch(/"level":(50|60)/); // no error or fatal lines
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
