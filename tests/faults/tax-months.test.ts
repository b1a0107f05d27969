import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryCheckout } from '../../src/shared/staff-types';
import type { TaxReport } from '../../src/shared/tax';
import type { ServerProcess } from '../support/server-process';
import { type System, startPostgresSystem, startSqliteSystem } from './systems';

const libfaketime = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const hourMs = 60 * 60 * 1000;
/** Bangkok is UTC+7 all year (the settings' default zone). */
const bangkokMs = 7 * hourMs;

/**
 * Months that stay filed (issue 57) with the server's own clock moved, not the app's: libfaketime makes the
 * built server believe it is 23:30 on the last day of this month in Bangkok, then 10:00 on the 3rd of the next
 * (the offset file is read again at every call, FAKETIME_NO_CACHE). A sale of the last day voided on the 3rd
 * issues a credit note in the new month and leaves the sale's month as it was; on SQLite and on two servers
 * over PostgreSQL. `npm run build` first (the suite runs dist/).
 */
describe('a void after the month ended, under a moved wall clock', () => {
  let system: System | undefined;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-faults-tax-'));
  const offsetFile = path.join(folder, 'offset');
  afterEach(async () => {
    await system?.dispose();
    system = undefined;
  });

  /** 00:00 on the 1st of next month in Bangkok, as a UTC instant, and that month and this one as YYYY-MM. */
  const nextMonth = () => {
    const local = new Date(Date.now() + bangkokMs);
    const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - bangkokMs;
    const month = (at: number) => new Date(at + bangkokMs).toISOString().slice(0, 7);
    return { start, ended: month(start - hourMs), current: month(start) };
  };
  /** The fake clock at `at`: libfaketime's offset from the real clock, in seconds. */
  const setClock = (at: number) => {
    const seconds = Math.round((at - Date.now()) / 1000);
    fs.writeFileSync(offsetFile, `${seconds >= 0 ? '+' : ''}${seconds}\n`);
  };

  for (const start of [startSqliteSystem, startPostgresSystem]) {
    it(`${start === startSqliteSystem ? 'SQLite' : 'PostgreSQL'}: the sale's month keeps its totals; the credit note is the new month's`, async () => {
      const month = nextMonth();
      setClock(month.start - hourMs / 2);
      system = await start({
        env: {
          LD_PRELOAD: libfaketime,
          FAKETIME_TIMESTAMP_FILE: offsetFile,
          FAKETIME_NO_CACHE: '1',
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
        },
      });
      const servers = system.servers;
      const server = servers[servers.length - 1] as ServerProcess;
      const call = async (method: string, url: string, cookie: string, body?: unknown) =>
        fetch(`${server.baseURL}${url}`, {
          method,
          headers: { cookie, origin: server.baseURL, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const signIn = async () => {
        const response = await call('POST', '/api/session', '', { password: server.adminPassword });
        expect(response.status).toBe(204);
        return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      };
      let cookie = await signIn();
      const drinks = (await (await call('GET', '/api/drinks', cookie)).json()) as { id: number }[];
      const recorded = await call('POST', '/api/checkouts', cookie, {
        bungalow: 3,
        items: [{ drinkId: drinks[0]?.id ?? 0, missing: 2 }],
      });
      expect(recorded.status, await recorded.clone().text()).toBe(201);
      const sale = (await recorded.json()) as HistoryCheckout;
      const yymm = (m: string) => `${m.slice(2, 4)}${m.slice(5, 7)}`;
      expect(sale.document?.number).toBe(`ABB${yymm(month.ended)}-00001`);
      const report = async (m: string) =>
        (await (await call('GET', `/api/tax/documents?month=${m}`, cookie)).json()) as TaxReport;
      const before = await report(month.ended);

      // 10:00 on the 3rd: the sale voided. A new sign-in: the session idled out over the jump.
      setClock(month.start + 2 * 24 * hourMs + 10 * hourMs);
      cookie = await signIn();
      const voided = await call('POST', `/api/checkouts/${sale.id}/void`, cookie, {
        reason: 'Guest returned the bottles',
      });
      expect(voided.status, await voided.clone().text()).toBe(200);

      const after = await report(month.ended);
      expect(after.totals).toEqual(before.totals);
      expect(after.documents).toMatchObject([{ number: sale.document?.number, status: 'issued' }]);
      const current = await report(month.current);
      expect(current.documents).toMatchObject([
        {
          number: `CN${yymm(month.current)}-00001`,
          type: 'cn',
          adjusts: sale.document?.number,
          total: sale.total * 100,
        },
      ]);
      expect(current.totals.vat).toBe(-(sale.document?.vat ?? 0));
      const notes = (
        (await (await call('GET', `/api/checkouts/${sale.id}`, cookie)).json()) as HistoryCheckout
      ).notes;
      expect(notes?.map((note) => note.number)).toEqual([`CN${yymm(month.current)}-00001`]);
    });
  }
});
