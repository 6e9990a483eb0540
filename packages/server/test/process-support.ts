import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server in its own process (crash.test.ts, instances.test.ts): `node --import tsx
 * src/main.ts` with the given environment on a free port, answered /healthz before it resolves.
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  log: () => string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 200, or throws after `timeoutMs` (or when `alive` says the process died). */
export async function waitHealthy(url: string, alive: () => boolean, log: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`process exited at start:\n${log()}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`not healthy after ${timeoutMs} ms:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    // Two-step sign-in off unless a test asks for it (a fresh install requires it of super and finance).
    env: { ...process.env, STAFF_TOTP_REQUIRED: 'off', ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(`${url}/healthz`, () => child.exitCode === null, () => log);
  return { url, port, child, exited, log: () => log };
}

export interface Envelope {
  status: number;
  code: number;
  message: string;
  data: any;
}

/** POSTs JSON to `url + route` (GET when body is undefined and method says so) and reads the envelope. */
export async function call(url: string, route: string, body: unknown = {}, token?: string, method: 'GET' | 'POST' = 'POST'): Promise<Envelope> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, ...((await res.json()) as { code: number; message: string; data: any }) };
}
