/**
 * The resort the tax samples (sample-tax-month.ts, sample-tax-story.ts) are issued in: the app in-process on a
 * scratch SQLite file, its clock moved by the script, the owner signed in and the seller's block set, so that
 * each script says only what happens in its month.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { createApp } from '../src/server/app';
import { hashPassword } from '../src/server/auth/password';
import { parseConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedOnce } from '../src/server/db/seed';
import { createLiveHub } from '../src/server/live/live-hub';
import { createLogger } from '../src/server/logger';
import { createWebhookSender } from '../src/server/webhooks/webhook-sender';
import type { TaxSettingsInput } from '../src/shared/tax-schemas';

const password = 'sample-owner-password';

export interface SampleResortOptions {
  seller: TaxSettingsInput;
  /** Set beside the seller where the sample's PDFs name the resort. */
  resortName?: string;
  /** The first day's first moment (ISO): the app's clock starts there and the owner signs in then. */
  start: string;
  /** The folder the saved documents go to. */
  out: string;
}

export async function sampleResort({ seller, resortName, start, out }: SampleResortOptions) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-resort-'));
  const db = openDatabase(`sqlite:${path.join(dir, 'sample.sqlite')}`);
  await migrateToLatest(db);
  await seedOnce(db);
  const config = parseConfig({ LOG_LEVEL: 'error' });
  const logger = createLogger('error', () => {});
  const live = createLiveHub({ db, logger });
  const clock = { now: Date.parse(start) };
  const app = createApp({
    webhooks: createWebhookSender({ db, config: config.webhooks, logger, live }),
    db,
    config,
    adminPasswordHash: await hashPassword(password, { N: 2 ** 13 }),
    logger,
    now: () => clock.now,
    live,
  });
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await app.request(url, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 400)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  /** Moves the clock and signs in again: the owner's session idles out after 30 minutes (auth/sessions.ts). */
  const at = async (iso: string) => {
    clock.now = Date.parse(iso);
    const response = await call('POST', '/api/session', { password });
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  await at(start);
  await call('PUT', '/api/guest', { name: 'Front Desk', email: 'desk@example.com' });
  await call('PUT', '/api/settings', { tax: seller, ...(resortName === undefined ? {} : { resortName }) });
  const drinks = (await (await call('GET', '/api/drinks')).json()) as { id: number; drinkName: string }[];
  const id = (name: string) => drinks.find((drink) => drink.drinkName === name)?.id ?? 0;
  const record = async (bungalow: number, cart: Record<string, number>, checkId?: string) =>
    (await (
      await call('POST', '/api/checkouts', {
        bungalow,
        ...(checkId ? { checkId } : {}),
        items: Object.entries(cart).map(([name, missing]) => ({ drinkId: id(name), missing })),
      })
    ).json()) as { id: number };
  fs.mkdirSync(out, { recursive: true });
  /** Writes `/api/tax/documents?<query>` to the out folder as `file`. */
  const save = async (query: string, file: string) => {
    const bytes = Buffer.from(await (await call('GET', `/api/tax/documents?${query}`)).arrayBuffer());
    fs.writeFileSync(path.join(out, file), bytes);
    return bytes;
  };
  const close = async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { call, at, record, save, close };
}

/** Prints a workbook's rows as read-excel-file reads them back, one line a row. */
export async function printWorkbook(name: string, bytes: Buffer) {
  console.log(`\n${name}`);
  for (const row of await readSheet(bytes)) {
    console.log(
      row
        // Baht (the 7th to 9th columns) as the workbook shows them, with two decimals.
        .map((cell, column) =>
          typeof cell === 'number' && column >= 6 && column <= 8 ? cell.toFixed(2) : (cell ?? ''),
        )
        .join(' | ')
        .replace(/( \| )+$/, ''),
    );
  }
}
