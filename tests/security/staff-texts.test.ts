import { expect, it } from 'vitest';
import { parseConfig } from '../../src/server/config';
import { erasedGuestName, type PrivacyGuest } from '../../src/shared/privacy';
import { containsValue, everyTableText } from '../support/guest-data';
import { stockSetUp } from '../support/stock';
import { createTestApp, describeEachDatabase } from '../support/test-app';
import { startWebhookReceiver } from '../support/webhook-receiver';

/**
 * What staff type is kept beside the chain and erasable (DESIGN.md, "Books no one can rewrite"; issue 49;
 * decision 168): a void's reason and a write-off's note naming a guest lose the guest's name and email when
 * the guest is erased, in the Activity, the tables and the webhooks sent after the erase; the chain verifies.
 */
describeEachDatabase('staff texts beside the chain', ({ fresh }) => {
  it('a void reason and a write-off note naming a guest: an erase takes the name and email out of them, webhooks included', async () => {
    const base = await fresh();
    const t = await createTestApp(base.scratch, {
      config: {
        webhooks: {
          ...parseConfig({}).webhooks,
          allowedHosts: ['127.0.0.1'],
          retryDelaysMs: [100, 150, 200],
        },
      },
    });
    const receiver = await startWebhookReceiver();
    await t.webhooks.start();
    try {
      const s = await stockSetUp(t);
      const { owner } = s;
      const hook = await t.request('POST', '/api/webhooks', {
        cookie: owner,
        body: { url: receiver.url('/voids'), events: ['checkout.voided', 'stock.written_off'] },
      });
      expect(hook.status, await hook.clone().text()).toBe(201);
      const { id: hookId } = (await hook.json()) as { id: number };

      const stay = await t.request('PUT', '/api/bungalows/12/stay', {
        cookie: owner,
        body: { guestName: 'Mia Chen-Li', guestEmail: 'Mia.Chen@Example.com' },
      });
      expect(stay.status, await stay.clone().text()).toBeLessThan(300);
      const charged = await s.checkout(12, { Coke: 1 });
      expect(charged.status).toBe(201);
      const { id } = (await charged.json()) as { id: number };
      const reason = 'MIA CHEN-LI disputed the Coke; mia.chen@example.com wrote to the desk';
      const voided = await t.request('POST', `/api/checkouts/${id}/void`, {
        cookie: owner,
        body: { reason },
      });
      expect(voided.status, await voided.clone().text()).toBe(200);
      await s.start({ Coke: 10 });
      const note = 'Broken by Mia Chen-Li at the pool';
      const writtenOff = await s.post('/api/stock/write-offs', {
        place: 'storeroom',
        reason: 'broken',
        note,
        lines: s.lines({ Coke: 1 }),
      });
      expect(writtenOff.status, await writtenOff.clone().text()).toBe(201);

      // Before the erase, readers see the text as typed: the Activity and the webhooks.
      const sent = await receiver.waitFor(2, { path: '/voids' });
      expect(sent.map((r) => r.json.data.details.note ?? r.json.data.details.reason)).toEqual([reason, note]);
      const activity = async () =>
        (await (await t.request('GET', '/api/audit', { cookie: owner })).json()).events as {
          action: string;
          details: Record<string, unknown>;
        }[];
      expect((await activity()).find((e) => e.action === 'checkout.voided')?.details.reason).toBe(reason);
      // The chain holds a token in the text's place.
      const stored = await t.db.kysely
        .selectFrom('audit_events')
        .select('details')
        .where('action', 'in', ['checkout.voided', 'stock.written_off'])
        .execute();
      for (const row of stored) expect(row.details).not.toMatch(/mia/i);

      const [guest] = (await (
        await t.request('GET', '/api/privacy/guests?q=mia.chen', { cookie: owner })
      ).json()) as PrivacyGuest[];
      const erased = await t.request('POST', `/api/privacy/guests/${guest?.guestRef}/erase`, {
        cookie: owner,
        body: { reason: 'Mia Chen-Li asked' },
      });
      expect(erased.status, await erased.clone().text()).toBe(200);

      const events = await activity();
      expect(events.find((e) => e.action === 'checkout.voided')?.details.reason).toBe(
        `${erasedGuestName} disputed the Coke; ${erasedGuestName} wrote to the desk`,
      );
      expect(events.find((e) => e.action === 'stock.written_off')?.details.note).toBe(
        `Broken by ${erasedGuestName} at the pool`,
      );
      expect(events.find((e) => e.action === 'guest.erased')?.details.reason).toBe(
        `${erasedGuestName} asked`,
      );
      const history = await (await t.request('GET', `/api/checkouts/${id}`, { cookie: owner })).json();
      expect(history.voidReason).toBe(
        `${erasedGuestName} disputed the Coke; ${erasedGuestName} wrote to the desk`,
      );
      const everything = await everyTableText(t.db);
      for (const value of ['Mia Chen', 'mia.chen@example.com']) {
        expect(containsValue(everything, value), value).toBe(false);
      }
      expect(await (await t.request('GET', '/api/audit/verify', { cookie: owner })).json()).toMatchObject({
        ok: true,
      });

      // Webhooks sent after the erase (a resend of the same events) no longer carry the name.
      const fromSeq = sent[0]?.json.data.seq ?? 0;
      const resent = await t.request('POST', `/api/webhooks/${hookId}/resend`, {
        cookie: owner,
        body: { fromSeq },
      });
      expect(resent.status).toBe(202);
      const again = (await receiver.waitFor(4, { path: '/voids' })).slice(2);
      expect(again.map((r) => r.json.data.seq)).toEqual(sent.map((r) => r.json.data.seq));
      for (const r of again) expect(containsValue(r.body, 'Mia Chen'), r.body).toBe(false);
      expect(again[0]?.json.data.details.reason).toBe(
        `${erasedGuestName} disputed the Coke; ${erasedGuestName} wrote to the desk`,
      );
    } finally {
      await t.webhooks.stop();
      await receiver.close();
    }
  });
});
