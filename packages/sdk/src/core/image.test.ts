import { describe, expect, it } from 'vitest';
import { getImageUrl, IMAGE_URI_PREFIX, imageFromWire, imageToWire, parseImageUri } from './image.ts';

const ID = '5c3b2f1e-1b7a-4c8e-9a51-0d6a3c9e2f10';

describe('imageFromWire', () => {
  it('makes aisle:image://v1/<id>/<filename>#originWidth=<w>&originHeight=<h>', () => {
    expect(
      imageFromWire({
        id: ID,
        url: `https://shop.example/media/${ID}/shirt.jpg`,
        width: 800,
        height: 600,
        altText: 'A shirt',
        filename: 'shirt.jpg',
        urlExpirationDate: '2030-01-01T00:00:00Z',
        focalPoint: { x: 0.5, y: 0.25 },
      }),
    ).toBe(`aisle:image://v1/${ID}/shirt.jpg#originWidth=800&originHeight=600`);
  });

  it('encodes the id and filename, falls back to the id as filename and leaves out unknown sizes', () => {
    expect(imageFromWire({ id: 'a/b', filename: 'red shirt#1.png', width: 10 })).toBe(
      'aisle:image://v1/a%2Fb/red%20shirt%231.png#originWidth=10',
    );
    expect(imageFromWire({ id: ID })).toBe(`${IMAGE_URI_PREFIX}${ID}/${ID}`);
  });

  it('gives the url of an image without id, and passes strings and non-objects through', () => {
    expect(imageFromWire({ url: 'https://cdn.example/x.png', width: 5, height: 5 })).toBe(
      'https://cdn.example/x.png',
    );
    expect(imageFromWire({ width: 5 })).toBeUndefined();
    expect(imageFromWire('https://cdn.example/y.png')).toBe('https://cdn.example/y.png');
    expect(imageFromWire(null)).toBeNull();
  });
});

describe('imageToWire and parseImageUri', () => {
  it('turns an image URI back into {id, filename, width, height}', () => {
    expect(imageToWire(`aisle:image://v1/${ID}/red%20shirt.jpg#originWidth=800&originHeight=600`)).toEqual({
      id: ID,
      filename: 'red shirt.jpg',
      width: 800,
      height: 600,
    });
  });

  it('round-trips what imageFromWire makes', () => {
    const wire = { id: 'a/b', filename: 'red shirt#1.png', width: 10, height: 20 };
    expect(imageToWire(imageFromWire(wire) ?? '')).toEqual(wire);
  });

  it('tolerates a URI without sizes or filename and ignores bad sizes', () => {
    expect(imageToWire(`aisle:image://v1/${ID}`)).toEqual({ id: ID, filename: ID });
    expect(imageToWire(`aisle:image://v1/${ID}/x.jpg#originWidth=wide&originHeight=`)).toEqual({
      id: ID,
      filename: 'x.jpg',
    });
  });

  it('sends other strings as {url} and objects as they are', () => {
    expect(imageToWire('https://cdn.example/x.png')).toEqual({ url: 'https://cdn.example/x.png' });
    expect(imageToWire('aisle:image://v1/')).toEqual({ url: 'aisle:image://v1/' });
    expect(imageToWire('aisle:image://v1/%E0%A4%A/x.jpg')).toEqual({
      url: 'aisle:image://v1/%E0%A4%A/x.jpg',
    });
    const object = { id: ID, url: 'u' };
    expect(imageToWire(object)).toBe(object);
  });

  it('parseImageUri refuses other schemes', () => {
    expect(parseImageUri('aisle:video://v1/x/y')).toBeUndefined();
    expect(parseImageUri(`aisle:image://v1/${ID}/x.jpg#originHeight=3`)).toEqual({
      id: ID,
      filename: 'x.jpg',
      height: 3,
    });
  });
});

describe('getImageUrl', () => {
  it("points an image URI at the server's media route and leaves URLs alone", () => {
    const uri = `aisle:image://v1/${ID}/red%20shirt.jpg#originWidth=8&originHeight=6`;
    expect(getImageUrl(uri)).toBe(`/media/${ID}/red%20shirt.jpg`);
    expect(getImageUrl(uri, { baseUrl: 'https://shop.example/' })).toBe(
      `https://shop.example/media/${ID}/red%20shirt.jpg`,
    );
    expect(getImageUrl('https://cdn.example/x.png', { baseUrl: 'https://shop.example' })).toBe(
      'https://cdn.example/x.png',
    );
  });
});
