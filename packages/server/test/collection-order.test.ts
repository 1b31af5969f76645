import { describe, expect, it } from 'vitest';
import { seedImage } from '../src/seed/images.ts';
import { serverForFile } from './file-server.ts';

const W = '/stores/v1';
const R = '/stores-reader/v1';

interface WireCollection {
  id: string;
  media: { mainMedia?: { id: string; image: { url: string; altText?: string } }; items: unknown[] };
}

const { server, ok } = serverForFile({ dataDirName: 'collection-order' });
const admin = () => server().adminKey;

const fieldsOf = (body: Record<string, unknown>) =>
  (
    body as { details: { validationError: { fieldViolations: Array<{ field: string }> } } }
  ).details.validationError.fieldViolations.map((v) => v.field);

async function makeCollection(name: string, productNames: string[]) {
  const { collection } = (await ok('POST', `${W}/collections`, { collection: { name } })) as {
    collection: { id: string };
  };
  const ids: string[] = [];
  for (const productName of productNames) {
    const { product } = (await ok('POST', `${W}/products`, {
      product: { name: productName, priceData: { price: 5 } },
    })) as { product: { id: string } };
    ids.push(product.id);
  }
  await ok('POST', `${W}/collections/${collection.id}/productIds`, { productIds: ids });
  return { id: collection.id, ids };
}

/** The collection's products in the merchant's order, read by shoppers (cursor pages of `limit`). */
async function featured(collectionId: string, limit = 10): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = (await ok(
      'POST',
      `${R}/products/query-platformized`,
      {
        query: cursor
          ? { cursorPaging: { limit, cursor } }
          : {
              filter: { collectionIds: { $hasSome: [collectionId] } },
              sort: [{ fieldName: 'collectionPosition', order: 'ASC' }],
              cursorPaging: { limit },
            },
      },
      null,
    )) as { products: Array<{ name: string }>; metadata: { cursors: { next?: string } } };
    names.push(...page.products.map((p) => p.name));
    cursor = page.metadata.cursors.next ?? undefined;
  } while (cursor);
  return names;
}

describe("a collection's product order", () => {
  it('keeps the order products were added in, puts the listed ones first, and adds new ones last', async () => {
    const c = await makeCollection('Ordered', ['Oak', 'Elm', 'Ash', 'Fir', 'Yew']);
    expect(await featured(c.id, 2)).toEqual(['Oak', 'Elm', 'Ash', 'Fir', 'Yew']);

    await ok('POST', `${W}/collections/${c.id}/productIds/reorder`, { productIds: [c.ids[3], c.ids[0]] });
    expect(await featured(c.id, 2)).toEqual(['Fir', 'Oak', 'Elm', 'Ash', 'Yew']);
    // Descending reads it the other way round; an offset page sorts the same.
    const desc = (await ok(
      'POST',
      `${R}/products/query-platformized`,
      {
        query: {
          filter: { $and: [{ 'collections.id': c.id }, { visible: true }] },
          sort: [{ fieldName: 'collectionPosition', order: 'DESC' }],
          paging: { limit: 3, offset: 1 },
        },
      },
      null,
    )) as { products: Array<{ name: string }> };
    expect(desc.products.map((p) => p.name)).toEqual(['Ash', 'Elm', 'Oak']);

    const { product } = (await ok('POST', `${W}/products`, {
      product: { name: 'Pine', priceData: { price: 5 } },
    })) as { product: { id: string } };
    // Elm is in already: skipped, it keeps its place.
    await ok('POST', `${W}/collections/${c.id}/productIds`, { productIds: [c.ids[1], product.id] });
    expect(await featured(c.id)).toEqual(['Fir', 'Oak', 'Elm', 'Ash', 'Yew', 'Pine']);

    // Taken out and put back: last.
    await ok('POST', `${W}/collections/${c.id}/productIds/delete`, { productIds: [c.ids[3]] });
    await ok('POST', `${W}/collections/${c.id}/productIds`, { productIds: [c.ids[3]] });
    expect(await featured(c.id)).toEqual(['Oak', 'Elm', 'Ash', 'Yew', 'Pine', 'Fir']);

    // The whole list, as the admin sends it after a move.
    const all = [product.id, c.ids[4]!, c.ids[0]!, c.ids[1]!, c.ids[2]!, c.ids[3]!];
    await ok('POST', `${W}/collections/${c.id}/productIds/reorder`, { productIds: all });
    expect(await featured(c.id)).toEqual(['Pine', 'Yew', 'Oak', 'Elm', 'Ash', 'Fir']);
  });

  it('refuses products outside the collection, repeated ids and the sort without one collection', async () => {
    const c = await makeCollection('Strict', ['Rose', 'Lily']);
    const other = await makeCollection('Elsewhere', ['Iris']);
    const outside = await server().call('POST', `${W}/collections/${c.id}/productIds/reorder`, {
      body: { productIds: [c.ids[1], other.ids[0]] },
      token: admin(),
    });
    expect(outside.status).toBe(400);
    expect(fieldsOf(outside.body)).toEqual(['productIds[1]']);
    const twice = await server().call('POST', `${W}/collections/${c.id}/productIds/reorder`, {
      body: { productIds: [c.ids[1], c.ids[1]] },
      token: admin(),
    });
    expect(twice.status).toBe(400);
    expect(fieldsOf(twice.body)).toEqual(['productIds[1]']);
    expect(await featured(c.id)).toEqual(['Rose', 'Lily']);

    const shopper = await server().call('POST', `${W}/collections/${c.id}/productIds/reorder`, {
      body: { productIds: [c.ids[1]] },
    });
    expect(shopper.status).toBe(401);
    const missing = await server().call(
      'POST',
      `${W}/collections/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f/productIds/reorder`,
      { body: { productIds: [c.ids[1]] }, token: admin() },
    );
    expect(missing.status).toBe(404);

    for (const filter of [{}, { collectionIds: { $hasSome: [c.id, other.id] } }]) {
      const unsorted = await server().call('POST', `${R}/products/query-platformized`, {
        body: { query: { filter, sort: [{ fieldName: 'collectionPosition', order: 'ASC' }] } },
      });
      expect(unsorted.status).toBe(400);
      expect(fieldsOf(unsorted.body)).toEqual(['query.sort[0].fieldName']);
    }
  });
});

