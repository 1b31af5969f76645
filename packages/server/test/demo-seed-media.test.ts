import { describe, expect, it } from 'vitest';
import { demoProductId, seedDemoStore } from '../src/seed/demo.ts';
import { seedImage } from '../src/seed/images.ts';
import { serverForFile } from './file-server.ts';

interface MediaItem {
  id: string;
  image: { url: string; width: number; focalPoint?: { x: number; y: number } };
  thumbnail?: { url: string; width: number };
}

const { server } = serverForFile({
  dataDirName: 'seed-media',
  seed: async (s) => void (await seedDemoStore(s.ctx)),
});

const admin = () => ({ token: server().adminKey });

describe("the demo seed's pictures", () => {
  it('are media files of the library: focal point, thumbnails and alt text work on them', async () => {
    const id = await demoProductId(server().ctx, 'linen-throw-pillow');
    const product = async () =>
      (
        (await server().call('GET', `/stores-reader/v1/products/${id}`)).body as {
          product: { media: { items: MediaItem[] } };
        }
      ).product;
    const [picture] = (await product()).media.items;
    expect(picture).toBeDefined();

    const file = await server().call('GET', `/site-media/v1/files/${picture!.id}`, admin());
    expect(file.status).toBe(200);
    expect(file.body).toMatchObject({
      file: { id: picture!.id, mediaType: 'image', width: 800, height: 800 },
    });

    const focal = await server().call('PATCH', `/site-media/v1/files/${picture!.id}`, {
      ...admin(),
      body: { file: { focalPoint: { x: 25, y: 60 } } },
    });
    expect(focal.status).toBe(200);
    expect((await product()).media.items[0]!.image.focalPoint).toEqual({ x: 25, y: 60 });

    // A thumbnail of its own (WebP), not the 800 px original.
    const thumb = await fetch(`${server().url}/media/${picture!.id}/linen-throw-pillow.jpg?size=150`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');

    const alt = await server().call('POST', `/stores/v1/products/${id}/media/update`, {
      ...admin(),
      body: { media: [{ mediaId: picture!.id, altText: 'A linen pillow on a grey sofa' }] },
    });
    expect(alt.status).toBe(200);

    // Every product and collection picture of the demo has its record.
    const collections = (
      (await server().call('POST', '/v2/collections/query', { body: { query: {} } })).body as {
        collections: Array<{ media: { items: Array<{ id: string }> } }>;
      }
    ).collections;
    expect(collections.length).toBeGreaterThan(0);
    for (const c of collections)
      expect(
        (await server().call('GET', `/site-media/v1/files/${c.media.items[0]!.id}`, admin())).status,
      ).toBe(200);
  });

  it('are drawn once: seeding the same picture again reuses its record', async () => {
    const spec = { shape: 'mug', hue: 90, initials: 'MU' } as const;
    const first = await seedImage(server().ctx, 'test:again', spec, { filename: 'again.jpg' });
    const again = await seedImage(server().ctx, 'test:again', spec, {
      filename: 'again.jpg',
      altText: 'A mug',
    });
    expect(again).toEqual({ ...first, altText: 'A mug' });
    expect(first.thumbnails?.map((t) => t.size)).toEqual([150, 400, 800]);
  });
});
