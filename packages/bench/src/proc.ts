import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** This process's open-file limits (soft, hard), as `ulimit -n` reports them to a child (children inherit them). */
export function fdLimits(): { soft: number; hard: number } {
  const [soft, hard] = execFileSync('/bin/sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((v) => (v.trim() === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(v)));
  return { soft: soft!, hard: hard! };
}

export interface StartOptions {
  /** open files the process needs (sockets included): its soft limit is raised to this, at most to the hard limit */
  fdLimit?: number;
  /** extra node flags, e.g. --cpu-prof */
  nodeArgs?: string[];
}

/** The command line that runs a TypeScript entry with node, its open-file limit raised when asked. */
export function nodeCommand(entry: string, opts: StartOptions = {}): { command: string; args: string[] } {
  const args = [...(opts.nodeArgs ?? []), '--import', 'tsx', entry];
  const limits = opts.fdLimit ? fdLimits() : null;
  if (!limits || opts.fdLimit! <= limits.soft) return { command: process.execPath, args };
  // Raised for this child only, through the shell that execs it (Node has no setrlimit).
  const n = Math.min(opts.fdLimit!, limits.hard);
  return { command: '/bin/sh', args: ['-c', `ulimit -n ${n} && exec "$0" "$@"`, process.execPath, ...args] };
}

/** Starts a TypeScript entry in its own process (its own core) and waits until `readyPath` answers. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  timeoutMs = 60_000,
  opts: StartOptions = {},
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const { command, args } = nodeCommand(entry, opts);
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    // The benchmarks sign in as admin with a password alone: two-step sign-in off on their fresh installs.
    env: { ...process.env, STAFF_TOTP_REQUIRED: 'off', ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + readyPath, { method: readyPath === '/bare' ? 'POST' : 'GET' });
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not start within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
