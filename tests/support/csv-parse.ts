/**
 * A strict RFC 4180 reader for tests: quoted fields with doubled quotes, commas and line breaks inside,
 * CRLF row ends. Written here (not the app's writer run backwards) so a writer bug cannot hide itself.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
        const after = text[i];
        if (after !== ',' && after !== '\r' && after !== undefined) {
          throw new Error(`Text after a closing quote at ${i}`);
        }
      } else {
        field += ch;
        i += 1;
      }
    } else if (ch === '"') {
      if (field !== '') throw new Error(`A quote inside an unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (ch === '\n' || ch === '\r') {
      throw new Error(`A bare line break at ${i}: rows must end in CRLF`);
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted) throw new Error('Unterminated quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
