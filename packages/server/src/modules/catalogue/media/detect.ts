import type { MediaKind } from '../shared/model.ts';

/**
 * What an uploaded file is, from its bytes (never from the client's content type): magic numbers for
 * containers, the file name's extension only to tell zip-based office documents from plain archives and to
 * accept plain-text documents. Images are checked again by decoding them (see `media-files.ts`). Pure.
 */

export interface Detected {
  kind: MediaKind;
  /** Short name, also the extension we give a file without one: `jpg`, `mp4`, `pdf`… */
  format: string;
  mimeType: string;
}

const EXTENSION_KINDS: Record<MediaKind, string[]> = {
  image: [
    'jpg',
    'jpeg',
    'jpe',
    'png',
    'gif',
    'webp',
    'avif',
    'heic',
    'heif',
    'tif',
    'tiff',
    'bmp',
    'svg',
    'ico',
  ],
  video: ['mp4', 'm4v', 'mov', 'qt', 'webm', 'mkv', 'avi', 'mpeg', 'mpg', 'ogv', '3gp'],
  audio: ['mp3', 'wav', 'ogg', 'oga', 'opus', 'flac', 'm4a', 'aac', 'weba'],
  document: [
    'pdf',
    'txt',
    'csv',
    'md',
    'rtf',
    'doc',
    'docx',
    'xls',
    'xlsx',
    'ppt',
    'pptx',
    'odt',
    'ods',
    'odp',
    'epub',
  ],
  zip: ['zip', '7z', 'rar', 'gz', 'tgz'],
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** The media kind a file name claims (`photo.png` → image), if its extension is a known one. */
export function kindOfExtension(filename: string): MediaKind | undefined {
  const ext = extensionOf(filename);
  if (!ext) return undefined;
  for (const [kind, list] of Object.entries(EXTENSION_KINDS) as Array<[MediaKind, string[]]>)
    if (list.includes(ext)) return kind;
  return undefined;
}

const ascii = (bytes: Buffer, start: number, length: number) =>
  bytes.subarray(start, start + length).toString('latin1');

const ZIP_DOCUMENTS: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  epub: 'application/epub+zip',
};
const OLE_DOCUMENTS: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};
const TEXT_DOCUMENTS: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/markdown' };

