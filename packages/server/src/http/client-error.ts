import type { Socket } from 'node:net';
import { CODE, MSG } from '@app/contract';
import { envelope } from './envelope.js';

/**
 * Longest request line plus headers Node reads (its own default, stated here so it is ours): a longer
 * URL or header never reaches Fastify and is answered by clientErrorHandler below.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a URL or headers over
 * MAX_HEADER_BYTES: 431; a malformed request line or header: 400) with the JSON envelope and a Chinese
 * message, like every other answer, instead of Node's bare status line.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
  const body = JSON.stringify(envelope(CODE.badRequest, tooLarge ? MSG.headersTooLarge : MSG.badRequest));
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
