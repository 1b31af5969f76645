import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from './file-server.ts';
import { roleKey } from './identity-helpers.ts';
import { type FixtureOrder, placeTestOrder } from './order-fixtures.ts';

const PATH = '/ecom/v1/orders/get-analytics';
const { server } = serverForFile();
let mug: string;
let tee: string;

const admin = (body: unknown, token = server().adminKey) => server().call('POST', PATH, { body, token });

async function product(name: string): Promise<string> {
  const res = await server().call('POST', '/stores/v1/products', {
    token: server().adminKey,
    body: { product: { name, productType: 'physical', priceData: { price: 10 } } },
  });
  expect(res.status).toBe(200);
  return (res.body.product as { id: string }).id;
}

/** An order placed at this instant (the server's clock is moved there for it). */
async function placeAt(iso: string, spec: FixtureOrder) {
  server().ctx.clock = () => new Date(iso);
  try {
    return await placeTestOrder(server(), spec);
  } finally {
    server().ctx.clock = () => new Date();
  }
}

beforeAll(async () => {
  mug = await product('Mug');
  tee = await product('Tee');
  const line = (productId: string, name: string, quantity: number, price: string) => ({
    productId,
    name,
    quantity,
    price,
  });
  // The period (Europe/Paris, UTC+1 in March 2026): 8–14 March. The one before: 1–7 March.
  await placeAt('2026-03-10T10:00:00Z', {
    lines: [line(mug, 'Mug', 2, '12.50'), line(tee, 'Tee', 1, '20.00')],
  });
  // 23:30 in Paris on the 13th.
  await placeAt('2026-03-13T22:30:00Z', { lines: [line(mug, 'Mug', 1, '12.50')] });
  // 00:30 in Paris on the 15th: after the period, though still the 14th in UTC.
  await placeAt('2026-03-14T23:30:00Z', { lines: [line(tee, 'Tee', 5, '20.00')] });
  // The period before.
  await placeAt('2026-03-03T12:00:00Z', { lines: [line(tee, 'Tee', 1, '20.00')] });
  // Not approved: counted nowhere.
  await placeAt('2026-03-11T12:00:00Z', { lines: [line(mug, 'Mug', 9, '12.50')], status: 'PENDING' });
});
describe('sales analytics', () => {
  it('sum approved orders per local day against the period before, with the top products', async () => {
    const res = await admin({
      startDate: '2026-03-08',
      endDate: '2026-03-14',
      timeZone: 'Europe/Paris',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      currency: 'USD',
      timeZone: 'Europe/Paris',
      period: {
        startDate: '2026-03-08',
        endDate: '2026-03-14',
        sales: '57.50',
        orders: 2,
        averageOrderValue: '28.75',
      },
      previousPeriod: {
        startDate: '2026-03-01',
        endDate: '2026-03-07',
        sales: '20.00',
        orders: 1,
        averageOrderValue: '20.00',
      },
      change: { salesPercent: 187.5, ordersPercent: 100, averageOrderValuePercent: 43.8 },
      topProducts: [
        { productId: mug, name: 'Mug', quantity: 3, sales: '37.50' },
        { productId: tee, name: 'Tee', quantity: 1, sales: '20.00' },
      ],
      // Every approved order not fulfilled, whenever placed.
      ordersToFulfil: 4,
    });
    const days = res.body.days as Array<{ date: string; sales: string; orders: number }>;
    expect(days.map((d) => d.date)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    expect(days[2]).toEqual({ date: '2026-03-10', sales: '45.00', orders: 1 });
    expect(days[5]).toEqual({ date: '2026-03-13', sales: '12.50', orders: 1 });
    expect(days.filter((d) => d.orders === 0)).toHaveLength(5);
    expect(days[0]).toEqual({ date: '2026-03-08', sales: '0', orders: 0 });
  });

  it('read the days in the time zone asked for (UTC by default)', async () => {
    const res = await admin({ startDate: '2026-03-14', endDate: '2026-03-14', topProducts: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      timeZone: 'UTC',
      period: { sales: '100.00', orders: 1 },
      previousPeriod: { startDate: '2026-03-13', endDate: '2026-03-13', sales: '12.50', orders: 1 },
      topProducts: [{ name: 'Tee', quantity: 5, sales: '100.00' }],
    });
    expect(res.body.days).toEqual([{ date: '2026-03-14', sales: '100.00', orders: 1 }]);
  });

  it('say so when nothing was sold before: no percentage', async () => {
    const res = await admin({ startDate: '2026-02-20', endDate: '2026-03-05' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      period: { sales: '20.00', orders: 1 },
      previousPeriod: { startDate: '2026-02-06', endDate: '2026-02-19', sales: '0.00', orders: 0 },
      change: { salesPercent: null, ordersPercent: null, averageOrderValuePercent: null },
    });
    expect(res.body.days).toHaveLength(14);
  });

  it('refuse bad ranges and time zones with the field named', async () => {
    const field = async (body: Record<string, unknown>) => {
      const res = await admin(body);
      expect(res.status).toBe(400);
      const details = res.body.details as {
        validationError: { fieldViolations: Array<{ field: string }> };
      };
      return details.validationError.fieldViolations.map((v) => v.field);
    };
    expect(await field({ startDate: 'yesterday', endDate: '2026-03-14' })).toEqual(['startDate']);
    expect(await field({ startDate: '2026-02-30', endDate: '2026-03-14' })).toEqual(['startDate']);
    expect(await field({ startDate: '2026-03-14', endDate: '2026-03-01' })).toEqual(['endDate']);
    expect(await field({ startDate: '2024-01-01', endDate: '2026-03-01' })).toEqual(['endDate']);
    expect(await field({ startDate: '2026-03-01', endDate: '2026-03-02', timeZone: 'Mars/Base' })).toEqual([
      'timeZone',
    ]);
    expect(await field({ endDate: '2026-03-02' })).toEqual(['startDate']);
  });

  it('serve every staff role that reads orders, and nobody else', async () => {
    const packer = await roleKey(server(), 'FULFILMENT');
    const body = { startDate: '2026-03-08', endDate: '2026-03-14' };
    expect((await admin(body, packer)).status).toBe(200);
    expect((await server().call('POST', PATH, { body })).status).toBe(401);
  });
});