function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The kind and format of a file's bytes; undefined for anything we do not accept. */
export function sniff(bytes: Buffer, filename: string): Detected | undefined {
  const ext = extensionOf(filename);
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff)
    return { kind: 'image', format: 'jpg', mimeType: 'image/jpeg' };
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n')
    return { kind: 'image', format: 'png', mimeType: 'image/png' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')
    return { kind: 'image', format: 'gif', mimeType: 'image/gif' };
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const form = ascii(bytes, 8, 4);
    if (form === 'WEBP') return { kind: 'image', format: 'webp', mimeType: 'image/webp' };
    if (form === 'WAVE') return { kind: 'audio', format: 'wav', mimeType: 'audio/wav' };
    if (form === 'AVI ') return { kind: 'video', format: 'avi', mimeType: 'video/x-msvideo' };
    return undefined;
  }
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'avif' || brand === 'avis')
      return { kind: 'image', format: 'avif', mimeType: 'image/avif' };
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand))
      return { kind: 'image', format: 'heic', mimeType: 'image/heic' };
    if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', format: 'm4a', mimeType: 'audio/mp4' };
    if (brand === 'qt  ') return { kind: 'video', format: 'mov', mimeType: 'video/quicktime' };
    return { kind: 'video', format: 'mp4', mimeType: 'video/mp4' };
  }
  if (b(0) === 0x1a && b(1) === 0x45 && b(2) === 0xdf && b(3) === 0xa3) {
    const webm = bytes.subarray(0, 64).includes('webm', 0, 'latin1');
    return webm
      ? { kind: 'video', format: 'webm', mimeType: 'video/webm' }
      : { kind: 'video', format: 'mkv', mimeType: 'video/x-matroska' };
  }
  if (ascii(bytes, 0, 4) === 'OggS') return { kind: 'audio', format: 'ogg', mimeType: 'audio/ogg' };
  if (ascii(bytes, 0, 4) === 'fLaC') return { kind: 'audio', format: 'flac', mimeType: 'audio/flac' };
  if (ascii(bytes, 0, 3) === 'ID3') return { kind: 'audio', format: 'mp3', mimeType: 'audio/mpeg' };
  if (b(0) === 0xff && (b(1) & 0xf6) === 0xf0) return { kind: 'audio', format: 'aac', mimeType: 'audio/aac' };
  if (b(0) === 0xff && (b(1) & 0xe0) === 0xe0)
    return { kind: 'audio', format: 'mp3', mimeType: 'audio/mpeg' };
  if (ascii(bytes, 0, 5) === '%PDF-') return { kind: 'document', format: 'pdf', mimeType: 'application/pdf' };
  if (ascii(bytes, 0, 5) === '{\\rtf')
    return { kind: 'document', format: 'rtf', mimeType: 'application/rtf' };
  if (ascii(bytes, 0, 8) === '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1') {
    const mimeType = OLE_DOCUMENTS[ext];
    return mimeType ? { kind: 'document', format: ext, mimeType } : undefined;
  }
  if (ascii(bytes, 0, 4) === 'PK\x03\x04' || ascii(bytes, 0, 4) === 'PK\x05\x06') {
    const mimeType = ZIP_DOCUMENTS[ext];
    return mimeType
      ? { kind: 'document', format: ext, mimeType }
      : { kind: 'zip', format: 'zip', mimeType: 'application/zip' };
  }
  if (ascii(bytes, 0, 6) === '7z\xbc\xaf\x27\x1c')
    return { kind: 'zip', format: '7z', mimeType: 'application/x-7z-compressed' };
  if (ascii(bytes, 0, 6) === 'Rar!\x1a\x07')
    return { kind: 'zip', format: 'rar', mimeType: 'application/vnd.rar' };
  if (b(0) === 0x1f && b(1) === 0x8b) return { kind: 'zip', format: 'gz', mimeType: 'application/gzip' };
  const text = TEXT_DOCUMENTS[ext];
  if (text && isUtf8Text(bytes)) return { kind: 'document', format: ext, mimeType: `${text}; charset=utf-8` };
  return undefined;
}

// ---- video dimensions and duration, read from the container (no decoding, no external tools)

export interface VideoInfo {
  width: number;
  height: number;
  durationMs?: number;
}

interface Box {
  type: string;
  start: number;
  end: number;
}

/** ISO BMFF boxes (MP4, MOV) between `start` and `end`. */
function boxes(bytes: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  let pos = start;
  while (pos + 8 <= end) {
    let size = bytes.readUInt32BE(pos);
    const type = ascii(bytes, pos + 4, 4);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > end) break;
      size = Number(bytes.readBigUInt64BE(pos + 8));
      header = 16;
    } else if (size === 0) size = end - pos;
    if (size < header || pos + size > end) break;
    out.push({ type, start: pos + header, end: pos + size });
    pos += size;
  }
  return out;
}

