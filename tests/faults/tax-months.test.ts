import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryCheckout } from '../../src/shared/staff-types';
import type { TaxReport } from '../../src/shared/tax';
import type { ServerProcess } from '../support/server-process';
import { bangkokNextMonth, fakeClock, type System, startPostgresSystem, startSqliteSystem } from './systems';

const hourMs = 60 * 60 * 1000;

/**
 * Months that stay filed (issue 57) with the server's own clock moved, not the app's: libfaketime makes the
 * built server believe it is 23:30 on the last day of this month in Bangkok, then 10:00 on the 3rd of the next
 * (the offset file is read again at every call, FAKETIME_NO_CACHE). A sale of the last day voided on the 3rd
 * issues a credit note in the new month and leaves the sale's month as it was; on SQLite and on two servers
 * over PostgreSQL. `npm run build` first (the suite runs dist/).
 */
describe('a void after the month ended, under a moved wall clock', () => {
  let system: System | undefined;
  const clock = fakeClock();
  afterEach(async () => {
    await system?.dispose();
    system = undefined;
  });

  for (const start of [startSqliteSystem, startPostgresSystem]) {
    it(`${start === startSqliteSystem ? 'SQLite' : 'PostgreSQL'}: the sale's month keeps its totals; the credit note is the new month's`, async () => {
      const month = bangkokNextMonth();
      clock.setTo(month.start - hourMs / 2);
      system = await start({ env: clock.env });
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
      clock.setTo(month.start + 2 * 24 * hourMs + 10 * hourMs);
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
