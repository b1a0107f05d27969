/**
 * JSON with object keys sorted at every depth and no spaces, so the same event always hashes the same,
 * whichever database or key order it came from. Undefined values are dropped, as JSON.stringify does.
 * Loops and one string, not entries, filters and joins: every audited write makes it for each of its events,
 * and on SQLite that was a measurable part of a checkout (bench section 13).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ',';
      out += canonicalJson(value[index] ?? null);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  // The default sort orders by UTF-16 code units, as `<` does.
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}