describe("a collection's image", () => {
  it('is set from an uploaded image or a URL, with its description, and removed', async () => {
    const c = await makeCollection('Pictured', []);
    const stored = await seedImage(
      server().ctx,
      'test:collection-image',
      { shape: 'lamp', hue: 40, initials: 'PI' },
      { filename: 'pictured.jpg' },
    );
    await ok('POST', `${W}/collections/${c.id}/image`, { mediaId: stored.id, altText: ' A brass lamp ' });
    const read = async () =>
      ((await ok('GET', `/v2/collections/${c.id}`, undefined, null)) as { collection: WireCollection })
        .collection;
    let collection = await read();
    expect(collection.media.items).toHaveLength(1);
    expect(collection.media.mainMedia).toMatchObject({ id: stored.id, image: { altText: 'A brass lamp' } });
    expect(collection.media.mainMedia!.image.url).toContain(`/media/${stored.id}/pictured.jpg`);

    // The focal point set on the media file reaches the collection's copy.
    await ok('PATCH', `/site-media/v1/files/${stored.id}`, { file: { focalPoint: { x: 30, y: 70 } } });
    collection = await read();
    expect(collection.media.mainMedia!.image).toMatchObject({ focalPoint: { x: 30, y: 70 } });

    // A link replaces it.
    await ok('POST', `${W}/collections/${c.id}/image`, { url: 'https://images.example.com/shelf.png' });
    collection = await read();
    expect(collection.media.items).toHaveLength(1);
    expect(collection.media.mainMedia!.image.url).toBe('https://images.example.com/shelf.png');

    const none = await server().call('POST', `${W}/collections/${c.id}/image`, { body: {}, token: admin() });
    expect(none.status).toBe(400);
    expect(fieldsOf(none.body)).toEqual(['mediaId']);
    const unknown = await server().call('POST', `${W}/collections/${c.id}/image`, {
      body: { mediaId: '5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f' },
      token: admin(),
    });
    expect(unknown.status).toBe(404);
    expect((await read()).media.mainMedia!.image.url).toBe('https://images.example.com/shelf.png');

    await ok('POST', `${W}/collections/${c.id}/image/delete`, {});
    collection = await read();
    expect(collection.media.items).toEqual([]);
    expect(collection.media.mainMedia).toBeUndefined();
  });
});
