/** For the media tests (not used by production code): MP4 files built box by box. */

/** An ISO BMFF box: its 32-bit size, its four-letter type, then the payload. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
