import type { Socket } from 'node:net';
import { CODE, MSG } from '@app/contract';
import { envelope } from './envelope.js';
import { httpStatusFor } from './compat.js';

/**
 * Longest request line plus headers Node reads (its own default, stated here so it is ours): a longer
 * URL or header never reaches Fastify and is answered by clientErrorHandler below.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** The request target of the bytes Node refused, when its request line got that far (origin or absolute form). */
function targetOf(err: Error & { rawPacket?: unknown }): string {
  const line = Buffer.isBuffer(err.rawPacket) ? /^[A-Z]+ (\S+)/.exec(err.rawPacket.subarray(0, 4096).toString('latin1')) : null;
  return line ? line[1]!.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '') : '';
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (a URL or headers over
 * MAX_HEADER_BYTES: 431; a malformed request line or header: 400) with the JSON envelope and a Chinese
 * message, like every other answer, instead of Node's bare status line; on the member API over HTTP
 * 200 like all its answers (http/compat.ts).
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const code = httpStatusFor(targetOf(err), tooLarge ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400);
  const status = `${code} ${STATUS_TEXT[code]}`;
  const body = JSON.stringify(envelope(CODE.badRequest, tooLarge ? MSG.headersTooLarge : MSG.badRequest));
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
