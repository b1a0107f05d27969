import { describe, expect, it } from 'vitest';
import { startKeptServer } from '../../../tests/support/kept-server';
import { rawGet } from '../../../tests/support/raw-get';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { checkoutPageKeptRoute } from './checkout-page-kept';

const appLines = (t: TestApp) => t.logLines.filter((line) => line.includes('"path":"/checkout"')).length;

describe('GET /checkout over HTTP, past the framework (SQLite)', () => {
  it('answers byte for byte what the app answers, per language and encoding, and follows every change', async () => {
    const { t, ...server } = await startKeptServer();
    const variants: Record<string, string>[] = [
      { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'th-TH,th;q=0.9' },
      { 'accept-encoding': 'identity', cookie: 'fridge-check-language=de; session=abc' },
      { 'accept-encoding': 'gzip' },
    ];
    for (const headers of variants) {
      // Twice: the first answer is taken from the app, the second is the kept copy.
      for (let i = 0; i < 2; i++) {
        const before = appLines(t);
        const fast = await rawGet(server.url('/checkout?bungalow=4'), headers);
        if (i === 1) expect(appLines(t)).toBe(before);
        const viaApp = await t.request('GET', '/checkout?bungalow=4', {
          headers: { ...headers, host: server.host },
        });
        // The app logs every page it answers: the count above can tell.
        expect(appLines(t)).toBeGreaterThan(before);
        expect(fast.status).toBe(200);
        expect(fast.headers).toEqual(Object.fromEntries(viaApp.headers));
        expect(fast.body).toEqual(Buffer.from(await viaApp.arrayBuffer()));
      }
    }
    const text = async (at: string) =>
      (await rawGet(server.url(at), { 'accept-encoding': 'identity' })).body.toString();
    expect(await text('/checkout?bungalow=4')).toContain('Bungalow 4');
    // Another bungalow is another page; ?bungalow=abc is bungalow 1's, as the app reads it.
    expect(await text('/checkout?bungalow=5')).toContain('Bungalow 5');
    expect(await text('/checkout?bungalow=abc')).toContain('Bungalow 1');

    // A catalogue change shows on the very next page.
    const owner = await t.login();
    const drinks = (await (await t.request('GET', '/api/drinks')).json()) as {
      id: number;
      drinkName: string;
    }[];
    const coke = drinks.find((drink) => drink.drinkName === 'Coke');
    const changed = await t.request('PUT', `/api/drinks/${coke?.id}`, {
      cookie: owner,
      body: { drinkName: 'Coke Zero', startingQuantity: 4, price: 45, section: 'Soft Drinks' },
    });
    expect(changed.status, await changed.text()).toBe(200);
    expect(await text('/checkout?bungalow=4')).toContain('Coke Zero');
    // And a par of this bungalow's own, on its next page and not on another's.
    const pars = await t.request('PUT', '/api/pars', {
      cookie: owner,
      body: { bungalows: [4], items: [{ drinkId: coke?.id, par: 9 }] },
    });
    expect(pars.status, await pars.text()).toBe(200);
    expect(await text('/checkout?bungalow=4')).toContain('Starting: 9');
    expect(await text('/checkout?bungalow=5')).not.toContain('Starting: 9');
  });

  it('with PUBLIC_URL, another host name still gets 421 from the app', async () => {
    const server = await startKeptServer({ config: { publicUrl: 'https://fridge.example.com' } });
    for (let i = 0; i < 2; i++) {
      const response = await rawGet(server.url('/checkout?bungalow=2'), { host: 'rebound.example.net' });
      expect(response.status).toBe(421);
    }
    const named = await rawGet(server.url('/checkout?bungalow=2'), { host: 'fridge.example.com' });
    expect(named.status).toBe(200);
    expect(named.body.toString()).toContain('Bungalow 2');
  });
});

describe('a flood of new pages over HTTP (SQLite, issue 49)', () => {
  it('renders one at a time with 4 waiting; the rest get the shell, never kept: asked again, the page comes', async () => {
    const { t, ...server } = await startKeptServer();
    const ask = (bungalow: number) =>
      rawGet(server.url(`/checkout?bungalow=${bungalow}`), { 'accept-encoding': 'identity' });
    const rendered = (body: Buffer) => body.toString().includes('checkout-first-paint');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(5000 + i)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const shells = answers.filter((answer) => !rendered(answer.body));
    // 20 at once: one renders, four wait their turn, the others get the shell at once.
    expect(answers.filter((answer) => rendered(answer.body)).length).toBeGreaterThanOrEqual(1);
    expect(shells.length).toBeGreaterThan(0);
    for (const shell of shells) expect(shell.headers['cache-control']).toBe('no-store');
    // A bungalow that got the shell gets its page when asked again: the shell was not kept.
    const refused = answers.findIndex((answer) => !rendered(answer.body));
    const again = await ask(5000 + refused);
    expect(rendered(again.body)).toBe(true);
    expect(again.headers['cache-control']).toBe('no-cache');
  });
});

describeEachDatabase('the kept /checkout route', ({ fresh }) => {
  it('is there on SQLite only, where the fridge is read without a promise', async () => {
    const t = await fresh();
    expect(checkoutPageKeptRoute(t.db) === null).toBe(t.db.sqlite === undefined);
  });
});
