import { describe, expect, it } from 'vitest';
import { json, parseUrl, fakeClient } from '../testing/fake-fetch.ts';
import { devMailbox } from './dev-mailbox.ts';
import { orders } from './orders.ts';
import { webhooks } from './webhooks.ts';

const AT = '2026-03-01T12:00:00.000Z';
const modules = { devMailbox, webhooks, orders };

const sdk = fakeClient(modules);

const mail = {
  id: 'm1',
  channel: 'EMAIL',
  to: 'ada@example.com',
  from: 'shop@example.com',
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  tag: null,
  data: {},
  createdDate: AT,
};

describe('devMailbox', () => {
  it('lists with the recipient and limit in the query, dates as Date values, and the mailer', async () => {
    const { sdk: s, calls } = sdk(() => json({ messages: [mail], mailer: 'DEV_MAILBOX' }));
    const list = await s.devMailbox.listMessages({ to: 'ada@example.com', limit: 20 });
    const url = parseUrl(calls[0]!.url);
    expect(calls[0]!.method).toBe('GET');
    expect(url.path).toBe('/v1/dev-mailbox/messages');
    expect(url.params.get('to')).toBe('ada@example.com');
    expect(url.params.get('limit')).toBe('20');
    expect(list.mailer).toBe('DEV_MAILBOX');
    expect(list.messages[0]!.createdDate).toEqual(new Date(AT));
  });

  it('gets one message by id and empties the box', async () => {
    const { sdk: s, calls } = sdk((call) => (call.method === 'DELETE' ? json({}) : json({ message: mail })));
    const one = await s.devMailbox.getMessage('m1');
    expect(parseUrl(calls[0]!.url).path).toBe('/v1/dev-mailbox/messages/m1');
    expect(one).toMatchObject({ subject: 'Hello', html: '<p>Hi</p>', createdDate: new Date(AT) });
    await s.devMailbox.clearMessages();
    expect(calls[1]!.method).toBe('DELETE');
  });
});

describe('admin analytics and webhook event types', () => {
  it('lists the webhook event types by entity', async () => {
    const groups = [{ entity: 'order', label: 'Orders', events: ['order.created'] }];
    const { sdk: s, calls } = sdk(() => json({ eventTypes: groups }));
    expect(await s.webhooks.listWebhookEventTypes()).toEqual(groups);
    expect(parseUrl(calls[0]!.url).path).toBe('/aisle/v1/webhooks/event-types');
  });

  it('posts the sales analytics request as given', async () => {
    const { sdk: s, calls } = sdk(() => json({ currency: 'USD', days: [] }));
    const request = { startDate: '2026-03-01', endDate: '2026-03-07', timeZone: 'Europe/Paris' };
    expect(await s.orders.getSalesAnalytics(request)).toMatchObject({ currency: 'USD' });
    expect(calls[0]!.method).toBe('POST');
    expect(parseUrl(calls[0]!.url).path).toBe('/ecom/v1/orders/get-analytics');
    expect(JSON.parse(calls[0]!.body ?? '')).toEqual(request);
  });
});
