/**
 * A strict RFC 4180 reader for the export tests, written apart from the server's writer: records end
 * with CRLF (a bare CR or LF outside quotes is an error), a quoted field doubles its quotes, and an
 * unquoted empty field is null while a quoted one is '' (docs/api.md, "CSV exports").
 */
export function parseCsv(text: string): (string | null)[][] {
  const records: (string | null)[][] = [];
  let record: (string | null)[] = [];
  let i = 0;
  const fail = (why: string) => {
    throw new Error(`CSV: ${why} at ${i}: ${JSON.stringify(text.slice(Math.max(0, i - 20), i + 20))}`);
  };
  if (text.length === 0) return records;
  for (;;) {
    let field: string | null;
    if (text[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) fail('unterminated quoted field');
        value += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      field = value;
    } else {
      let end = i;
      while (end < text.length && !',\r\n"'.includes(text[end])) end++;
      if (text[end] === '"') fail('a quote inside an unquoted field');
      field = end === i ? null : text.slice(i, end);
      i = end;
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
      if (i === text.length) return records;
      continue;
    }
    fail(i === text.length ? 'a last record without CRLF' : 'a bare CR or LF, or text after a quoted field');
  }
}

/** The records of a CSV as objects by the header row's names (the first record). */
export function csvObjects(text: string): { header: string[]; rows: Record<string, string | null>[] } {
  const [header, ...records] = parseCsv(text);
  if (!header) throw new Error('CSV: no header row');
  for (const [n, r] of records.entries())
    if (r.length !== header.length) throw new Error(`CSV: record ${n + 1} has ${r.length} fields, the header ${header.length}`);
  return { header: header.map(String), rows: records.map((r) => Object.fromEntries(header.map((h, k) => [String(h), r[k]]))) };
}
