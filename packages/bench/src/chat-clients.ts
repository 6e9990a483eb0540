import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile } from './stats.js';
import { WS_PING_INTERVAL_MS, WS_PING_TEXT, roomSocketUrl, type ClientFrame } from '@app/contract';

/**
 * The client side of benchmark (e), in its own process (started by lottery-chat.ts with the open-file
 * limit it needs): opens one WebSocket per token to one room, in batches with a timeout, keeps every
 * connection alive with `ping` every 3 s like the app, checks with a probe message that every client is
 * in the room, then sends the measured chat messages from a few senders at a fixed pace and records, per
 * message and client, when it arrived. Sending and receiving share this process's monotonic clock
 * (performance.now()), so the delays need no clock sync; they include this process's own event-loop
 * wait, so they are an upper bound of the server's delivery time.
 *
 * Talks to its parent over IPC: receives one ClientsJob, sends phase notes and one ClientsOutcome.
 */

export interface ClientsJob {
  /** the platform instances: client i connects to urls[i % urls.length] (the senders and the prober too) */
  urls: string[];
  roomId: number;
  tokens: string[];
  /** the first `senders` clients send the measured messages in turn; client `senders` sends the probes */
  senders: number;
  messages: number;
  intervalMs: number;
  /** connections opened at once */
  batch: number;
  connectTimeoutMs: number;
  setupDeadlineMs: number;
  drainTimeoutMs: number;
  /** source addresses the clients are spread over (loopback 127.0.0.x), to share out ephemeral ports */
  localAddresses: string[];
  /** marks this run's messages */
  tag: string;
  /** also answer, per message, what else reached the clients meanwhile (BENCH_WS_TRACE=1) */
  trace: boolean;
}

export interface ClientsResult {
  clients: number;
  setupS: number;
  /** the WebSocket extensions the server agreed to (e.g. permessage-deflate), '' for none */
  extensions: string;
  /** whether a sender receives its own message back */
  echoToSender: boolean;
  messages: number;
  /** per message: ms from its send until the last expected client had it (NaN when some never did) */
  lastClientMs: number[];
  /** per message: ms from its send until the first client had it (the server's work before its fan-out) */
  firstClientMs: number[];
  /** over every delivery (message × expected client): ms from send to delivery */
  deliveries: number;
  deliveryP50Ms: number;
  deliveryP99Ms: number;
  deliveryMaxMs: number;
  missing: number;
  duplicates: number;
  /** frames senders got back that refused their message ({sysmsg:'error'}) */
  senderErrors: string[];
  /** connections the server closed during the run: close code → count */
  closedByServer: Record<string, number>;
  /** this process's event-loop delay while sending and draining, ms */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** this process's CPU while sending and draining, % of one core */
  clientCpuPct: number;
  sendPhaseS: number;
  /** with job.trace: one line per message (send time, first and last client, pings and other frames the clients got meanwhile) */
  trace?: string[];
}

export type ClientsMessage = { phase: 'ready' | 'sending' | 'drained' } | { ok: true; result: ClientsResult } | { ok: false; error: string };

