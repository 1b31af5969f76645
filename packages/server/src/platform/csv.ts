/**
 * RFC 4180 CSV. Reading: fields separated by commas, records by CRLF (a bare LF or CR is accepted too), a
 * field holding a comma, quote or line break enclosed in double quotes with inner quotes doubled; a leading
 * byte-order mark is dropped and empty lines are skipped. Writing: CRLF after every record, a field quoted
 * only when it must be.
 */

export interface CsvRecord {
  fields: string[];
  /** The 1-based line the record starts on (line breaks inside quoted fields count). */
  line: number;
  /** Set when the record is malformed; `fields` then holds what could be read. */
  error?: string;
}

/** Splits CSV text into records. Never throws: a malformed record carries an `error`. */
export function* parseCsv(text: string): Generator<CsvRecord> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  let line = 1;
  while (i < n) {
    const start = line;
    // An empty line (or the line break ending the file) is no record.
    if (text[i] === '\r' || text[i] === '\n') {
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      continue;
    }
    const fields: string[] = [];
    let error: string | undefined;
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i++;
        let closed = false;
        while (i < n) {
          const c = text[i]!;
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (c === '\r' || c === '\n') {
            line++;
            if (c === '\r' && text[i + 1] === '\n') {
              value += '\r\n';
              i += 2;
              continue;
            }
          }
          value += c;
          i++;
        }
        if (!closed) {
          fields.push(value);
          yield { fields, line: start, error: 'a quoted field is not closed before the end of the file' };
          return;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          error ??= `unexpected text after the closing quote of field ${fields.length + 1}`;
          // Keep the stray text so that nothing is silently lost from the field.
          while (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') value += text[i++];
        }
      } else {
        const from = i;
        while (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') i++;
        value = text.slice(from, i);
      }
      fields.push(value);
      if (i < n && text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (i < n) {
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
    }
    yield error ? { fields, line: start, error } : { fields, line: start };
  }
}

export type CsvValue = string | number | boolean | null | undefined;

/** One field: quoted when it holds a comma, a quote or a line break, or starts or ends with a space. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** One record, CRLF-terminated. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
