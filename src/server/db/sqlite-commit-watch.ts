import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';

/**
 * SQLite's wal-index header (https://www.sqlite.org/walformat.html, "2.1. The WAL-Index Header"): the `-shm`
 * file begins with two copies of a 48-byte header. Its `iChange` counts the transactions committed, and its
 * `mxFrame` and salts say where the log ends. Every commit, by any connection of any process, writes it anew
 * (the second copy, then the first) before it lets the write lock go; a checkpoint leaves it as it was.
 */
const HEADER_BYTES = 48;
/** `iVersion`, the header's first field: the wal-index format this reading knows. */
const WAL_INDEX_FORMAT = 3007000;
/** `isInit`, byte 12: 1 once a connection has built the wal-index. */
const IS_INIT_AT = 12;

export interface CommitWatch {
  /**
   * Reads the header into `into` (48 bytes): true when it can be trusted, false when not (a commit is being
   * written, or there is no WAL yet). Two trusted reads with equal bytes mean nothing was committed between
   * them, by anyone.
   */
  read(into: Buffer): boolean;
  close(): void;
}

/**
 * Whether anything was committed to a SQLite file since an earlier look, for one read syscall (`pread` of the
 * shared-memory file, which SQLite itself maps), where asking SQLite (a statement's read transaction: four
 * `fcntl` locks) costs several times more. Null for a database not in WAL mode, where there is no wal-index:
 * the caller asks SQLite every time.
 */
export function watchCommits(database: SqliteDatabase.Database): CommitWatch | null {
  if (database.memory) return null;
  const mode = String(database.pragma('journal_mode', { simple: true })).toLowerCase();
  if (mode !== 'wal') return null;
  const file = `${path.resolve(database.name)}-shm`;
  const readFormat = os.endianness() === 'LE' ? Buffer.prototype.readUInt32LE : Buffer.prototype.readUInt32BE;
  const both = Buffer.alloc(HEADER_BYTES * 2);
  let fd: number | undefined;
  let closed = false;
  return {
    read(into) {
      if (closed) return false;
      try {
        // Opened at the first read: SQLite makes the file at the connection's first transaction.
        fd ??= fs.openSync(file, 'r');
        if (fs.readSync(fd, both, 0, both.length, 0) !== both.length) return false;
      } catch {
        return false;
      }
      // A writer is between the two copies: not a state to compare with. SQLite's own readers retry; asking
      // SQLite is the retry here.
      if (both.compare(both, HEADER_BYTES, HEADER_BYTES * 2, 0, HEADER_BYTES) !== 0) return false;
      if (readFormat.call(both, 0) !== WAL_INDEX_FORMAT || both[IS_INIT_AT] !== 1) return false;
      both.copy(into, 0, 0, HEADER_BYTES);
      return true;
    },
    close() {
      closed = true;
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
    },
  };
}

export const commitHeaderBytes = HEADER_BYTES;
