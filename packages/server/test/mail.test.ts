import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/platform/config.ts';
import { serverForFile } from './file-server.ts';
import { register, seedClient, uniqueEmail } from './identity-helpers.ts';

/** Just enough SMTP to accept mail from nodemailer. */
function smtpSink(): Promise<{ port: number; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let data: string | undefined;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data !== undefined) {
          if (line === '.') {
            messages.push(data);
            data = undefined;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        index = buffer.indexOf('\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        port,
        messages,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    }),
  );
}

let sink: Awaited<ReturnType<typeof smtpSink>>;
/** The server's SMTP settings: the sink's port is filled in once it listens, before the server starts. */
const config: Partial<Config> = { mailFrom: 'Shop <shop@example.com>' };

beforeAll(async () => {
  sink = await smtpSink();
  config.smtpUrl = `smtp://127.0.0.1:${sink.port}`;
});
afterAll(async () => {
  await sink?.close();
});
const { server } = serverForFile({ seed: seedClient, config });

describe('mail over SMTP', () => {
  it('sends recovery links through SMTP_URL and keeps nothing in the dev mailbox', async () => {
    const email = uniqueEmail('smtp');
    await register(server(), email);
    const res = await server().call('POST', '/_api/iam/recovery/v1/send-email', { body: { email } });
    expect(res.status).toBe(200);
    await expect.poll(() => sink.messages.length).toBeGreaterThan(0);
    const message = sink.messages.at(-1)!;
    expect(message).toContain(`To: ${email}`);
    expect(message).toContain('From: Shop <shop@example.com>');
    expect(message).toMatch(/recoveryToken/);
    const box = await server().call('GET', '/v1/dev-mailbox/messages', { token: server().adminKey });
    expect(box.body.messages).toEqual([]);
    expect(box.body.mailer).toBe('SMTP');
  });
});
