import { expect, it } from 'vitest';
import { throttleRules } from '../../src/server/auth/throttle';
import { texts } from '../../src/shared/constants';
import { describeEachDatabase, type TestApp, testAdminPassword } from '../support/test-app';

const wrongPassword = (i: number) => `wrong-guess-${i}-Tr0ub4dor`;

/** Sends `count` wrong logins, `batch` at a time (concurrent claims must not slip past the limit). */
async function attack(t: TestApp, count: number, headersFor: (i: number) => Record<string, string>) {
  const statuses: number[] = [];
  const batch = 50;
  for (let start = 0; start < count; start += batch) {
    const sent = Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
      const i = start + k;
      return t.request('POST', '/api/session', {
        body: { password: wrongPassword(i) },
        headers: headersFor(i),
      });
    });
    for (const response of await Promise.all(sent)) {
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await response.json()).error.code).toBe('too_many_requests');
      } else await response.body?.cancel();
    }
  }
  return statuses;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => {
    acc[s] = (acc[s] ?? 0) + 1;
    return acc;
  }, {});

describeEachDatabase('brute force against POST /api/session', ({ dialect, fresh }) => {
  it('2,000 wrong logins reach the hash check at most the free tries; the right one works after the wait', async () => {
    const t = await fresh();
    const oneAddress = await attack(t, 1000, () => ({}));
    // TRUST_PROXY is off: a made-up X-Forwarded-For per request must not buy fresh free tries.
    const forged = await attack(t, 1000, (i) => ({
      'x-forwarded-for': `203.0.113.${i % 250}, 10.0.${i % 200}.${i % 250}`,
    }));
    const all = [...oneAddress, ...forged];
    const counts = tally(all);
    // A wrong password that reached the scrypt check answers 401; a throttled one 429.
    const hashChecks = counts[401] ?? 0;
    const failedLogLines = t.logLines.filter((line) => line.includes('"login failed"')).length;
    console.log(
      `[figure] brute force ${dialect}: ${all.length} wrong logins, reached hash check ${hashChecks}, ` +
        `429 ${counts[429] ?? 0}, successes ${counts[204] ?? 0}`,
    );
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(hashChecks).toBeLessThanOrEqual(throttleRules.freeTries);
    expect(failedLogLines).toBe(hashChecks);
    expect(counts[429]).toBe(all.length - hashChecks);

    // Still blocked: even the right password is not checked during the back-off...
    const early = await t.request('POST', '/api/session', { body: { password: testAdminPassword } });
    expect(early.status).toBe(429);
    expect((await early.json()).error.message).toMatch(
      /^Too many attempts\. Try again in \d+ (second|minute)s?\.$/,
    );

    // ...and is accepted once the back-off ends (the first wait is one minute; never a permanent lockout).
    t.clock.advance(throttleRules.maxWaitMs);
    const late = await t.request('POST', '/api/session', { body: { password: testAdminPassword } });
    expect(late.status).toBe(204);
    expect(late.headers.get('set-cookie')).toMatch(/^fc_session=/);

    // A success starts the address afresh: the next wrong password is checked again (401, not 429).
    const after = await t.request('POST', '/api/session', { body: { password: 'still-wrong-1' } });
    expect(after.status).toBe(401);
    expect((await after.json()).error.message).toBe(texts.incorrectPassword);

    const secrets = [testAdminPassword, 'wrong-guess-', 'still-wrong-1'];
    const leaking = t.logLines.filter((line) => secrets.some((secret) => line.includes(secret)));
    expect(leaking).toEqual([]);
    expect(t.logLines.some((line) => line.includes('"login succeeded"'))).toBe(true);
  });
});
