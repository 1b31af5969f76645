import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from './file-server.ts';

/**
 * Real sockets that send a request body a byte at a time (issue 17: such connections stayed open for minutes and
 * a thousand of them took every file handle). With small limits from the config: the trickle is cut off with a
 * 408, and one address cannot hold more than its ceiling of connections while another address still gets in.
 */

let port = 0;
const CEILING = 4;

const { server } = serverForFile({
  config: { requestTimeoutMs: 1_500, headersTimeoutMs: 1_000, maxConnectionsPerIp: CEILING },
});
beforeAll(() => {
  port = Number(new URL(server().url).port);
});

interface Trickle {
  socket: Socket;
  /** Bytes of the body written before the connection ended. */
  sent: () => number;
  /** What the server sent back, once the connection has closed. */
  closed: Promise<string>;
  stop: () => void;
}

/** A POST whose 10,000-byte body is sent one byte every 50 ms (over eight minutes), from `localAddress`. */
function trickle(localAddress = '127.0.0.1'): Trickle {
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  let sent = 0;
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  const stop = () => clearInterval(timer);
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.on('connect', () => {
    socket.write(
      'POST /_api/iam/authentication/v2/validate-email HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n',
    );
    timer = setInterval(() => {
      if (socket.destroyed || sent >= 10_000) return stop();
      socket.write(' ');
      sent++;
    }, 50);
  });
  void closed.then(stop);
  return { socket, sent: () => sent, closed, stop };
}

/** Whether a plain GET over a fresh connection from `localAddress` gets an HTTP answer. */
function answered(localAddress = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(received.startsWith('HTTP/1.1 200')));
    socket.on('connect', () => socket.write('GET /ping HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n'));
  });
}

describe('slowly sent request bodies', () => {
  it('are cut off with a 408 long before the body is complete', { timeout: 60_000 }, async () => {
    const slow = trickle();
    const answer = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // In the wire envelope, like every error.
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    expect(body).toMatchObject({ details: { applicationError: { code: 'REQUEST_TIMEOUT' } } });
    expect(answer).toMatch(/X-Aisle-Request-Id: [0-9a-f-]{36}/);
    expect(slow.sent()).toBeGreaterThan(0);
    expect(slow.sent()).toBeLessThan(10_000);
  });

  it('cannot take more than the ceiling of connections from one address', { timeout: 60_000 }, async () => {
    const slow = Array.from({ length: CEILING }, () => trickle());
    await Promise.all(slow.map((s) => new Promise((resolve) => s.socket.once('connect', resolve))));
    // Over the ceiling: closed without an answer. Another address is served meanwhile.
    expect(await answered()).toBe(false);
    expect(await answered('127.0.0.2')).toBe(true);
    const answers = await Promise.all(slow.map((s) => s.closed));
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // Once the slow ones are gone, the address is served again.
    expect(await answered()).toBe(true);
  });
});
