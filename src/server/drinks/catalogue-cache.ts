import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Db } from '../db/database';
import { commitHeaderBytes } from '../db/sqlite-commit-watch';
import type { createDrinksRepo } from './drinks.repo';

/** The drink list as GET /api/drinks sends it: serialized (and compressed) once per catalogue version. */
export interface CatalogueBody {
  version: string;
  json: string;
  bytes: number;
  /** Only when compression saves something: a few drinks fit in one packet anyway. */
  gzip?: Buffer;
  brotli?: Buffer;
}

/** Below this the compressed forms are not worth keeping (one TCP packet either way). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * An in-memory copy of the catalogue that is never stale: every read first asks the database for the
 * catalogue's version token (one primary-key read; the "Drinks" triggers replace it on every write, from any
 * app server or tool), and only when it changed reads the drinks again. A write is seen by the very next read
 * on every app server, at the price of that tiny read, which is what the cache saves on: the list query, the
 * JSON and the compression.
 *
 * The version is always read before the list, so a cached list is never older than its version says; a write
 * landing in between only costs one more reload.
 */
export function createCatalogueCache(db: Db, repo: ReturnType<typeof createDrinksRepo>) {
  let cached: CatalogueBody | undefined;
  let loading: { version: string; promise: Promise<CatalogueBody> } | undefined;

  const readVersion = createVersionReader(db);

  async function load(version: string): Promise<CatalogueBody> {
    const json = JSON.stringify(await repo.list());
    const bytes = Buffer.byteLength(json);
    const body: CatalogueBody = { version, json, bytes };
    if (bytes >= COMPRESS_FROM_BYTES) {
      body.gzip = gzipSync(json, { level: constants.Z_BEST_COMPRESSION });
      body.brotli = brotliCompressSync(json, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes },
      });
    }
    cached = body;
    return body;
  }

  return {
    async current(): Promise<CatalogueBody> {
      const version = await readVersion();
      if (cached?.version === version) return cached;
      // Requests that arrive together after a write share one reload.
      if (loading?.version !== version) {
        const promise = load(version).finally(() => {
          if (loading?.promise === promise) loading = undefined;
        });
        loading = { version, promise };
      }
      return loading.promise;
    },
  };
}

export function createVersionReader(db: Db): () => Promise<string> | string {
  const missing = () => {
    throw new Error('catalogue_version has no row 1: run the database migrations (003-catalogue-version)');
  };
  const sqlite = db.sqlite;
  if (sqlite) {
    // Synchronous and prepared once: a few microseconds, where the same read through Kysely costs ten times more.
    // It may run while a Kysely transaction holds this connection and see that transaction's own change: a
    // token that is then rolled back is never issued again, so at worst that costs a reload.
    let statement: { get(): string | undefined } | undefined;
    const read = () => {
      statement ??= sqlite.prepare<[], string>('select version from catalogue_version where id = 1').pluck();
      return statement.get() ?? missing();
    };
    const watch = db.commitWatch;
    if (!watch) return read;
    // The statement's read transaction was a fifth of GET /api/drinks's CPU (docs/decisions/253): the version
    // is read again only when the wal-index header says something was committed since it was last read.
    let seen = Buffer.alloc(commitHeaderBytes);
    let now = Buffer.alloc(commitHeaderBytes);
    let seenVersion: string | undefined;
    return () => {
      // Inside this connection's own open transaction (a group of writes, docs/decisions/100) the header does not
      // move until the COMMIT: SQLite is asked, as before, and what it says is not kept (it may be rolled back).
      if (sqlite.inTransaction) return read();
      const trusted = watch.read(now);
      if (trusted && seenVersion !== undefined && now.equals(seen)) return seenVersion;
      const version = read();
      if (trusted) {
        [seen, now] = [now, seen];
        seenVersion = version;
      } else seenVersion = undefined;
      return version;
    };
  }
  const query = db.kysely.selectFrom('catalogue_version').select('version').where('id', '=', 1).compile();
  return async () => {
    const { rows } = await db.kysely.executeQuery(query);
    return rows[0]?.version ?? missing();
  };
}
