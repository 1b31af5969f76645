import { describe, expect, it } from 'vitest';
import { mailerFor } from '../src/modules/mail/mailer.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, roleKey } from './identity-helpers.ts';

const MESSAGES = '/v1/dev-mailbox/messages';
const { server } = serverForFile();

describe('dev mailbox (no SMTP_URL)', () => {
  it('list kept mail newest first, saying mail lands here, and open one with its HTML and text', async () => {
    const mailer = mailerFor(server().ctx);
    expect(mailer.kind).toBe('dev-mailbox');
    await mailer.send({ to: 'Ada@Example.com', subject: 'First', text: 'Hello once', tag: 'test' });
    await mailer.send({
      to: 'bob@example.com',
      subject: 'Second',
      text: 'Hello twice',
      html: '<p>Hello <b>twice</b></p>',
    });
    const list = await server().call('GET', MESSAGES, { token: server().adminKey });
    expect(list.status).toBe(200);
    expect(list.body.mailer).toBe('DEV_MAILBOX');
    const messages = list.body.messages as Array<{ id: string; subject: string; to: string }>;
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);

    const one = await server().call('GET', `${MESSAGES}/${messages[0]!.id}`, { token: server().adminKey });
    expect(one.status).toBe(200);
    expect(one.body.message).toMatchObject({
      id: messages[0]!.id,
      channel: 'EMAIL',
      to: 'bob@example.com',
      subject: 'Second',
      text: 'Hello twice',
      html: '<p>Hello <b>twice</b></p>',
    });
    expect(
      new Date(String((one.body.message as { createdDate: string }).createdDate)).getTime(),
    ).not.toBeNaN();

    const byRecipient = await server().call('GET', `${MESSAGES}?to=ada@example.com`, {
      token: server().adminKey,
    });
    expect((byRecipient.body.messages as unknown[]).length).toBe(1);
  });

  it('answer 404 for a message that is not kept and 400 for a bad id', async () => {
    const gone = await server().call('GET', `${MESSAGES}/00000000-0000-4000-8000-000000000000`, {
      token: server().adminKey,
    });
    expect(gone.status).toBe(404);
    expect(errorCode(gone.body)).toBe('DEV_MAILBOX_MESSAGE_NOT_FOUND');
    const bad = await server().call('GET', `${MESSAGES}/nope`, { token: server().adminKey });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('"field":"id"');
  });

  it('is for owners only: a manager key and no credential are refused', async () => {
    const manager = await roleKey(server(), 'MANAGER');
    const list = await server().call('GET', MESSAGES, { token: server().adminKey });
    const id = (list.body.messages as Array<{ id: string }>)[0]!.id;
    for (const path of [MESSAGES, `${MESSAGES}/${id}`]) {
      const refused = await server().call('GET', path, { token: manager });
      expect(refused.status).toBe(403);
      expect(errorCode(refused.body)).toBe('FORBIDDEN');
      expect((await server().call('GET', path)).status).toBe(401);
    }
  });
});
