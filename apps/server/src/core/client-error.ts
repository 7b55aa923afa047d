import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** Requests Node's HTTP parser refuses before any route sees them, in the user's language. */
const PARSER_ERRORS: Record<string, { status: number; msg: string }> = {
  // Request line and headers together over Node's 16 KB maxHeaderSize, mostly a URL that long.
  HPE_HEADER_OVERFLOW: { status: 431, msg: '请求过长' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, msg: '请求超时，请重试' },
};
const OTHER = { status: 400, msg: '请求数据格式不正确' };

/**
 * Fastify's clientErrorHandler: a request that could not even be parsed has no call to answer, so it keeps its
 * HTTP status (like a body over the limit, 413), but the body is still the envelope with a Chinese msg.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, msg } = PARSER_ERRORS[err.code ?? ''] ?? OTHER;
  const body = JSON.stringify({ ret: status, msg, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
