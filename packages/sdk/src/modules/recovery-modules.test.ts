import { describe, expect, it } from 'vitest';
import { json, parseUrl, fakeClient, bodyOf } from '../testing/fake-fetch.ts';
import { abandonedCheckouts } from './abandoned-checkouts.ts';
import { backInStockRequests } from './back-in-stock-requests.ts';

const modules = { abandonedCheckouts, backInStockRequests };
const AT = '2024-03-01T12:00:00.000Z';
const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

const sdk = fakeClient(modules);

const abandoned = {
  id: 'a1',
  checkoutId: 'c1',
  status: 'RECOVERED',
  checkoutRecoveredDate: AT,
  activities: [{ type: 'SCHEDULED', createdDate: AT }],
  createdDate: AT,
  updatedDate: AT,
};

describe('abandonedCheckouts', () => {
  it('gets one with its dates as Date values', async () => {
    const { sdk: s, calls } = sdk(() => json({ abandonedCheckout: abandoned }));
    const got = await s.abandonedCheckouts.getAbandonedCheckout('a1');
    expect(parseUrl(calls[0]!.url).path).toBe('/ecom/v1/abandoned-checkout/a1');
    expect(got.checkoutRecoveredDate).toEqual(new Date(AT));
    expect(got.activities[0]!.createdDate).toEqual(new Date(AT));
  });

  it('queries by POST with the wire keys of this call', async () => {
    const { sdk: s, calls } = sdk(() =>
      json({
        abandonedCheckouts: [abandoned],
        results: [abandoned],
        metadata: { count: 1, offset: 0, total: 1 },
      }),
    );
    const page = await s.abandonedCheckouts.queryAbandonedCheckouts().eq('status', 'ABANDONED').find();
    expect(calls[0]!.method).toBe('POST');
    expect(parseUrl(calls[0]!.url).path).toBe('/ecom/v1/abandoned-checkout/query');
    expect(bodyOf(calls[0])).toMatchObject({ query: { filter: { status: 'ABANDONED' } } });
    expect(page.items[0]!.createdDate).toEqual(new Date(AT));
    expect(page.totalCount).toBe(1);
  });

  it('sends bulk delete, add-activity, analytics and the JSON redirect', async () => {
    const { sdk: s, calls } = sdk((call) => {
      const path = parseUrl(call.url).path;
      if (path.endsWith('/get-analytics'))
        return json({ recoveryRate: 0.5, periods: [{ startDate: AT, recoverableCheckoutCount: 2 }] });
      if (path.endsWith('/redirect-to-checkout')) return json({ redirectUrl: 'https://shop/checkout/c1' });
      if (path.includes('/bulk/')) return json({ results: [], bulkActionMetadata: { totalSuccesses: 0 } });
      return json({ abandonedCheckout: abandoned });
    });
    await s.abandonedCheckouts.bulkDeleteAbandonedCheckouts(['a1', 'a2']);
    expect(parseUrl(calls[0]!.url).path).toBe('/ecom/v1/bulk/abandoned-checkout/delete');
    expect(bodyOf(calls[0])).toEqual({ abandonedCheckoutIds: ['a1', 'a2'] });

    await s.abandonedCheckouts.addActivity('a1', 'TASK_CREATED', { revision: '3' });
    expect(parseUrl(calls[1]!.url).path).toBe('/ecom/v1/abandoned-checkouts/a1/add-activity');
    expect(bodyOf(calls[1])).toEqual({ activityType: 'TASK_CREATED', revision: '3' });

    const figures = await s.abandonedCheckouts.getAnalytics({
      startDate: new Date('2024-01-01T00:00:00Z'),
      endDate: new Date(AT),
      interval: 'DAY',
    });
    expect(bodyOf(calls[2])).toEqual({ startDate: '2024-01-01T00:00:00.000Z', endDate: AT, interval: 'DAY' });
    expect(figures.periods?.[0]?.startDate).toEqual(new Date(AT));

    expect((await s.abandonedCheckouts.redirectToCheckout('a1')).redirectUrl).toBe(
      'https://shop/checkout/c1',
    );
    expect(parseUrl(calls[3]!.url).path).toBe('/ecom/v1/abandoned-checkout/a1/redirect-to-checkout');
    expect(calls[3]!.headers.get('accept')).toBe('application/json');
  });
});

describe('backInStockRequests', () => {
  const request = { id: 'r1', email: 'a@b.c', status: 'RECEIVED', createdDate: AT, updatedDate: AT };

  it('creates with the item details beside the request', async () => {
    const { sdk: s, calls } = sdk(() => json({ request }));
    const created = await s.backInStockRequests.createRequest(
      { email: 'a@b.c', catalogReference: { catalogItemId: 'p1', appId: APP } },
      { name: 'Boot' },
    );
    expect(parseUrl(calls[0]!.url).path).toBe(
      '/back-in-stock-service/v1/back-in-stock-notification-requests',
    );
    expect(bodyOf(calls[0])).toEqual({
      request: { email: 'a@b.c', catalogReference: { catalogItemId: 'p1', appId: APP } },
      itemDetails: { name: 'Boot' },
    });
    expect(created.createdDate).toEqual(new Date(AT));
  });

  it('queries with GET* on the collection path and counts with GET*', async () => {
    const { sdk: s, calls } = sdk((call) =>
      parseUrl(call.url).path.endsWith('count-by-catalog-reference')
        ? json({
            countsPerCatalogReference: [{ catalogReference: { catalogItemId: 'p1', appId: APP }, count: 2 }],
          })
        : json({ requests: [request], metadata: { count: 1, offset: 0, total: 1 } }),
    );
    const page = await s.backInStockRequests.queryRequests().eq('status', 'RECEIVED').find();
    const sent = parseUrl(calls[0]!.url);
    expect(calls[0]!.method).toBe('GET');
    expect(sent.path).toBe('/back-in-stock-service/v1/back-in-stock-notification-requests');
    expect(sent.r).toMatchObject({ query: { filter: { status: 'RECEIVED' } } });
    expect(page.items[0]!.updatedDate).toEqual(new Date(AT));

    const counts = await s.backInStockRequests.countByCatalogReference([{ catalogItemId: 'p1', appId: APP }]);
    const countCall = parseUrl(calls[1]!.url);
    expect(countCall.r).toEqual({ catalogReferences: [{ catalogItemId: 'p1', appId: APP }] });
    expect(counts.countsPerCatalogReference[0]!.count).toBe(2);
  });

  it('marks as sent with PUT and reports an item back', async () => {
    const { sdk: s, calls } = sdk((call) =>
      call.method === 'PUT' ? json({ request: { ...request, status: 'NOTIFICATION_SENT' } }) : json({}),
    );
    expect((await s.backInStockRequests.markAsNotificationSent('r1')).status).toBe('NOTIFICATION_SENT');
    expect(parseUrl(calls[0]!.url).path).toMatch(/\/r1\/mark-as-notification-sent$/);
    await s.backInStockRequests.reportItemsBackInStock(
      { catalogItemId: 'p1', appId: APP },
      { requestIds: ['r1'] },
    );
    expect(bodyOf(calls[1])).toEqual({
      catalogReference: { catalogItemId: 'p1', appId: APP },
      requestIds: ['r1'],
    });
  });
});
