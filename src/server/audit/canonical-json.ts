/**
 * JSON with object keys sorted at every depth and no spaces, so the same event always hashes the same,
 * whichever database or key order it came from. Undefined values are dropped, as JSON.stringify does.
 * Loops and one string, not entries, filters and joins: every audited write makes it for each of its events,
 * and on SQLite that was a measurable part of a checkout (bench section 13).
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // What JSON.stringify writes for a number, without its generic entry (NaN and the infinities are null).
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(value) ?? 'null';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ',';
      out += canonicalJson(value[index] ?? null);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // The default sort orders by UTF-16 code units, as `<` does; most objects come with few keys, often in order.
  if (!inOrder(keys)) keys.sort();
  let out = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${quotedKey(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}

function inOrder(keys: readonly string[]): boolean {
  for (let index = 1; index < keys.length; index++) {
    if ((keys[index - 1] as string) > (keys[index] as string)) return false;
  }
  return true;
}

/** Keys as JSON strings, kept: the events' keys are a few dozen names, written on every write. */
const quotedKeys = new Map<string, string>();
const quotedKeysKept = 1000;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < quotedKeysKept) quotedKeys.set(key, quoted);
  }
  return quoted;
}
