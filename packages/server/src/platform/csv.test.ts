import { describe, expect, it } from 'vitest';
import { csvField, csvRow, parseCsv } from './csv.ts';

const parse = (text: string) => [...parseCsv(text)];
const fields = (text: string) => parse(text).map((r) => r.fields);

describe('parseCsv', () => {
  it('splits records and fields, CRLF, LF or CR', () => {
    expect(fields('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(fields('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fields('a,b\r1,2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps empty fields, leading, trailing and alone', () => {
    expect(fields(',a,,b,\r\n')).toEqual([['', 'a', '', 'b', '']]);
    expect(fields('x,\r\n')).toEqual([['x', '']]);
  });

  it('reads quoted fields with commas, escaped quotes and line breaks', () => {
    const text = 'name,note\r\n"Smith, Jane","She said ""hi"""\r\n"two\r\nlines","a\nb"\r\n';
    expect(fields(text)).toEqual([
      ['name', 'note'],
      ['Smith, Jane', 'She said "hi"'],
      ['two\r\nlines', 'a\nb'],
    ]);
  });

  it('reads an empty quoted field and a field of only quotes', () => {
    expect(fields('"",""""\r\n')).toEqual([['', '"']]);
  });

  it('drops a byte-order mark', () => {
    expect(fields('\uFEFFHandle,Name\r\nx,y\r\n')).toEqual([
      ['Handle', 'Name'],
      ['x', 'y'],
    ]);
  });

  it('skips empty lines and numbers records by the line they start on', () => {
    const records = parse('a\r\n\r\n"multi\r\nline",x\r\n\nb\r\n');
    expect(records.map((r) => [r.line, r.fields])).toEqual([
      [1, ['a']],
      [3, ['multi\r\nline', 'x']],
      [6, ['b']],
    ]);
  });

  it('reports an unclosed quote at its line and stops', () => {
    const records = parse('a,b\r\n1,"open\r\nstill open\r\n');
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({ line: 2, error: expect.stringContaining('not closed') });
  });

  it('reports text after a closing quote but keeps reading the next records', () => {
    const records = parse('"ab"c,d\r\ne,f\r\n');
    expect(records[0]).toMatchObject({ line: 1, fields: ['abc', 'd'], error: expect.any(String) });
    expect(records[1]).toEqual({ line: 2, fields: ['e', 'f'] });
  });

  it('keeps a quote inside an unquoted field as it is', () => {
    expect(fields('5" pipe,x\r\n')).toEqual([['5" pipe', 'x']]);
  });

  it('reads nothing from an empty text', () => {
    expect(parse('')).toEqual([]);
    expect(parse('\uFEFF')).toEqual([]);
    expect(parse('\r\n\r\n')).toEqual([]);
  });
});

describe('csvField and csvRow', () => {
  it('quote only when needed', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(false)).toBe('false');
  });

  it('end records with CRLF', () => {
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('round-trip through the parser', () => {
    const records = [
      ['Handle', 'Description', 'Note'],
      ['x', '<p>A "quoted", comma\r\nand a new line</p>', ''],
      ['y', 'ünïcödé ✓', ' spaces '],
      ['z', '"', '\n'],
    ];
    const text = records.map(csvRow).join('');
    expect(fields(text)).toEqual(records);
    expect(fields(`\uFEFF${text}`)).toEqual(records);
  });
});
