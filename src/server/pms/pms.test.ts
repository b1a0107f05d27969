import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type PmsUnderTest, standIns } from '../../../tests/pms/stand-ins';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { seller } from '../../../tests/support/tax-parties';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { until } from '../../../tests/support/until';
import { startWebhookReceiver } from '../../../tests/support/webhook-receiver';
import type { AuditPage } from '../../shared/audit-types';
import { localDayOf } from '../../shared/local-days';
import {
  type PmsConnection,
  type PmsMappingProposal,
  type PmsPosting,
  pmsDefaultApiUrls,
} from '../../shared/pms-types';
import { parseConfig } from '../config';
import { createLogger } from '../logger';
import { createPmsPoster } from './pms-poster';

/** Retries within a test (the real schedule is 5 s, 5 min, … 10 h). */
const fastRetries = {
  // The stand-in runs on this machine: the resort names it, as for a webhook receiver on its own network.
  webhooks: {
    ...parseConfig({}).webhooks,
    retryDelaysMs: [100, 200, 300],
    leaseMs: 5_000,
    allowedHosts: ['127.0.0.1'],
  },
};
/** How long a test waits for the poster (two databases, several PMS round trips). */
const posterWaitMs = 15_000;

// The same scenarios for each PMS kind, on each database: tests/pms/stand-ins.ts gives each stand-in one face.
for (const standIn of standIns)
  describeEachDatabase(`PMS: ${standIn.label}`, ({ fresh, dialect }) => {
    let t: TestApp;
    let owner: string;
    let pms: PmsUnderTest;
    /** Every answer's text, to look for the secrets in. */
    const answered: string[] = [];
    let drinks: Record<string, number> = {};

    const call = async (method: string, path: string, body?: unknown, cookie = owner) => {
      const response = await t.request(method, path, { cookie, ...(body !== undefined ? { body } : {}) });
      const text = await response.text();
      answered.push(text);
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };
    const send = async (bungalow: number, cart: Record<string, number>, checkId: string = randomUUID()) => {
      const response = await t.request('POST', '/api/checkouts', {
        body: {
          bungalow,
          checkId,
          items: Object.entries(cart).map(([name, missing]) => ({ drinkId: drinks[name], missing })),
        },
      });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      return { ...((await response.json()) as { id: number; total: number }), checkId };
    };
    const posting = async (checkoutId: number): Promise<PmsPosting | undefined> =>
      ((await call('GET', '/api/pms/postings')).body.postings as PmsPosting[]).find(
        (p) => p.checkoutId === checkoutId,
      );
    const untilPosting = (checkoutId: number, done: (p: PmsPosting | undefined) => boolean) =>
      until(() => posting(checkoutId), done, posterWaitMs);

    beforeAll(async () => {
      t = await fresh({ config: fastRetries });
      owner = await t.login();
      await setGuest(t, owner, 'Ann Guest');
      drinks = Object.fromEntries(Object.entries(await drinksByName(t)).map(([name, d]) => [name, d.id]));
      pms = await standIn.start();
      await t.pms.start();
    });
    afterAll(async () => {
      await t.pms.stop();
      await pms.close();
    });
    afterEach(() => {
      pms.setDown(false);
      pms.refuseNext(null);
      expect(pms.problems).toEqual([]);
    });
    const folio = (reference: string) => pms.posted().filter((p) => p.reference === reference);

    it('PUT /api/pms connects; the secrets are answered as set, never themselves; 401 without a session, 422 for a bad kind or a missing secret', async () => {
      expect((await call('PUT', '/api/pms', pms.connect, '')).status).toBe(401);
      const opera = await call('PUT', '/api/pms', { kind: 'opera', apiKey: 'x' });
      expect(opera.status).toBe(422);
      expect(opera.body.error.message).toContain('Kind must be cloudbeds or mews');
      const missing = await call('PUT', '/api/pms', pms.missingSecret);
      expect(missing.status).toBe(422);
      expect(missing.body.error.message).toMatch(/is required$/);
      // Another kind's field is not this kind's: named, not ignored.
      const foreign = pms.kind === 'mews' ? { apiKey: 'x' } : { serviceId: 'x' };
      expect((await call('PUT', '/api/pms', { ...pms.connect, ...foreign })).status).toBe(422);
      // A URL that is not one: the error's example is this kind's own address.
      const notUrl = await call('PUT', '/api/pms', { ...pms.connect, apiUrl: 'api.example' });
      expect(notUrl.status).toBe(422);
      expect(notUrl.body.error.message).toContain(`such as ${pmsDefaultApiUrls[pms.kind]}`);
      const saved = await call('PUT', '/api/pms', pms.connect);
      expect(saved.status).toBe(200);
      const connection: PmsConnection = saved.body.connection;
      expect(connection).toMatchObject(pms.connected);
      expect((await call('GET', '/api/pms')).body.connection).toMatchObject(pms.connected);
    });

    it('the PMS URL reaches only what a webhook may: this machine unnamed, a cloud metadata address, a private network are 422', async () => {
      const strict = await fresh({ config: { webhooks: { ...fastRetries.webhooks, allowedHosts: [] } } });
      const strictCookie = await strict.login();
      for (const apiUrl of [
        pms.url,
        'http://169.254.169.254/latest',
        'http://10.1.2.3/api',
        'http://[::1]:80/',
      ]) {
        const answer = await strict.request('PUT', '/api/pms', {
          cookie: strictCookie,
          body: { ...pms.connect, apiUrl },
        });
        expect(answer.status, apiUrl).toBe(422);
        expect((await answer.json()).error.message, apiUrl).toMatch(/cannot be the PMS's/);
      }
      expect((await strict.request('GET', '/api/pms', { cookie: strictCookie })).status).toBe(200);
      expect(
        (await (await strict.request('GET', '/api/pms', { cookie: strictCookie })).json()).connection,
      ).toBeNull();
    });

    it('POST /api/pms/test answers what the PMS said, with the right key and with a wrong one', async () => {
      expect((await call('POST', '/api/pms/test', {})).body).toEqual({ ok: true, message: pms.testAnswer });
      expect((await call('PUT', '/api/pms', pms.wrongSecret)).status).toBe(200);
      const wrong = (await call('POST', '/api/pms/test', {})).body;
      expect(wrong.ok).toBe(false);
      expect(wrong.message).toContain(pms.wrongSecretSays);
      expect((await call('PUT', '/api/pms', pms.connect)).status).toBe(200);
    });

    it('a new URL or kind without its secret is 422 secret_required, the stored one kept where it was: nothing reaches the new URL', async () => {
      const elsewhere = await startWebhookReceiver();
      try {
        const { apiKey: _k, clientToken: _c, accessToken: _a, ...withoutSecrets } = pms.connect;
        const moved = await call('PUT', '/api/pms', { ...withoutSecrets, apiUrl: elsewhere.url('/collect') });
        expect(moved.status).toBe(422);
        expect(moved.body.error.code).toBe('secret_required');
        const otherKind = standIn.label.toLowerCase().includes('mews') ? 'cloudbeds' : 'mews';
        const switched = await call('PUT', '/api/pms', {
          kind: otherKind,
          apiUrl: elsewhere.url('/collect'),
          ...(otherKind === 'mews' ? { serviceId: 'svc' } : {}),
        });
        expect(switched.status).toBe(422);
        expect(switched.body.error.code).toBe('secret_required');
        // Nothing changed: the test goes to the PMS it was given for, with its key, and nothing to the new URL.
        expect((await call('POST', '/api/pms/test', {})).body).toEqual({ ok: true, message: pms.testAnswer });
        expect(elsewhere.received).toEqual([]);
        // Sent again with the new URL, the secret goes there: the manager typed it.
        expect((await call('PUT', '/api/pms', { ...pms.connect, apiUrl: pms.url })).status).toBe(200);
      } finally {
        await elsewhere.close();
      }
    });

    it('the mappings are proposed by room number and drink name, and saved as corrected by hand', async () => {
      const proposed: PmsMappingProposal = (await call('POST', '/api/pms/mappings/propose', {})).body;
      expect(proposed.rooms).toEqual(pms.rooms.map((room, i) => ({ bungalow: 11 + i, ...room })));
      expect(proposed.items.find((i) => i.drinkId === drinks.Chang)?.itemCode).toBe('CHANG');
      // By hand: Coke's code is the PMS's own.
      const items = proposed.items.map((i) =>
        i.drinkId === drinks.Coke ? { ...i, itemCode: 'SOFT-COKE' } : i,
      );
      const saved = await call('PUT', '/api/pms/mappings', { rooms: proposed.rooms, items });
      expect(saved.status).toBe(200);
      expect(saved.body.items.find((i: { drinkId: number }) => i.drinkId === drinks.Coke).itemCode).toBe(
        'SOFT-COKE',
      );
      expect(
        (await call('PUT', '/api/pms/mappings', { rooms: [], items: [{ drinkId: 99999, itemCode: 'X' }] }))
          .status,
      ).toBe(422);
    });

    it('a checkout reaches the folio once with its items, amounts and reference; a revision voids and posts again; a void voids', async () => {
      const first = await send(12, { Chang: 2, Coke: 1 });
      const posted = await untilPosting(first.id, (p) => p?.state === 'posted');
      expect(posted).toMatchObject({
        reservationId: pms.reservationId,
        reference: `FC-${first.id}`,
        postedTotal: first.total,
      });
      const onFolio = folio(`FC-${first.id}`);
      expect(onFolio).toHaveLength(1);
      expect(onFolio[0]?.lines).toMatchObject([
        { code: 'CHANG', name: 'Chang', quantity: 2 },
        { code: 'SOFT-COKE', name: 'Coke', quantity: 1 },
      ]);
      const sum = (onFolio[0]?.lines ?? []).reduce((s, line) => s + line.total, 0);
      expect(sum).toBe(first.total);

      const revised = await send(12, { Chang: 1 }, first.checkId);
      await untilPosting(first.id, (p) => p?.reference === `FC-${first.id}-2`);
      expect(folio(`FC-${first.id}`)[0]?.voided).toBe(true);
      const second = folio(`FC-${first.id}-2`);
      expect(second).toHaveLength(1);
      expect(second[0]?.lines).toMatchObject([{ name: 'Chang', quantity: 1 }]);
      expect((await posting(first.id))?.postedTotal).toBe(revised.total);

      expect(
        (await call('POST', `/api/checkouts/${first.id}/void`, { reason: 'counted wrong' })).status,
      ).toBe(200);
      await untilPosting(first.id, (p) => p?.state === 'voided');
      expect(pms.posted().filter((f) => f.reference?.startsWith(`FC-${first.id}`) && !f.voided)).toEqual([]);
    });

    it('the PMS down, then back: the checkout is posted once, and later ones wait behind it in order', async () => {
      pms.setDown(true);
      const a = await send(12, { Chang: 1 });
      const b = await send(12, { Coke: 1 });
      const down = await until(
        async () => (await call('GET', '/api/pms')).body.connection as PmsConnection,
        (c) => c.health.failuresInRow >= 2,
        posterWaitMs,
      );
      expect(down.health.lastError).toContain('503');
      expect(await posting(a.id)).toBeUndefined();
      pms.setDown(false);
      await untilPosting(b.id, (p) => p?.state === 'posted');
      const refs = pms.posted().map((f) => f.reference);
      expect(refs.filter((r) => r === `FC-${a.id}`)).toHaveLength(1);
      expect(refs.indexOf(`FC-${a.id}`)).toBeLessThan(refs.indexOf(`FC-${b.id}`));
      expect((await call('GET', '/api/pms')).body.connection.health).toMatchObject({
        failuresInRow: 0,
        lastError: null,
      });
    });

    it('a restart while the PMS is down: the stored wait holds, and the next server posts it once', async () => {
      pms.setDown(true);
      const c = await send(12, { Wine: 1 });
      await until(
        async () => (await call('GET', '/api/pms')).body.connection as PmsConnection,
        (connection) => connection.health.failuresInRow >= 1 && connection.health.nextAttemptAt !== null,
        posterWaitMs,
      );
      // This server stops (as at a restart); another starts on the same database.
      await t.pms.stop();
      const restarted = createPmsPoster({
        db: t.db,
        logger: createLogger('error'),
        live: t.live,
        config: fastRetries.webhooks,
      });
      pms.setDown(false);
      await restarted.start();
      try {
        await untilPosting(c.id, (p) => p?.state === 'posted');
        expect(folio(`FC-${c.id}`)).toHaveLength(1);
      } finally {
        await restarted.stop();
        await t.pms.start();
      }
    });

    it('a refused post shows with the PMS reason and is posted again from the desk (audit pms.post_again)', async () => {
      pms.refuseNext('Folio is closed for this reservation');
      const c = await send(12, { Chang: 3 });
      const failed = await untilPosting(c.id, (p) => p?.state === 'failed');
      expect(failed?.reason).toBe(`${pms.says}Folio is closed for this reservation`);
      // The poster's own event, for the live desk: the checkout, never the PMS's words.
      const failures: AuditPage = (await call('GET', '/api/audit?action=pms.post_failed')).body;
      const failure = failures.events.find((e) => e.subject.id === String(c.id));
      expect(failure?.actor.name).toBe('PMS poster');
      expect(JSON.stringify(failure?.details)).not.toContain('Folio is closed');
      const list = (await call('GET', '/api/pms/postings?state=failed')).body.postings as PmsPosting[];
      expect(list.map((p) => p.checkoutId)).toContain(c.id);

      expect((await call('POST', `/api/pms/postings/${c.id}/post-again`, {})).status).toBe(202);
      await untilPosting(c.id, (p) => p?.state === 'posted');
      expect(folio(`FC-${c.id}`)).toHaveLength(1);
      const audit: AuditPage = (await call('GET', '/api/audit?action=pms.post_again')).body;
      expect(audit.events.some((e) => e.subject.id === String(c.id))).toBe(true);
      expect((await call('POST', '/api/pms/postings/999999/post-again', {})).status).toBe(404);
    });

    it('no reservation in house: shown as failed, then settled outside the PMS by the desk (audit pms.settled_outside)', async () => {
      const c = await send(13, { Coke: 2 });
      const failed = await untilPosting(c.id, (p) => p?.state === 'failed');
      expect(failed?.reason).toBe('No reservation checked in to room Bungalow 13 in the PMS');
      // The history and the day's close say so too.
      expect((await call('GET', `/api/checkouts/${c.id}`)).body.pms).toEqual({
        state: 'failed',
        reason: 'No reservation checked in to room Bungalow 13 in the PMS',
        reference: null,
      });
      const today = localDayOf(new Date(t.clock.now).toISOString(), 'Asia/Bangkok');
      expect((await call('GET', `/api/days/${today}`)).body.pmsNotPosted).toContainEqual({
        checkoutId: c.id,
        bungalow: 13,
        reason: 'No reservation checked in to room Bungalow 13 in the PMS',
      });
      const settled = await call('POST', `/api/pms/postings/${c.id}/settle`, {
        note: 'Paid cash at the desk',
      });
      expect(settled.status).toBe(200);
      expect(settled.body).toMatchObject({ state: 'settled' });
      const audit: AuditPage = (await call('GET', '/api/audit?action=pms.settled_outside')).body;
      expect(audit.events.some((e) => e.subject.id === String(c.id))).toBe(true);
      expect((await call('POST', `/api/pms/postings/${c.id}/settle`, {})).status).toBe(422);
    });

    it('a drink with no PMS item mapped: failed with the drink named', async () => {
      const mappings = (await call('GET', '/api/pms/mappings')).body;
      await call('PUT', '/api/pms/mappings', {
        rooms: mappings.rooms,
        items: mappings.items.filter((i: { drinkId: number }) => i.drinkId !== drinks.Chang),
      });
      const c = await send(12, { Chang: 1, Coke: 1 });
      const failed = await untilPosting(c.id, (p) => p?.state === 'failed');
      expect(failed?.reason).toBe('No PMS item mapped for Chang');
      await call('PUT', '/api/pms/mappings', mappings);
    });

    it('two app servers post each checkout once', async () => {
      // On PostgreSQL a second app server with its own pool; SQLite is one server's database (several app servers
      // need PostgreSQL), so there a second poster in this process, with its own lease owner, races the first.
      const secondApp =
        dialect === 'postgres'
          ? await createTestApp(t.scratch, { db: t.scratch.openAnother(), config: fastRetries })
          : null;
      const second =
        secondApp?.pms ??
        createPmsPoster({
          db: t.db,
          logger: createLogger('error'),
          live: t.live,
          config: fastRetries.webhooks,
        });
      await second.start();
      try {
        const before = pms.postCalls();
        const made = [];
        for (let i = 0; i < 8; i++) made.push(await send(12, { Coke: 1 }));
        for (const c of made) await untilPosting(c.id, (p) => p?.state === 'posted');
        for (const c of made) expect(folio(`FC-${c.id}`)).toHaveLength(1);
        expect(pms.postCalls() - before).toBe(made.length);
      } finally {
        await second.stop();
        await secondApp?.db.close();
      }
    });

    it('with tax on: the VAT as the PMS takes it (Cloudbeds: net price and item tax; Mews: gross and its tax rate code), the tax document number as the reference', async () => {
      expect((await call('PUT', '/api/settings', { tax: seller })).status).toBe(200);
      try {
        const c = await send(12, { Chang: 3 });
        const posted = await untilPosting(c.id, (p) => p?.state === 'posted');
        expect(posted?.reference).toMatch(/^ABB\d{4}-\d{5}$/);
        const line = folio(posted?.reference ?? '')[0]?.lines[0];
        expect(line?.tax).toBe(pms.kind === 'mews' ? 'TH-S' : 'VAT 7%');
        // Three units with their VAT: the checkout's total to the satang.
        expect(Math.round((line?.total ?? 0) * 100)).toBe(c.total * 100);
        if (pms.kind === 'cloudbeds') expect(line?.vat).toBeGreaterThan(0);
      } finally {
        expect((await call('PUT', '/api/settings', { tax: null })).status).toBe(200);
      }
    });

    it("with tax on, a revision posts under the new document's number, as docs/pms.md says", async () => {
      expect((await call('PUT', '/api/settings', { tax: seller })).status).toBe(200);
      try {
        const c = await send(12, { Chang: 3 });
        const first = await untilPosting(c.id, (p) => p?.state === 'posted');
        const revision = (await t
          .request('POST', '/api/checkouts', {
            body: { bungalow: 12, checkId: c.checkId, items: [{ drinkId: drinks.Chang, missing: 1 }] },
          })
          .then((r) => r.json())) as { document?: { number: string } };
        const renumbered = revision.document?.number ?? '';
        expect(renumbered).toMatch(/^ABB\d{4}-\d{5}$/);
        expect(renumbered).not.toBe(first?.reference);
        const posted = await untilPosting(
          c.id,
          (p) => p?.state === 'posted' && p.reference !== first?.reference,
        );
        expect(posted?.reference).toBe(renumbered);
        expect(folio(renumbered)).toHaveLength(1);
        expect(folio(`${first?.reference}-2`)).toEqual([]);
      } finally {
        expect((await call('PUT', '/api/settings', { tax: null })).status).toBe(200);
      }
    });

    it('a renamed drink reaches the folio under its new name', async () => {
      const fanta = drinks.Fanta ?? 0;
      const rename = async (drinkName: string) =>
        expect(
          (await call('PUT', `/api/drinks/${fanta}`, { drinkName, startingQuantity: 2, price: 40 })).status,
        ).toBe(200);
      const mappings = (await call('GET', '/api/pms/mappings')).body;
      if (!mappings.items.some((i: { drinkId: number }) => i.drinkId === fanta))
        await call('PUT', '/api/pms/mappings', {
          rooms: mappings.rooms,
          items: [...mappings.items, { drinkId: fanta, itemCode: 'FANTA' }],
        });
      const before = await send(12, { Fanta: 1 });
      await untilPosting(before.id, (p) => p?.state === 'posted');
      await rename('Fanta Zero');
      try {
        // The same drink (by id): its lines carry the name it has now.
        const after = await send(12, { Fanta: 1 });
        const posted = await untilPosting(after.id, (p) => p?.state === 'posted');
        expect(folio(posted?.reference ?? '')[0]?.lines).toMatchObject([
          { code: 'FANTA', name: 'Fanta Zero' },
        ]);
        expect(folio(`FC-${before.id}`)[0]?.lines).toMatchObject([{ code: 'FANTA', name: 'Fanta' }]);
      } finally {
        await rename('Fanta');
      }
    });

    it('a check after the guest checked out in the PMS posts to the departed reservation; refused there, it is settled at the desk', async () => {
      pms.checkOut(pms.reservationId);
      try {
        const c = await send(12, { Coke: 1 });
        const posted = await untilPosting(c.id, (p) => p?.state === 'posted' || p?.state === 'failed');
        expect(posted).toMatchObject({ state: 'posted', reservationId: pms.reservationId });
        expect(folio(`FC-${c.id}`)).toHaveLength(1);

        pms.refuseNext('Folio is closed for this reservation');
        const late = await send(12, { Coke: 2 });
        const failed = await untilPosting(late.id, (p) => p?.state === 'failed');
        expect(failed).toMatchObject({ state: 'failed', settleAtDesk: true });
        expect(failed?.reason).toContain('Folio is closed for this reservation');
        // Refused while the guest is in: not the desk's to collect, the desk posts it again.
        expect(posted?.settleAtDesk).toBe(false);
      } finally {
        pms.checkIn(pms.reservationId);
      }
    });

    it('no credential in any answer, log line or audit event', async () => {
      const audit = await t.request('GET', '/api/audit/export.csv', { cookie: owner });
      const everything = [...answered, ...t.logLines, await audit.text()].join('\n');
      for (const secret of pms.secrets) expect(everything).not.toContain(secret);
    });
  });
