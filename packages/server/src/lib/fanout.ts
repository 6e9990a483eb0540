import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import * as wsModule from 'ws';
import { WebSocket } from 'ws';
import type { RedisLink } from './redis.js';

/** A socket this far behind in reading gets nothing more until it catches up (a slow phone drops frames, not the server's memory). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** ws's frame builder (exported by ws, not in its typings): the header and payload of one frame. */
const frameOf = (wsModule as unknown as { Sender: { frame(data: Buffer, options: { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean }): Buffer[] } }).Sender.frame;
const TEXT_OPCODE = 1;

/** A text message as one whole WebSocket frame, as a server sends it (final, unmasked, no extension). */
export function textFrame(data: Buffer): Buffer {
  const parts = frameOf(data, { fin: true, rsv1: false, opcode: TEXT_OPCODE, mask: false, readOnly: true });
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/**
 * Sends one message (already text bytes) to each open socket of `clients` that keeps up: framed once,
 * then the same bytes written to every socket (a room of 10,000 costs one write each, not a
 * frame built per socket). This is what ws.send does for a server socket without extensions, where
 * ws's sender never holds a frame back (its queue is only for compression): the server negotiates no
 * permessage-deflate (app.ts), so a whole frame written here can never interleave with one of ws's.
 */
export function sendFrame(clients: Iterable<{ ws: WebSocket }>, data: Buffer): void {
  let frame: Buffer | undefined;
  for (const c of clients) {
    const ws = c.ws;
    if (ws.readyState !== WebSocket.OPEN || ws.bufferedAmount > MAX_BUFFERED_BYTES) continue;
    frame ??= textFrame(data);
    (ws as unknown as { _socket: Socket })._socket.write(frame);
  }
}

/**
 * The live sockets' fan-out across instances (the lottery rooms, 在线客服): with Redis, a wire is
 * published on `channel` and every instance, the sender's included, hands it to `deliver` from its
 * subscription; without Redis, or while it is away, `deliver` gets it on this instance at once (the
 * others' sockets hear it once Redis is back). Returns the function that sends a wire.
 */
export function fanOutChannel(app: FastifyInstance, redis: RedisLink | null, channel: string, deliver: (wire: string) => void, what: string): (wire: string) => Promise<void> {
  if (!redis) return async (wire) => deliver(wire);
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  redis.subscribe(channel, (text) => {
    if (!closed) deliver(text);
  });
  // The answer resolves once Redis has taken the wire (or it was delivered here instead); it never rejects.
  return async (wire) => {
    if (!redis.healthy()) return deliver(wire);
    await redis.client.publish(channel, wire).then(
      () => {},
      (err) => {
        app.log.warn({ err }, `${what}: frame not published, delivered on this instance only`);
        deliver(wire);
      },
    );
  };
}

/** How long a sender waits for Redis to take a message it must not answer before (a revocation, a staff save of public content). */
export const PUBLISH_WAIT_MS = 1_000;

/** Waits for `published`, at most PUBLISH_WAIT_MS: a Redis that stops answering delays the answer by that much, never more. */
export async function publishedOrLate(published: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS)));
  await Promise.race([published, late]).finally(() => clearTimeout(timer));
}
