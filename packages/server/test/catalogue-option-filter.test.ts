import { describe, expect, it } from 'vitest';
import { seedDemoStore } from '../src/seed/demo.ts';
import { serverForFile } from './file-server.ts';

interface WireProduct {
  id: string;
  slug: string;
  productOptions: Array<{
    name: string;
    choices: Array<{ value: string; description: string; visible: boolean }>;
  }>;
}

const READER = '/stores-reader/v1';
const { server } = serverForFile({ seed: async (s) => void (await seedDemoStore(s.ctx)) });

async function slugs(filter: unknown): Promise<string[]> {
  const res = await server().call('POST', `${READER}/products/query-platformized`, {
    body: { query: { filter, paging: { limit: 100 } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.products as WireProduct[]).map((p) => p.slug).sort();
}

/** The products with a visible choice of this name for this option, read from the products themselves. */
async function having(all: WireProduct[], option: string, names: string[]): Promise<string[]> {
  return all
    .filter((p) =>
      p.productOptions.some(
        (o) =>
          o.name === option &&
          o.choices.some((c) => c.visible !== false && names.includes(c.description || c.value)),
      ),
    )
    .map((p) => p.slug)
    .sort();
}

describe('size and colour filters (optionChoices)', () => {
  it('matches products offering any chosen choice of an option, and every option filtered', async () => {
    const res = await server().call('POST', `${READER}/products/query-platformized`, {
      body: { query: { paging: { limit: 100 } } },
    });
    const all = res.body.products as WireProduct[];

    const medium = await having(all, 'Size', ['M']);
    expect(medium.length).toBeGreaterThan(1);
    expect(await slugs({ optionChoices: { $hasSome: ['Size:M'] } })).toEqual(medium);

    const navy = await having(all, 'Color', ['Navy']);
    const navyOrRust = await having(all, 'Color', ['Navy', 'Rust']);
    expect(navyOrRust.length).toBeGreaterThan(navy.length);
    expect(await slugs({ optionChoices: { $hasSome: ['Color:Navy', 'Color:Rust'] } })).toEqual(navyOrRust);

    // Size M and a navy colour: both conditions, as the storefront sends them.
    const both = medium.filter((slug) => navy.includes(slug));
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(navy.length + medium.length);
    expect(
      await slugs({
        $and: [{ optionChoices: { $hasSome: ['Size:M'] } }, { optionChoices: { $hasSome: ['Color:Navy'] } }],
      }),
    ).toEqual(both);
    // Names are exact: an option's name is part of the value.
    expect(await slugs({ optionChoices: { $hasSome: ['Navy'] } })).toEqual([]);
  });

  it('follows every write of a product’s options', async () => {
    const created = await server().call('POST', '/stores/v1/products', {
      token: server().adminKey,
      body: {
        product: {
          name: 'Option Filter Scarf',
          priceData: { price: 30 },
          productOptions: [{ name: 'Size', choices: [{ value: 'XXS' }, { value: 'One size' }] }],
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.product as WireProduct).id;
    expect(await slugs({ optionChoices: { $hasSome: ['Size:XXS'] } })).toEqual(['option-filter-scarf']);

    const reshaped = await server().call('PATCH', `/stores/v1/products/${id}`, {
      token: server().adminKey,
      body: {
        product: {
          productOptions: [
            { name: 'Size', choices: [{ value: 'One size' }] },
            { name: 'Color', optionType: 'color', choices: [{ value: '#00ff00', description: 'Lime' }] },
          ],
        },
      },
    });
    expect(reshaped.status, JSON.stringify(reshaped.body)).toBe(200);
    expect(await slugs({ optionChoices: { $hasSome: ['Size:XXS'] } })).toEqual([]);
    expect(await slugs({ optionChoices: { $hasSome: ['Color:Lime'] } })).toEqual(['option-filter-scarf']);
  });

  it('answers a bad value with 400 naming the field', async () => {
    const res = await server().call('POST', `${READER}/products/query-platformized`, {
      body: { query: { filter: { optionChoices: { $hasSome: [5] } } } },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('query.filter.optionChoices');
  });
});
