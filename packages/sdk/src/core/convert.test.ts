import { describe, expect, it } from 'vitest';
import { convertFromWire, convertToWire, mergeConversions, prefixConversion } from './convert.ts';
import { pageUrlFromWire, pageUrlToWire } from './page-url.ts';

const ID = '5c3b2f1e-1b7a-4c8e-9a51-0d6a3c9e2f10';
const SPEC = {
  dates: ['createdDate', 'lines.image.urlExpirationDate'],
  floats: ['lines.weight'],
  images: ['lines.image'],
  pageUrls: ['lines.url'],
  addresses: ['contact.address'],
};

describe('convertFromWire', () => {
  it('converts dates, floats, images, page URLs and addresses at their paths, through arrays', () => {
    const out = convertFromWire(
      {
        createdDate: '2024-05-01T10:00:00.000Z',
        lines: [
          {
            weight: 'NaN',
            image: {
              id: ID,
              filename: 'a.jpg',
              width: 1,
              height: 2,
              urlExpirationDate: '2024-05-02T00:00:00Z',
            },
            url: { relativePath: '/product-page/a', url: 'https://shop.example/product-page/a' },
          },
          { weight: 2 },
        ],
        contact: { address: { addressLine: 'Main St 1', geocode: { latitude: 1.5, longitude: 'NaN' } } },
      },
      SPEC,
    );
    expect(out).toEqual({
      createdDate: new Date('2024-05-01T10:00:00.000Z'),
      lines: [
        {
          weight: Number.NaN,
          image: `aisle:image://v1/${ID}/a.jpg#originWidth=1&originHeight=2`,
          url: 'https://shop.example/product-page/a',
        },
        { weight: 2 },
      ],
      contact: { address: { addressLine1: 'Main St 1', location: { latitude: 1.5, longitude: Number.NaN } } },
    });
  });
});

describe('convertToWire', () => {
  it('turns image URIs, URL strings and client addresses back into wire shapes', () => {
    const input = {
      lines: [
        { image: `aisle:image://v1/${ID}/a.jpg#originWidth=1&originHeight=2`, url: 'https://x.example/p' },
      ],
      contact: {
        address: { addressLine1: 'Main St 1', formatted: 'Main St 1, Town', location: { latitude: 1 } },
      },
    };
    expect(convertToWire(input, SPEC)).toEqual({
      lines: [
        { image: { id: ID, filename: 'a.jpg', width: 1, height: 2 }, url: { url: 'https://x.example/p' } },
      ],
      contact: {
        address: { addressLine: 'Main St 1', formattedAddress: 'Main St 1, Town', geocode: { latitude: 1 } },
      },
    });
  });

  it('leaves absent paths alone', () => {
    expect(convertToWire({ other: 1 }, SPEC)).toEqual({ other: 1 });
  });
});

describe('spec helpers and page URLs', () => {
  it('prefixConversion and mergeConversions', () => {
    expect(prefixConversion('cart', { images: ['a'], addresses: ['b'] })).toEqual({
      dates: [],
      floats: [],
      images: ['cart.a'],
      pageUrls: [],
      addresses: ['cart.b'],
    });
    expect(mergeConversions({ dates: ['a'] }, { dates: ['b'], floats: ['c'] })).toEqual({
      dates: ['a', 'b'],
      floats: ['c'],
      images: [],
      pageUrls: [],
      addresses: [],
    });
  });

  it('pageUrlFromWire prefers the absolute URL, then the relative path', () => {
    expect(pageUrlFromWire({ relativePath: '/p', url: 'https://x/p' })).toBe('https://x/p');
    expect(pageUrlFromWire({ relativePath: '/p', url: '' })).toBe('/p');
    expect(pageUrlFromWire({})).toBeUndefined();
    expect(pageUrlFromWire('https://x/p')).toBe('https://x/p');
    expect(pageUrlToWire('https://x/p')).toEqual({ url: 'https://x/p' });
    expect(pageUrlToWire({ relativePath: '/p' })).toEqual({ relativePath: '/p' });
  });
});
