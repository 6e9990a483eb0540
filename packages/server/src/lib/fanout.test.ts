import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendFrame, textFrame } from './fanout.js';

describe('sendFrame: one frame built, the same bytes written to every socket', () => {
  let server: WebSocketServer;
  const serverSide: WebSocket[] = [];
  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    server.on('connection', (ws) => serverSide.push(ws));
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(async () => {
    for (const ws of serverSide) ws.terminate();
    await new Promise((resolve) => server.close(resolve));
  });

  it('frames text as ws would: final, text opcode, unmasked, with the 7-bit, 16-bit and 64-bit lengths', () => {
    expect([...textFrame(Buffer.from('hi'))]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...textFrame(Buffer.alloc(300, 97)).subarray(0, 4)]).toEqual([0x81, 126, 0x01, 0x2c]);
    expect([...textFrame(Buffer.alloc(70_000, 97)).subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 0x01, 0x11, 0x70]);
  });

  it('delivers every message whole and in order to every client, mixed with ws.send of the same sockets', async () => {
    const { port } = server.address() as AddressInfo;
    const clients = await Promise.all(
      Array.from({ length: 3 }, () => new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}`);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      })),
    );
    while (serverSide.length < 3) await new Promise((r) => setTimeout(r, 5));
    const texts = ['a', 'ü'.repeat(200), 'x'.repeat(70_000), '{"content":"最后"}'];
    const got = clients.map((ws) => {
      const list: string[] = [];
      ws.on('message', (data) => list.push(String(data)));
      return list;
    });
    const room = serverSide.map((ws) => ({ ws }));
    for (const [i, text] of texts.entries()) {
      sendFrame(room, Buffer.from(text));
      for (const ws of serverSide) ws.send(`direct ${i}`);
    }
    const expected = texts.flatMap((text, i) => [text, `direct ${i}`]);
    await expect.poll(() => got.map((list) => list.length), { timeout: 5_000 }).toEqual([8, 8, 8]);
    for (const list of got) expect(list).toEqual(expected);
    for (const ws of clients) ws.close();
  });

  it('skips a socket that is not open', () => {
    const closed = { ws: { readyState: WebSocket.CLOSED, bufferedAmount: 0 } as unknown as WebSocket };
    expect(() => sendFrame([closed], Buffer.from('x'))).not.toThrow();
  });
});
