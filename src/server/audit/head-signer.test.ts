import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-app';
import { ownerActor } from '../../shared/team';
import { setAuditKey } from './audit-key';
import { recordAudit, subject } from './audit-log';
import { headSignerFor } from './head-signer';

const key = 'a-test-audit-key-of-at-least-32-bytes-0123456789';

describeEachDatabase('the head signer says when it signs after a gap', ({ fresh }) => {
  beforeAll(() => setAuditKey(key));
  afterAll(() => setAuditKey(undefined));

  it('a server that starts and signs events no server signed reports the gap once; one signing as it goes does not', async () => {
    const t = await fresh({ seed: false });
    const event = (minute: number) =>
      recordAudit(t.db.kysely, {
        actor: ownerActor(),
        at: `2026-11-10T02:0${minute}:00.000Z`,
        action: 'settings.changed',
        subject: subject('settings'),
      });
    await event(1);
    await event(2);
    const first = headSignerFor(t.db.kysely);
    await first.sign();
    expect(first.takeGap()).toMatchObject({ after: 0, lastSignedAt: null, upTo: 2 });
    // Signing as it goes: nothing to report.
    await event(3);
    await first.sign();
    expect(first.takeGap()).toBeNull();

    // Events written while no server signed (a crash, or a rewrite), then a server starts.
    await event(4);
    await event(5);
    const restarted = t.scratch.openAnother();
    try {
      const signer = headSignerFor(restarted.kysely);
      await signer.sign();
      expect(signer.refused()).toBeNull();
      expect(signer.takeGap()).toEqual({ after: 3, lastSignedAt: expect.any(String), upTo: 5 });
      expect(signer.takeGap()).toBeNull();
    } finally {
      await restarted.close();
    }
  });
});
