import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Generated, type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database';

/**
 * Group commit on SQLite (src/server/db/group-commit.ts), on a real database file, checked from a second
 * connection: what a transaction's `execute` resolved is committed (another connection sees it), whatever
 * else shared its COMMIT.
 */

interface Scratch {
  db: Db;
  kysely: Kysely<Tables>;
  /** Another connection to the same file: sees only what is committed. */
  other: SqliteDatabase.Database;
  commits: () => number;
}

interface Tables {
  notes: { id: Generated<number>; text: string; parent: number | null };
}

const opened: Scratch[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const scratch of opened.splice(0)) {
    scratch.other.close();
    await scratch.db.close();
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function scratch(): Promise<Scratch> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-group-commit-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.sqlite');
  const db = openDatabase(`sqlite:${file}`);
  const kysely = db.kysely as unknown as Kysely<Tables>;
  // A deferred foreign key is checked at COMMIT: the way to make a COMMIT fail on purpose.
  await sql`create table notes (
    id integer primary key,
    text text not null unique,
    parent integer references notes (id) deferrable initially deferred
  )`.execute(kysely);
  let commits = 0;
  db.onCommit?.(() => commits++);
  const other = new SqliteDatabase(file, { readonly: true });
  const made: Scratch = { db, kysely, other, commits: () => commits };
  opened.push(made);
  return made;
}

const committedTexts = (s: Scratch) =>
  (s.other.prepare('select text from notes order by id').all() as { text: string }[]).map((r) => r.text);

/** A transaction that takes a few turns of the event loop, as a request's does. */
function write(s: Scratch, text: string, options: { fail?: boolean; parent?: number } = {}) {
  return s.kysely.transaction().execute(async (trx) => {
    await new Promise((resolve) => setImmediate(resolve));
    await trx
      .insertInto('notes')
      .values({ text, parent: options.parent ?? null })
      .execute();
    await new Promise((resolve) => setImmediate(resolve));
    if (options.fail) throw new Error(`${text} failed`);
    // Answered only once committed: the other connection sees it the moment execute resolves.
    return text;
  });
}

describe('group commit on SQLite', () => {
  it('a quiet server commits each transaction by itself', async () => {
    const s = await scratch();
    const before = s.commits();
    await write(s, 'one');
    expect(committedTexts(s)).toEqual(['one']);
    await write(s, 'two');
    expect(committedTexts(s)).toEqual(['one', 'two']);
    expect(s.commits() - before).toBe(2);
  });

  it('transactions arriving together share COMMITs, and each is answered only once its COMMIT is done', async () => {
    const s = await scratch();
    const before = s.commits();
    const texts = Array.from({ length: 40 }, (_, i) => `note ${i}`);
    const seenAtAnswer = await Promise.all(
      texts.map((text) => write(s, text).then((done) => committedTexts(s).includes(done))),
    );
    expect(seenAtAnswer).toEqual(texts.map(() => true));
    expect(committedTexts(s).sort()).toEqual([...texts].sort());
    expect(s.commits() - before).toBeLessThan(texts.length);
  });

  it('a transaction that fails takes back only its own writes, never its group', async () => {
    const s = await scratch();
    const outcomes = await Promise.allSettled([
      write(s, 'kept a'),
      write(s, 'undone', { fail: true }),
      write(s, 'kept b'),
      // A unique clash: its statement fails, and so does its transaction.
      write(s, 'kept a'),
      write(s, 'kept c'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(committedTexts(s).sort()).toEqual(['kept a', 'kept b', 'kept c']);
  });

  it('a read outside any transaction first commits the group, so it never sees a write that is not durable', async () => {
    const s = await scratch();
    const pending = write(s, 'first');
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const rows = await s.kysely.selectFrom('notes').select('text').execute();
    // Whatever the read returned is on disk by the time it answers.
    expect(committedTexts(s)).toEqual(expect.arrayContaining(rows.map((r) => r.text)));
    await pending;
    expect(committedTexts(s)).toEqual(['first']);
  });

  it('a COMMIT that fails fails every transaction of its group, and none of their writes stays', async () => {
    const s = await scratch();
    const outcomes = await Promise.allSettled([
      write(s, 'with a good neighbour'),
      // Its parent does not exist: the deferred foreign key fails the COMMIT, not the insert.
      write(s, 'orphan', { parent: 999 }),
      write(s, 'another neighbour'),
    ]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedTexts(s)).toEqual([]);
    // And the next write works as ever.
    await write(s, 'after');
    expect(committedTexts(s)).toEqual(['after']);
  });
});
