import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { hashPassword } from '../../src/server/auth/password';
import { type DatabaseTemplate, type ServerProcess, startServer } from './server-process';

/**
 * The generated password's hash stored again at a sixteenth of the production cost (N=2^13, as the in-process
 * apps' in test-app.ts): a hash carries its parameters and the server verifies with them, so every sign-in of
 * every e2e test runs the same code, without 0.4 s of scrypt each (hundreds a run on two cores). The production
 * cost of a hash the server makes is asserted by src/server/auth/password.test.ts.
 */
async function storeCheaperHash(file: string, password: string): Promise<void> {
  const hash = await hashPassword(password, { N: 2 ** 13 });
  const db = new Database(file);
  try {
    const changed = db
      .prepare("update settings set value = ? where key = 'admin_password_hash'")
      .run(hash).changes;
    if (changed !== 1) throw new Error('The template holds no admin password hash to replace');
  } finally {
    db.close();
  }
}

/**
 * Servers on fresh databases for one Playwright worker's tests (docs/decisions/102-e2e-servers-from-a-template.md).
 * The first start of the real server makes the template: it migrates, seeds and stores the hash of the password
 * it generates. Every later server starts on a copy of that file, so it neither migrates nor hashes the password
 * (scrypt at full cost) again; and the next test's server starts as this test ends.
 */
export class ServerSupply {
  private next: Promise<ServerProcess> | undefined;

  private constructor(
    private readonly template: DatabaseTemplate,
    private readonly folder: string,
  ) {}

  static async open(): Promise<ServerSupply> {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-check-template-'));
    // Its shutdown backup goes elsewhere: the template's folder is copied for every test.
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-check-template-backups-'));
    const first = await startServer({ dataDir: folder, adminPassword: null, env: { BACKUP_DIR: backups } });
    const code = await first.stop();
    fs.rmSync(backups, { recursive: true, force: true });
    if (code !== 0) throw new Error(`The template's server stopped with ${code}:\n${first.output()}`);
    // A clean stop leaves every write in the file itself: a write-ahead log left beside it would be lost.
    const leftovers = fs.readdirSync(folder).filter((name) => name !== 'fridge.sqlite');
    if (leftovers.length > 0)
      throw new Error(`The template's folder holds more than the database: ${leftovers}`);
    const file = path.join(folder, 'fridge.sqlite');
    await storeCheaperHash(file, first.adminPassword);
    return new ServerSupply({ file, adminPassword: first.adminPassword }, folder);
  }

  /** A server of its own for one test: the one started at the end of the test before, or a new one. */
  async take(): Promise<ServerProcess> {
    const spare = this.next;
    this.next = undefined;
    // A spare that failed to start: one more try, whose error is the test's.
    return (await spare?.catch(() => undefined)) ?? (await this.start());
  }

  /**
   * Starts the next test's server while this one's stops and the next test's browser context opens. Not
   * earlier: its start would take CPU from a test's own waits (a login's scrypt against a 7 s expect).
   */
  startNext(): void {
    if (this.next) return;
    this.next = this.start();
    // Its failure belongs to the test that takes it.
    this.next.catch(() => {});
  }

  private start(): Promise<ServerProcess> {
    return startServer({ databaseTemplate: this.template });
  }

  async close(): Promise<void> {
    const spare = await this.next?.catch(() => undefined);
    this.next = undefined;
    await spare?.stop();
    fs.rmSync(this.folder, { recursive: true, force: true });
  }
}
