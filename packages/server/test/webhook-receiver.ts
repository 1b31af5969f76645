import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A request the receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The test file's webhook receiver (webhooks.test.ts, e2e/admin-settings-more.test.ts): an HTTP server on a free
 * local port, listening before the file's tests and closed after them. It keeps every request in `received`
 * and answers with the status `answers` holds for the request's path (a function given the request's number on
 * that path, from 1), else 200: "thanks" under 300, a 2,000-character "nope xxx…" otherwise.
 */
export function receiverForFile() {
  let listening: Server | undefined;
  let url = '';
  const received: Received[] = [];
  const answers = new Map<string, (n: number) => number>();
  const at = (path: string) => received.filter((r) => r.path === path);
  beforeAll(async () => {
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
        const status = answers.get(path)?.(at(path).length) ?? 200;
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? 'thanks' : `nope ${'x'.repeat(2000)}`);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    listening = receiver;
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => listening?.close(resolve)));
  return {
    /** The receiver's base URL (`http://127.0.0.1:<port>`), once it listens. */
    url: () => url,
    received,
    answers,
    /** The requests to this path so far. */
    at,
  };
}
