import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Server, Socket } from 'node:net';
import type { Config } from './config.ts';
import { applicationErrorBody } from './errors.ts';

/**
 * A slowly sent request must not hold a connection (and a file handle) for long, and one client address must not
 * take them all (docs/CONFIGURATION.md "Connections"):
 * - `requestTimeoutMs`: the whole request, headers and body, must have arrived by then (Node answers 408 and
 *   closes the connection); `headersTimeoutMs` for the headers alone. Node checks open requests every
 *   `connectionsCheckingInterval`, a quarter of the timeout here (Node's own default is 30 s).
 * - idle keep-alive connections close after `keepAliveTimeout` (Fastify's 72 s).
 */
export function httpTimeouts(config: Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs'>) {
  const headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);
  return {
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
  };
}

/**
 * At most `max` open connections per peer address (0: no ceiling); one more is closed at once, before it is
 * read. Counted per process, per TCP peer: behind a reverse proxy the proxy is the peer, so the ceiling is the
 * proxy's (raise it or turn it off and limit at the proxy).
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'The request did not arrive in time'],
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', 'The request line and headers are over 16 KiB'],
};

/**
 * A request Node could not read (too slow, headers too large, not HTTP): answered in the wire envelope, with a
 * request id, then the connection is closed. No handler ran, so nothing changed.
 */
export function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, description] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'BAD_REQUEST',
    'The request is not valid HTTP',
  ];
  const body = JSON.stringify(applicationErrorBody(code, description));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Aisle-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
