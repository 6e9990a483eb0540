import WebSocket from 'ws';
import { WS_PING_TEXT, roomSocketUrl, type ServerFrame } from '@app/contract';
import { fund, memberIdOf, registerMember, type TestServer } from './harness.js';
import { nextRound, roundAt, type LotterySchedule } from '../src/modules/lottery/engine/index.js';

/** Helpers of the lottery room socket tests (lottery-ws*.test.ts, admin-lottery-chat.test.ts). */

export const K3: LotterySchedule = { intervalS: 60, ftimeS: 10 };

/** A time 5 s into a fresh round of the schedule, past `afterMs` and the wall clock (betting open). */
export function openRoundTime(sched: LotterySchedule, afterMs: number): number {
  return nextRound(sched, roundAt(sched, Math.max(Date.now(), afterMs))).opensAtMs + 5000;
}

export async function newMember(s: TestServer, yuan = 0): Promise<{ id: number; name: string; token: string }> {
  const m = await registerMember(s);
  const id = await memberIdOf(s, m.token);
  if (yuan > 0) await fund(s, id, yuan);
  return { id, name: m.name, token: m.token };
}

/** The first room of a lottery. */
export async function firstRooms(s: TestServer, code: string): Promise<number[]> {
  return (await s.api('/api/lotteryRoom', { name: code })).data.map((r: { id: number }) => r.id);
}

/**
 * A room socket as a member app holds it: pings every `pingEveryMs` (like the app's 3 s, faster here;
 * 0 = silent), keeps every JSON frame it receives and counts the server's pings.
 */
export class RoomSocket {
  readonly ws: WebSocket;
  readonly frames: ServerFrame[] = [];
  pings = 0;
  private taken = new Set<number>();
  private waiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  readonly opened: Promise<boolean>;
  readonly closed: Promise<{ code: number }>;

  constructor(url: string, pingEveryMs = 500) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data, isBinary) => {
      const text = data.toString();
      if (!isBinary && text === WS_PING_TEXT) this.pings += 1;
      else this.frames.push(JSON.parse(text) as ServerFrame);
      for (const w of this.waiters.splice(0)) w();
    });
    this.opened = new Promise((resolve) => {
      this.ws.once('open', () => resolve(true));
      this.ws.once('close', () => resolve(false));
      this.ws.once('error', () => resolve(false));
    });
    this.closed = new Promise((resolve) =>
      this.ws.once('close', (code) => {
        clearInterval(this.timer);
        for (const w of this.waiters.splice(0)) w();
        resolve({ code });
      }),
    );
    if (pingEveryMs > 0) {
      this.timer = setInterval(() => this.ws.readyState === WebSocket.OPEN && this.ws.send(WS_PING_TEXT), pingEveryMs);
      this.timer.unref();
    }
  }

  static url(s: TestServer, roomId: number | string, token: string): string {
    return roomSocketUrl(s.url, roomId as number, token);
  }

  /** Opens a socket and waits until the server has admitted it (a refused one is closed instead). */
  static async join(s: TestServer, roomId: number, token: string, pingEveryMs?: number): Promise<RoomSocket> {
    const sock = new RoomSocket(RoomSocket.url(s, roomId, token), pingEveryMs);
    if (!(await sock.opened)) throw new Error('socket not opened');
    // Admission finishes after the upgrade: a ping answered means this socket is in the room.
    const pings = sock.pings;
    sock.ws.send(WS_PING_TEXT);
    await sock.until(() => sock.pings > pings);
    return sock;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  chat(content: string): void {
    this.send({ content, order: 1 });
  }

  /** Resolves when `cond` holds (checked at every frame), rejects after `timeoutMs`. */
  until(cond: () => boolean, timeoutMs = 3000): Promise<void> {
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('timed out waiting for a frame')), timeoutMs);
      const check = () => {
        if (cond()) {
          clearTimeout(t);
          resolve();
        } else if (this.ws.readyState === WebSocket.CLOSED && !cond()) {
          clearTimeout(t);
          reject(new Error('socket closed while waiting'));
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** The next frame matching `pred` not taken by an earlier call. */
  async next<T extends ServerFrame = ServerFrame>(pred: (f: any) => boolean = () => true, timeoutMs = 3000): Promise<T> {
    let found = -1;
    await this.until(() => {
      found = this.frames.findIndex((f, i) => !this.taken.has(i) && pred(f));
      return found >= 0;
    }, timeoutMs);
    this.taken.add(found);
    return this.frames[found] as T;
  }

  /** The frames matching `pred` received so far (after frame number `from`). */
  all(pred: (f: any) => boolean, from = 0): ServerFrame[] {
    return this.frames.slice(from).filter(pred);
  }

  close(): void {
    clearInterval(this.timer);
    this.ws.close();
  }
}

export const isChat = (content: string) => (f: any) => f.kind !== undefined && f.content === content;
export const isSys = (kind: string, expect?: string) => (f: any) => f.sysmsg === kind && (expect === undefined || f.expect === expect);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