function mp4Info(bytes: Buffer): VideoInfo | undefined {
  const moov = boxes(bytes, 0, bytes.length).find((x) => x.type === 'moov');
  if (!moov) return undefined;
  const children = boxes(bytes, moov.start, moov.end);
  let durationMs: number | undefined;
  const mvhd = children.find((x) => x.type === 'mvhd');
  if (mvhd && mvhd.end - mvhd.start >= 32) {
    const v1 = bytes[mvhd.start] === 1;
    const timescale = bytes.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
    const duration = v1
      ? Number(bytes.readBigUInt64BE(mvhd.start + 24))
      : bytes.readUInt32BE(mvhd.start + 16);
    if (timescale > 0) durationMs = Math.round((duration / timescale) * 1000);
  }
  for (const trak of children.filter((x) => x.type === 'trak')) {
    const tkhd = boxes(bytes, trak.start, trak.end).find((x) => x.type === 'tkhd');
    if (!tkhd || tkhd.end - tkhd.start < 84) continue;
    const width = bytes.readUInt32BE(tkhd.end - 8) / 65536;
    const height = bytes.readUInt32BE(tkhd.end - 4) / 65536;
    if (width <= 0 || height <= 0) continue;
    // The display matrix: a quarter turn (a = d = 0) swaps what the viewer sees.
    const a = bytes.readInt32BE(tkhd.end - 44);
    const d = bytes.readInt32BE(tkhd.end - 28);
    const turned = a === 0 && d === 0;
    return {
      width: Math.round(turned ? height : width),
      height: Math.round(turned ? width : height),
      ...(durationMs !== undefined ? { durationMs } : {}),
    };
  }
  return durationMs !== undefined ? { width: 0, height: 0, durationMs } : undefined;
}

/** An EBML variable-length integer: element ids keep their marker bit, sizes lose it. */
function vint(bytes: Buffer, pos: number, keepMarker: boolean) {
  const first = bytes[pos];
  if (first === undefined || first === 0) return undefined;
  let length = 1;
  let mask = 0x80;
  while (!(first & mask)) {
    mask >>= 1;
    length++;
  }
  if (pos + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (mask - 1);
  let allOnes = value === mask - 1;
  for (let i = 1; i < length; i++) {
    const byte = bytes[pos + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const EBML = { segment: 0x18538067, info: 0x1549a966, tracks: 0x1654ae6b, entry: 0xae, video: 0xe0 };

function matroskaInfo(bytes: Buffer): VideoInfo | undefined {
  const found: { width?: number; height?: number; scale: number; duration?: number } = { scale: 1_000_000 };
  const uint = (start: number, end: number) => {
    let v = 0;
    for (let i = start; i < end; i++) v = v * 256 + bytes[i]!;
    return v;
  };
  const walk = (start: number, end: number, depth: number): void => {
    let pos = start;
    while (pos < end && depth < 6) {
      const id = vint(bytes, pos, true);
      if (!id) return;
      const size = vint(bytes, pos + id.length, false);
      if (!size) return;
      const dataStart = pos + id.length + size.length;
      const dataEnd = size.unknown ? end : Math.min(end, dataStart + size.value);
      switch (id.value) {
        case EBML.segment:
        case EBML.info:
        case EBML.tracks:
        case EBML.entry:
        case EBML.video:
          walk(dataStart, dataEnd, depth + 1);
          break;
        case 0xb0:
          found.width ??= uint(dataStart, dataEnd);
          break;
        case 0xba:
          found.height ??= uint(dataStart, dataEnd);
          break;
        case 0x2ad7b1:
          found.scale = uint(dataStart, dataEnd);
          break;
        case 0x4489:
          if (dataEnd - dataStart === 8) found.duration = bytes.readDoubleBE(dataStart);
          else if (dataEnd - dataStart === 4) found.duration = bytes.readFloatBE(dataStart);
          break;
        case 0x1f43b675: // a cluster: the media data, past every header we read
          return;
      }
      if (size.unknown) return;
      pos = dataEnd;
    }
  };
  walk(0, bytes.length, 0);
  if (found.width === undefined && found.duration === undefined) return undefined;
  return {
    width: found.width ?? 0,
    height: found.height ?? 0,
    ...(found.duration !== undefined ? { durationMs: Math.round((found.duration * found.scale) / 1e6) } : {}),
  };
}

/** Width, height and duration of an MP4/MOV or WebM/Matroska video; undefined when the headers do not say. */
export function videoInfo(bytes: Buffer, format: string): VideoInfo | undefined {
  try {
    if (format === 'mp4' || format === 'mov') return mp4Info(bytes);
    if (format === 'webm' || format === 'mkv') return matroskaInfo(bytes);
  } catch {
    // A damaged header: the caller falls back to the given or the poster's size.
  }
  return undefined;
}
