import { describe, expect, it } from 'vitest';
import { kindOfExtension, sniff, videoInfo } from './detect.ts';
import { box } from './mp4-boxes.ts';
import { MediaSigner, publicLinkExpiry } from './signing.ts';

function mp4(width: number, height: number, opts: { turned?: boolean; brand?: string } = {}): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(600, 12);
  mvhd.writeUInt32BE(1500, 16);
  const tkhd = Buffer.alloc(84);
  // Identity matrix, or a quarter turn (a = d = 0, b = 1, c = -1) as phones record portrait video.
  tkhd.writeInt32BE(opts.turned ? 0 : 0x10000, 40);
  tkhd.writeInt32BE(opts.turned ? 0x10000 : 0, 44);
  tkhd.writeInt32BE(opts.turned ? -0x10000 : 0, 52);
  tkhd.writeInt32BE(opts.turned ? 0 : 0x10000, 56);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  const audio = box('trak', box('tkhd', Buffer.alloc(84)));
  return Buffer.concat([
    box('ftyp', Buffer.from(`${opts.brand ?? 'isom'}\0\0\x02\0`, 'latin1')),
    box('mdat', Buffer.alloc(64)),
    box('moov', box('mvhd', mvhd), audio, box('trak', box('tkhd', tkhd))),
  ]);
}

/** An EBML element: id bytes, a one-byte size, data. */
const el = (id: number[], ...data: Buffer[]) => {
  const body = Buffer.concat(data);
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
};
const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);

function webm(width: number, height: number, ms: number): Buffer {
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(ms);
  const header = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], Buffer.from('webm')));
  const info = el(
    [0x15, 0x49, 0xa9, 0x66],
    el([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])),
    el([0x44, 0x89], duration),
  );
  const tracks = el(
    [0x16, 0x54, 0xae, 0x6b],
    el([0xae], el([0xe0], el([0xb0], u16(width)), el([0xba], u16(height)))),
  );
  // A segment of unknown size, as live encoders write it.
  const segment = Buffer.concat([
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    info,
    tracks,
    el([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(20)),
  ]);
  return Buffer.concat([header, segment]);
}

describe('sniff', () => {
  it('tells kinds and formats from the bytes, not the name', () => {
    const cases: Array<[Buffer, string, string | undefined]> = [
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 'x.png', 'image/jpg'],
      [Buffer.from('\x89PNG\r\n\x1a\n....', 'latin1'), 'x', 'image/png'],
      [Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), 'x', 'image/webp'],
      [Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), 'x', 'audio/wav'],
      [mp4(10, 10), 'x', 'video/mp4'],
      [mp4(10, 10, { brand: 'qt  ' }), 'x', 'video/mov'],
      [mp4(10, 10, { brand: 'M4A ' }), 'x', 'audio/m4a'],
      [mp4(10, 10, { brand: 'avif' }), 'x', 'image/avif'],
      [webm(10, 10, 1), 'x', 'video/webm'],
      [Buffer.from('ID3\x04\0'), 'x', 'audio/mp3'],
      [Buffer.from('%PDF-1.7\n'), 'x', 'document/pdf'],
      [Buffer.from('PK\x03\x04rest', 'latin1'), 'a.zip', 'zip/zip'],
      [Buffer.from('PK\x03\x04rest', 'latin1'), 'a.docx', 'document/docx'],
      [Buffer.from('a,b\n1,2\n'), 'list.csv', 'document/csv'],
      [Buffer.from('hello'), 'photo.png', undefined],
      [Buffer.from([0, 1, 2, 3]), 'notes.txt', undefined],
    ];
    for (const [bytes, name, expected] of cases) {
      const found = sniff(bytes, name);
      expect(found ? `${found.kind}/${found.format}` : undefined, `${name}: ${expected}`).toBe(expected);
    }
    expect(kindOfExtension('Photo.JPG')).toBe('image');
    expect(kindOfExtension('clip.webm')).toBe('video');
    expect(kindOfExtension('README')).toBeUndefined();
  });
});

describe('videoInfo', () => {
  it('reads an MP4 video track size (turned a quarter when the matrix says) and duration', () => {
    expect(videoInfo(mp4(1920, 1080), 'mp4')).toEqual({ width: 1920, height: 1080, durationMs: 2500 });
    expect(videoInfo(mp4(1920, 1080, { turned: true }), 'mp4')).toEqual({
      width: 1080,
      height: 1920,
      durationMs: 2500,
    });
    expect(videoInfo(Buffer.from('\0\0\0\x10ftypisom\0\0\0\0'), 'mp4')).toBeUndefined();
  });

  it('reads a WebM track size and duration, also under a segment of unknown size', () => {
    expect(videoInfo(webm(640, 360, 4000), 'webm')).toEqual({ width: 640, height: 360, durationMs: 4000 });
    expect(videoInfo(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0xff]), 'webm')).toBeUndefined();
  });
});

describe('media link signatures', () => {
  it('public links expire on a UTC midnight 7 to 8 days ahead, the same all day', () => {
    const morning = publicLinkExpiry(new Date('2026-03-10T00:00:01Z'));
    expect(new Date(morning * 1000).toISOString()).toBe('2026-03-18T00:00:00.000Z');
    expect(publicLinkExpiry(new Date('2026-03-10T23:59:59Z'))).toBe(morning);
  });

  it('verifies its own signatures only: other purpose, id, expiry or secret fail', () => {
    const signer = new MediaSigner([Buffer.alloc(32, 1)]);
    const id = '5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f';
    const sig = signer.sign('public', id, 1000);
    expect(signer.sign('public', id, 1000)).toBe(sig);
    expect(signer.verify('public', id, 1000, sig)).toBe(true);
    expect(signer.verify('download', id, 1000, sig)).toBe(false);
    expect(signer.verify('public', id, 1001, sig)).toBe(false);
    expect(signer.verify('public', id.replace('5d', '5e'), 1000, sig)).toBe(false);
    expect(signer.verify('public', id, 1000, `${sig}x`)).toBe(false);
    expect(new MediaSigner([Buffer.alloc(32, 2)]).verify('public', id, 1000, sig)).toBe(false);
    // Two secrets (during a rotation): the first signs, both verify.
    expect(new MediaSigner([Buffer.alloc(32, 2), Buffer.alloc(32, 1)]).verify('public', id, 1000, sig)).toBe(
      true,
    );
  });
});
