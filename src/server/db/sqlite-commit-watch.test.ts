import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { commitHeaderBytes, watchCommits } from './sqlite-commit-watch';

const dirs: string[] = [];
/** What a test opened, closed after it, newest first. */
const opened: { close(): unknown }[] = [];
afterEach(() => {
  for (const handle of opened.splice(0).reverse()) handle.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A WAL-mode file with one table, as the app opens it, and a header buffer to read into. */
function walFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-commit-watch-'));
  dirs.push(dir);
  const file = path.join(dir, 'fridge.sqlite');
  const watched = new SqliteDatabase(file);
  watched.pragma('journal_mode = WAL');
  watched.exec('create table t (n integer)');
  return { file, watched };
}

const header = () => Buffer.alloc(commitHeaderBytes);

/** A WAL-mode file watched, and a second connection to it: all closed after the test. */
function watchedFile() {
  const { file, watched } = walFile();
  opened.push(watched);
  const watch = watchCommits(watched);
  if (!watch) throw new Error('expected a watch on a WAL-mode file');
  opened.push(watch);
  const other = new SqliteDatabase(file);
  opened.push(other);
  return { file, watched, watch, other };
}

describe('watchCommits: what the wal-index header says about commits', () => {
  it('stays the same while nothing is committed, reads and an empty transaction included', () => {
    const { watched, watch, other: reader } = watchedFile();
    const first = header();
    const second = header();
    expect(watch.read(first)).toBe(true);
    reader.prepare('select count(*) from t').get();
    watched.prepare('select count(*) from t').get();
    watched.exec('begin; rollback');
    expect(watch.read(second)).toBe(true);
    expect(second.equals(first)).toBe(true);
  });

  it('changes with every commit, by this connection, another connection, or another process', () => {
    const { file, watched, watch, other } = watchedFile();
    const seen: Buffer[] = [];
    const look = () => {
      const now = header();
      expect(watch.read(now)).toBe(true);
      for (const earlier of seen) expect(now.equals(earlier)).toBe(false);
      seen.push(now);
    };
    look();
    watched.prepare('insert into t values (1)').run();
    look();
    other.prepare('insert into t values (2)').run();
    look();
    // A dashboard or a script: a process of its own, with SQLite's own locks and nothing of this one's.
    execFileSync(
      process.execPath,
      [
        '-e',
        `new (require('better-sqlite3'))(${JSON.stringify(file)}).prepare('insert into t values (3)').run()`,
      ],
      { cwd: process.cwd() },
    );
    look();
    // A write rolled back leaves it as it was: nothing became visible.
    watched.exec('begin; insert into t values (4); rollback');
    const afterRollback = header();
    expect(watch.read(afterRollback)).toBe(true);
    expect(afterRollback.equals(seen.at(-1) as Buffer)).toBe(true);
  });

  it('is not there without a wal-index: a rollback journal, a database in memory', () => {
    const { file, watched } = walFile();
    watched.close();
    const journal = new SqliteDatabase(file);
    journal.pragma('journal_mode = DELETE');
    const memory = new SqliteDatabase(':memory:');
    try {
      expect(watchCommits(journal)).toBeNull();
      expect(watchCommits(memory)).toBeNull();
    } finally {
      journal.close();
      memory.close();
    }
  });

  it("the app's SQLite handle carries one, closed with it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-commit-watch-'));
    dirs.push(dir);
    const db = openDatabase(`sqlite:${path.join(dir, 'fridge.sqlite')}`);
    const watch = db.commitWatch;
    if (!watch) throw new Error('expected the app to open SQLite in WAL mode with a commit watch');
    db.sqlite?.exec('create table t (n integer)');
    expect(watch.read(header())).toBe(true);
    await db.close();
    expect(watch.read(header())).toBe(false);
  });
});