const PINGER_TICK_MS = 100;
const PROBES = 3;
const PROBE_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function run(job: ClientsJob, note: (phase: 'ready' | 'sending' | 'drained') => void): Promise<ClientsResult> {
  const n = job.tokens.length;
  const sockets: (WebSocket | null)[] = new Array(n).fill(null);
  const recvAt = new Float64Array(job.messages * n).fill(NaN);
  const got = new Int32Array(job.messages);
  const sentAt = new Float64Array(job.messages).fill(NaN);
  const probeGot: Set<number>[] = Array.from({ length: PROBES }, () => new Set());
  const senderErrors: string[] = [];
  const closedByServer: Record<string, number> = {};
  /** which client the server closed and when (for the error that ends the run) */
  const closes: { i: number; atMs: number }[] = [];
  const pingsGot = new Int32Array(n);
  const lastPingAt = new Float64Array(n);
  const openedAt = new Float64Array(n);
  const pingsSent = new Int32Array(n);
  const lastPingSentAt = new Float64Array(n);
  // Frames are searched as bytes: turning 5,000 copies of each frame into strings would add this
  // process's own time to every delay.
  const tag = Buffer.from(job.tag);
  const PING_BYTES = Buffer.from(WS_PING_TEXT);
  const M = 'm'.charCodeAt(0);
  const P = 'p'.charCodeAt(0);
  const tagMsg = `${job.tag}m`;
  const tagProbe = `${job.tag}p`;
  let duplicates = 0;
  let stopping = false;
  // Tracing: frames other than the measured ones, per 10 ms from the start of sending.
  const TRACE_BUCKET_MS = 10;
  let traceFrom = Infinity;
  const tracePings = new Int32Array(job.trace ? Math.ceil((job.messages * job.intervalMs + job.drainTimeoutMs + 1000) / TRACE_BUCKET_MS) : 0);
  const traceOther = new Int32Array(tracePings.length);
  const traceAt = (now: number) => (now >= traceFrom ? Math.floor((now - traceFrom) / TRACE_BUCKET_MS) : -1);

  const onFrame = (i: number, raw: WebSocket.RawData) => {
    const now = performance.now();
    const data = raw as Buffer; // text frames arrive as one Buffer
    if (data.length === PING_BYTES.length && data.equals(PING_BYTES)) {
      pingsGot[i] += 1;
      lastPingAt[i] = now;
      if (job.trace) tracePings[traceAt(now)] += 1;
      return;
    }
    const at = data.indexOf(tag);
    if (at < 0) {
      if (job.trace) traceOther[traceAt(now)] += 1;
      if (i <= job.senders) {
        const s = data.toString();
        if (s.includes('"sysmsg":"error"')) senderErrors.push(s.slice(0, 200));
      }
      return;
    }
    const kind = data[at + tag.length];
    let k = 0;
    let p = at + tag.length + 1;
    for (let c = data[p]; c !== undefined && c >= 48 && c <= 57; c = data[++p]) k = k * 10 + (c - 48);
    if (kind === M && k < job.messages) {
      const idx = k * n + i;
      if (!Number.isNaN(recvAt[idx])) duplicates += 1;
      else {
        recvAt[idx] = now;
        got[k] += 1;
      }
    } else if (kind === P && k < PROBES) probeGot[k]!.add(i);
  };

  // Every open connection pings every 3 s from the moment it is open, as each app does on its own
  // timer: the server closes a silent one. The pinger looks often and pings those that are due, by the
  // clock, so a busy turn (250 connections opening) delays a ping by that turn, never by many.
  const pinger = setInterval(() => {
    const now = performance.now();
    for (let i = 0; i < n; i++) {
      const ws = sockets[i];
      if (!ws || ws.readyState !== WebSocket.OPEN || now - lastPingSentAt[i]! < WS_PING_INTERVAL_MS) continue;
      ws.send(WS_PING_TEXT);
      lastPingSentAt[i] = now;
      pingsSent[i] += 1;
    }
  }, PINGER_TICK_MS);

  const open = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(roomSocketUrl(job.urls[i % job.urls.length]!, job.roomId, job.tokens[i]!), {
        handshakeTimeout: job.connectTimeoutMs,
        // The server's frames are not what is measured here; checking their UTF-8 would only add delay.
        skipUTF8Validation: true,
        localAddress: job.localAddresses[i % job.localAddresses.length],
      });
      sockets[i] = ws;
      let settled = false;
      const fail = (why: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        ws.terminate();
        reject(new Error(`client ${i}: ${why}`));
      };
      const timer = setTimeout(() => fail(`not open within ${job.connectTimeoutMs} ms`), job.connectTimeoutMs);
      ws.on('message', (data) => onFrame(i, data));
      ws.on('unexpected-response', (_req, res) => fail(`HTTP ${res.statusCode} instead of the upgrade`));
      ws.on('error', (err) => fail(err.message));
      ws.on('close', (code) => {
        if (!settled) return fail(`closed with ${code} while opening`);
        if (!stopping) {
          closedByServer[code] = (closedByServer[code] ?? 0) + 1;
          closes.push({ i, atMs: performance.now() });
        }
      });
      ws.on('open', () => {
        openedAt[i] = lastPingSentAt[i] = performance.now();
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve();
      });
    });

  try {
    const setupStart = performance.now();
    const deadline = Date.now() + job.setupDeadlineMs;
    for (let from = 0; from < n; from += job.batch) {
      if (Date.now() > deadline) throw new Error(`only ${from} of ${n} connections open after ${job.setupDeadlineMs} ms`);
      const opened = await Promise.allSettled(Array.from({ length: Math.min(job.batch, n - from) }, (_, j) => open(from + j)));
      const failed = opened.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed.length) throw new Error(`${failed.length} of a batch of ${opened.length} connections failed, e.g. ${failed[0]!.reason.message}`);
    }
    const setupS = (performance.now() - setupStart) / 1000;
    await sleep(1000);
    if (Object.keys(closedByServer).length) {
      const at = (ms: number) => `${((ms - setupStart) / 1000).toFixed(1)} s`;
      const first = closes[0]!;
      const last = closes[closes.length - 1]!;
      throw new Error(
        `the server closed connections after opening: ${JSON.stringify(closedByServer)}, from ${at(first.atMs)} (client ${first.i}) to ${at(last.atMs)} (client ${last.i}) after the first opened; all open after ${setupS.toFixed(1)} s; ` +
          closes.slice(0, 5).map((c) => `client ${c.i}: opened ${at(openedAt[c.i]!)}, closed ${at(c.atMs)}, pings sent ${pingsSent[c.i]}, got ${pingsGot[c.i]} (last ${at(lastPingAt[c.i]!)})`).join('; '),
      );
    }
    note('ready');

    // The probe: every client is in the room once every client (but perhaps the prober) got one message.
    const prober = job.senders;
    let inRoom = false;
    for (let p = 0; p < PROBES && !inRoom; p++) {
      sockets[prober]!.send(JSON.stringify({ content: `${tagProbe}${p}`, order: 1 } satisfies ClientFrame));
      const until = Date.now() + PROBE_TIMEOUT_MS;
      while (Date.now() < until && probeGot[p]!.size < n - 1) await sleep(50);
      await sleep(200); // the prober's own copy, if the server sends one, comes with the rest
      inRoom = probeGot[p]!.size === n || (probeGot[p]!.size === n - 1 && !probeGot[p]!.has(prober));
      if (!inRoom && p === PROBES - 1) throw new Error(`only ${probeGot[p]!.size} of ${n} clients got a room message within ${PROBE_TIMEOUT_MS} ms`);
    }
    const echoToSender = probeGot.some((s) => s.has(prober));
    const expected = echoToSender ? n : n - 1;
    await sleep(500);

    note('sending');
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now() + 50;
    traceFrom = t0;
    for (let k = 0; k < job.messages; k++) {
      await sleep(t0 + k * job.intervalMs - performance.now());
      const frame = JSON.stringify({ content: `${tagMsg}${k}`, order: 1 } satisfies ClientFrame);
      sentAt[k] = performance.now();
      sockets[k % job.senders]!.send(frame);
    }
    const drainUntil = Date.now() + job.drainTimeoutMs;
    while (Date.now() < drainUntil && got.some((g) => g < expected)) await sleep(20);
    const sendPhaseMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    loop.disable();
    note('drained');

    // Per message, the last expected client; per delivery, its delay.
    const lastClientMs: number[] = [];
    const firstClientMs: number[] = [];
    const deliveries = new Float64Array(job.messages * n);
    let count = 0;
    let missing = 0;
    for (let k = 0; k < job.messages; k++) {
      const sender = k % job.senders;
      let last = 0;
      let first = Infinity;
      let have = 0;
      for (let i = 0; i < n; i++) {
        if (!echoToSender && i === sender) continue;
        const t = recvAt[k * n + i]!;
        if (Number.isNaN(t)) continue;
        const d = t - sentAt[k]!;
        deliveries[count++] = d;
        have += 1;
        if (d > last) last = d;
        if (d < first) first = d;
      }
      firstClientMs.push(have ? first : NaN);
      missing += expected - have;
      lastClientMs.push(have < expected ? NaN : last);
    }
    const trace = job.trace
      ? lastClientMs.map((last, k) => {
          const from = traceAt(sentAt[k]!);
          const to = traceAt(sentAt[k]! + (Number.isNaN(last) ? job.intervalMs : last)) + 1;
          const sum = (a: Int32Array) => a.subarray(from, to).reduce((x, y) => x + y, 0);
          return `#${k} sent at +${(sentAt[k]! - t0).toFixed(0)} ms: first ${firstClientMs[k]!.toFixed(1)} ms, last ${last.toFixed(1)} ms; meanwhile ${sum(tracePings)} pings, ${sum(traceOther)} other frames`;
        })
      : undefined;
    const sorted = deliveries.subarray(0, count).sort();
    return {
      clients: n,
      setupS,
      extensions: sockets[0]!.extensions,
      echoToSender,
      messages: job.messages,
      lastClientMs,
      firstClientMs,
      deliveries: count,
      deliveryP50Ms: percentile(sorted, 0.5),
      deliveryP99Ms: percentile(sorted, 0.99),
      deliveryMaxMs: count ? sorted[count - 1]! : NaN,
      missing,
      duplicates,
      senderErrors,
      closedByServer,
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      loopDelayMaxMs: loop.max / 1e6,
      clientCpuPct: ((cpu.user + cpu.system) / 1000 / sendPhaseMs) * 100,
      sendPhaseS: sendPhaseMs / 1000,
      trace,
    };
  } finally {
    stopping = true;
    clearInterval(pinger);
    for (const ws of sockets) ws?.terminate();
  }
}

// Only as the child started by lottery-chat.ts (with an IPC channel).
if (process.send) {
  // The benchmark gone (interrupted): so are its clients.
  process.once('disconnect', () => process.exit(1));
  process.once('message', (job: ClientsJob) => {
    const send = (m: ClientsMessage) => process.send!(m);
    run(job, (phase) => send({ phase })).then(
      (result) => process.send!({ ok: true, result } satisfies ClientsMessage, () => process.exit(0)),
      (err: unknown) => process.send!({ ok: false, error: err instanceof Error ? err.message : String(err) } satisfies ClientsMessage, () => process.exit(1)),
    );
  });
}
