import { createHmac, randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { erasedGuestName } from '../../shared/privacy';
import { likeContains } from '../db/like';
import type { Database } from '../db/tables';

/**
 * Free text staff type (a void's reason, a write-off's note, an erase's reason) kept beside the chain, as a
 * guest's values are (decision 120; here decision 168): the audit event holds a token `{text, hmac}`, the HMAC
 * of the text under its own random key, and the text sits in `audit_texts`. A reason may name a guest
 * ("Mia Chen disputed the minibar"): an erase then takes the guest's name and email out of every text and
 * drops those texts' keys, which changes no event (the chain hashes the token) and leaves no commitment to
 * test a guess against. Readers (the Activity page, exports, webhooks) see the text as it is now.
 */

type Writer = Transaction<Database> | Kysely<Database>;

/** What stands in an audit event where a staff member's free text was. */
export interface TextToken {
  text: string;
  hmac: string;
}

const textRefOf = (id: number) => `text:${id}`;
const textIdOf = (ref: string): number | null => {
  const match = /^text:([1-9][0-9]{0,15})$/.exec(ref);
  return match ? Number(match[1]) : null;
};

export function isTextToken(value: unknown): value is TextToken {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const token = value as Record<string, unknown>;
  return (
    Object.keys(value).length === 2 &&
    typeof token.text === 'string' &&
    typeof token.hmac === 'string' &&
    textIdOf(token.text) !== null
  );
}

/** Stores one text beside the chain and answers the token its event holds in the text's place. */
export async function staffTextToken(trx: Transaction<Database>, value: string): Promise<TextToken> {
  const key = randomBytes(32).toString('base64url');
  const { id } = await trx
    .insertInto('audit_texts')
    .values({ commit_key: key, value })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hmac = createHmac('sha256', Buffer.from(key, 'base64url')).update(value, 'utf8').digest('hex');
  return { text: textRefOf(Number(id)), hmac };
}

function collect(value: unknown, into: Set<number>) {
  if (isTextToken(value)) {
    const id = textIdOf(value.text);
    if (id !== null) into.add(id);
    return;
  }
  if (Array.isArray(value)) for (const item of value) collect(item, into);
  else if (value !== null && typeof value === 'object')
    for (const inner of Object.values(value)) collect(inner, into);
}

function replace(value: unknown, texts: Map<number, string>): unknown {
  if (isTextToken(value)) return texts.get(textIdOf(value.text) ?? 0) ?? '';
  if (Array.isArray(value)) return value.map((item) => replace(item, texts));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, replace(inner, texts)]));
}

/** Details with every text token replaced by its text as it is now (one read for all the details given). */
export async function revealStaffTexts<T>(kysely: Writer, details: T[]): Promise<T[]> {
  const ids = new Set<number>();
  for (const item of details) collect(item, ids);
  if (ids.size === 0) return details;
  const texts = new Map<number, string>();
  const list = [...ids];
  for (let i = 0; i < list.length; i += 500) {
    const rows = await kysely
      .selectFrom('audit_texts')
      .select(['id', 'value'])
      .where('id', 'in', list.slice(i, i + 500))
      .execute();
    for (const row of rows) texts.set(Number(row.id), row.value);
  }
  return details.map((item) => replace(item, texts) as T);
}

/** A stored JSON text of details, its text tokens revealed; read as is when it holds none (no parse). */
export async function revealStaffTextsInJson(kysely: Writer, json: string[]): Promise<string[]> {
  const marked = json.map((text) => text.includes('"text":"text:'));
  if (!marked.some(Boolean)) return json;
  const parsed = json.map((text, i) => (marked[i] ? (JSON.parse(text) as unknown) : null));
  const revealed = await revealStaffTexts(kysely, parsed);
  return json.map((text, i) => (marked[i] ? JSON.stringify(revealed[i]) : text));
}

/** Every occurrence of any of `values` in `text`, ignoring case, replaced by "Erased guest". */
export function withoutValues(text: string, values: readonly string[]): string {
  let out = text;
  for (const value of [...values].filter((v) => v.length > 0).sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), erasedGuestName);
  }
  return out;
}

/** A void's reason, a cancelled tax document's reason, a write-off's note: staff's text on the row itself. */
const textColumns = [
  ['checkouts', 'void_reason'],
  ['tax_documents', 'reason'],
  ['stock_write_offs', 'note'],
] as const satisfies readonly {
  [T in keyof Database]: readonly [T, keyof Database[T] & string];
}[keyof Database][];

/**
 * An erase's part in the staff's texts: each text naming one of `values` (the guest's names and email, any
 * case) has them replaced by "Erased guest" and its key dropped; so do the texts kept on their rows
 * (`textColumns`). Answers how many texts changed.
 */
export async function eraseFromStaffTexts(
  trx: Transaction<Database>,
  values: readonly string[],
): Promise<number> {
  const wanted = [...new Set(values.map((value) => value.trim()).filter((value) => value.length >= 2))];
  if (wanted.length === 0) return 0;
  // SQLite's lower() folds ASCII only: the exact spelling is looked for too, and the regex decides.
  const naming = (column: string) =>
    sql<boolean>`(${sql.join(
      wanted.flatMap((value) => [
        sql`lower(${sql.ref(column)}) like ${likeContains(value.toLowerCase())} escape '!'`,
        sql`${sql.ref(column)} like ${likeContains(value)} escape '!'`,
      ]),
      sql` or `,
    )})`;
  let changed = 0;
  const texts = await trx.selectFrom('audit_texts').select(['id', 'value']).where(naming('value')).execute();
  for (const row of texts) {
    const value = withoutValues(row.value, wanted);
    if (value === row.value) continue;
    await trx.updateTable('audit_texts').set({ value, commit_key: null }).where('id', '=', row.id).execute();
    changed += 1;
  }
  // The same texts where they are kept on their own rows.
  for (const [table, column] of textColumns) {
    const rows = await sql<{ id: number; value: string }>`select id, ${sql.ref(column)} as value
      from ${sql.table(table)} where ${sql.ref(column)} is not null and ${naming(column)}`.execute(trx);
    for (const row of rows.rows) {
      const value = withoutValues(row.value, wanted);
      if (value !== row.value) {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where id = ${row.id}`.execute(
          trx,
        );
      }
    }
  }
  return changed;
}
