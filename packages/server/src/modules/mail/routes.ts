import { randomBytes } from 'node:crypto';
import type { Module } from '../../platform/app.ts';
import { clearMessages, getMessage, listMessages, mailerFor } from './mailer.ts';
import { mailboxPage } from './page.ts';
import { ListMessagesQuery, MessageParams } from './schemas.ts';
import { admin, open, routeOptions } from '../../platform/routing.ts';

const route = routeOptions(['dev mailbox']);

export const mailRoutes: Module = (app, ctx) => {
  app.get(
    '/v1/dev-mailbox/messages',
    route(admin, 'Mail kept by the dev mailbox, newest first', { querystring: ListMessagesQuery }),
    async (request) => ({
      messages: await listMessages(ctx, request.query),
      // Whether new mail lands here (no SMTP_URL) or goes out by SMTP.
      mailer: mailerFor(ctx).kind === 'smtp' ? 'SMTP' : 'DEV_MAILBOX',
    }),
  );
  app.get(
    '/v1/dev-mailbox/messages/:id',
    route(admin, 'One message of the dev mailbox', { params: MessageParams }),
    async (request) => ({ message: await getMessage(ctx, request.params.id) }),
  );
  app.delete('/v1/dev-mailbox/messages', route(admin, 'Empty the dev mailbox'), async () => {
    await clearMessages(ctx);
    return {};
  });
  app.get(
    '/dev-mailbox',
    route(open, 'Dev mailbox page (asks for the admin key)'),
    async (_request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; frame-ancestors 'none'`,
        )
        .header('referrer-policy', 'no-referrer')
        .send(mailboxPage(nonce));
    },
  );
};
