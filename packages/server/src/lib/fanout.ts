import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { RedisLink } from './redis.js';

/** A socket this far behind in reading gets nothing more until it catches up (a slow phone drops frames, not the server's memory). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
const SEND_TEXT = { binary: false } as const;

/** Sends one frame (already text bytes) to each open socket of `clients` that keeps up. */
export function sendFrame(clients: Iterable<{ ws: WebSocket }>, data: Buffer): void {
  for (const c of clients) {
    if (c.ws.readyState !== WebSocket.OPEN || c.ws.bufferedAmount > MAX_BUFFERED_BYTES) continue;
    c.ws.send(data, SEND_TEXT);
  }
}

/**
 * The live sockets' fan-out across instances (the lottery rooms, 在线客服): with Redis, a wire is
 * published on `channel` and every instance, the sender's included, hands it to `deliver` from its
 * subscription; without Redis, or while it is away, `deliver` gets it on this instance at once (the
 * others' sockets hear it once Redis is back). Returns the function that sends a wire.
 */
export function fanOutChannel(app: FastifyInstance, redis: RedisLink | null, channel: string, deliver: (wire: string) => void, what: string): (wire: string) => void {
  if (!redis) return deliver;
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  redis.subscribe(channel, (text) => {
    if (!closed) deliver(text);
  });
  return (wire) => {
    if (!redis.healthy()) return deliver(wire);
    redis.client.publish(channel, wire).catch((err) => {
      app.log.warn({ err }, `${what}: frame not published, delivered on this instance only`);
      deliver(wire);
    });
  };
}
