import { describe, expect, it } from 'vitest';
import { createStreamCounts, streamLimits } from '../../src/server/live/events.routes';
import { SseReader } from '../support/sse';
import { addStaff, pins, registerDevice, signInWithPin } from '../support/team';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

async function openStream(t: TestApp, cookie: string) {
  const response = await t.request('GET', '/api/events', { cookie });
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  if (!response.body) throw new Error('The event stream has no body');
  const stream = new SseReader(response.body);
  expect((await stream.next()).event).toBe('ready');
  return stream;
}

/** Smaller doors (DESIGN.md, "Abuse resistance"): the live streams' caps and the Host a request names. */
describeEachDatabase('smaller doors', ({ fresh }) => {
  it('at most 5 live streams a person across all their sessions (429 with Retry-After beyond); another person still opens their own', async () => {
    const t = await fresh();
    const owner = await t.login();
    const open = [];
    for (let i = 0; i < streamLimits.perPerson - 1; i++) open.push(await openStream(t, owner));
    // A second session of the same person shares the cap (issue 49: a second PIN session doubled it).
    const ownerAgain = await t.login();
    open.push(await openStream(t, ownerAgain));
    for (const cookie of [owner, ownerAgain]) {
      const sixth = await t.request('GET', '/api/events', { cookie });
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get('retry-after')).toBe(String(streamLimits.retryAfterSeconds));
      expect((await sixth.json()).error.code).toBe('too_many_requests');
    }
    // Two PIN sessions of one person of the team: 5 between them.
    const device = await registerDevice(t, owner);
    const noi = await addStaff(t, owner, { name: 'Noi', role: 'desk', pin: pins[0] });
    const first = await signInWithPin(t, device, noi.id, pins[0]);
    const second = await signInWithPin(t, await registerDevice(t, owner, 'Second tablet'), noi.id, pins[0]);
    const noiStreams = [];
    for (let i = 0; i < 3; i++) noiStreams.push(await openStream(t, first));
    for (let i = 0; i < 2; i++) noiStreams.push(await openStream(t, second));
    expect((await t.request('GET', '/api/events', { cookie: second })).status).toBe(429);
    expect((await t.request('GET', '/api/events', { cookie: first })).status).toBe(429);
    for (const stream of noiStreams) await stream.close();
    const other = await openStream(
      t,
      await signInWithPin(
        t,
        device,
        (await addStaff(t, owner, { name: 'Dao', role: 'desk', pin: pins[1] })).id,
        pins[1],
      ),
    );
    // A stream that ends gives its place back.
    await open.pop()?.close();
    let again: Response | undefined;
    for (let tries = 0; tries < 100; tries++) {
      again = await t.request('GET', '/api/events', { cookie: owner });
      if (again.status === 200) break;
      await again.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again?.status).toBe(200);
    await again?.body?.cancel();
    for (const stream of [...open, other]) await stream.close();
  });

  it('with PUBLIC_URL set, a request naming another Host is 421, the health check excepted', async () => {
    const base = await fresh();
    const t = await createTestApp(base.scratch, { config: { publicUrl: 'https://fridge.example.com' } });
    const askWith = (path: string, host: string) =>
      t.app.request(`http://${host}${path}`, { headers: { host } });
    for (const host of ['evil.example', '127.0.0.1:3000', 'fridge.example.com.evil', 'localhost']) {
      const refused = await askWith('/api/drinks', host);
      expect(refused.status, host).toBe(421);
      expect((await refused.json()).error.code).toBe('misdirected_request');
      expect((await askWith('/checkout?bungalow=1', host)).status, host).toBe(421);
    }
    expect((await askWith('/api/health', 'evil.example')).status).toBe(200);
    for (const host of ['fridge.example.com', 'FRIDGE.example.com', 'fridge.example.com:443']) {
      expect((await askWith('/api/drinks', host)).status, host).toBe(200);
    }
    // Without PUBLIC_URL, any Host (as today).
    expect(
      (await base.app.request('http://evil.example/api/drinks', { headers: { host: 'evil.example' } }))
        .status,
    ).toBe(200);
  });
});

describe('live stream counts', () => {
  it('at most 1,000 a server: past it every session is refused until one ends', () => {
    const counts = createStreamCounts({ perPerson: 5, perServer: 12 });
    const releases = Array.from({ length: 12 }, (_, i) => counts.open(`session-${i % 4}`));
    expect(() => counts.open('session-new')).toThrow(expect.objectContaining({ status: 429 }));
    releases[0]?.();
    releases[0]?.();
    expect(counts.openNow()).toBe(11);
    counts.open('session-new');
    expect(() => counts.open('session-other')).toThrow(expect.objectContaining({ status: 429 }));
    expect(streamLimits.perServer).toBe(1000);
  });
});
