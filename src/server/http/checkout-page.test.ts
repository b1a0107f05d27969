import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { countForms, fillCount } from '../../shared/i18n/count-forms';
import { ru } from '../../shared/i18n/ru';
import { firstPaintElementId } from '../../web/checkout/first-paint-id';
import { firstPaintCssFile, firstTapScriptFile } from './checkout-page';

/**
 * The built index.html in miniature: what the render fills in (lang, title, the root), the entry script, the
 * stylesheet and manifest the page leaves to the app, and the first paint's rules beside it.
 */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-first-paint-'));
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Bungalow Fridge Check</title>' +
    '<script type="module" src="/assets/boot-abc.js"></script>' +
    '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
    '<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
);
const firstPaintRules = '.flex{display:flex}.bg-brand-800{background-color:#115e59}';
fs.writeFileSync(path.join(webRoot, firstPaintCssFile), `${firstPaintRules}\n`);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

/** The same miniature with the first taps' script built beside it (first-tap.vite.config.ts). */
const webRootWithTaps = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-first-tap-'));
for (const file of fs.readdirSync(webRoot)) {
  fs.copyFileSync(path.join(webRoot, file), path.join(webRootWithTaps, file));
}
const firstTapCode = '(function(){window.counting=1})();';
fs.writeFileSync(path.join(webRootWithTaps, firstTapScriptFile), `${firstTapCode}\n`);
afterAll(() => fs.rmSync(webRootWithTaps, { recursive: true, force: true }));

const page = async (t: TestApp, url: string, headers: Record<string, string> = {}) => {
  const response = await t.request('GET', url, { headers: { 'accept-encoding': 'identity', ...headers } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return { response, html: await response.text() };
};

/** The data the page carries for the browser's hydration, read back as the browser reads it. */
const embedded = (html: string) => {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${firstPaintElementId}">([^<]*)</script>`),
  );
  if (!match?.[1]) throw new Error('no first-paint data in the page');
  return JSON.parse(match[1]);
};

/** The page's visible text, roughly as a browser without JavaScript shows it. */
const text = (html: string) =>
  (html.match(/<div id="root">([\s\S]*)<\/div>\s*<\/body>/)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describeEachDatabase('GET /checkout rendered by the server', ({ fresh }) => {
  const app = () => fresh({ seed: true, config: { webRoot } });

  it('a fresh page is compressed quickly; asked again, it comes at the strongest brotli level (issue 49)', async () => {
    const t = await app();
    const ask = () => t.request('GET', '/checkout?bungalow=9', { headers: { 'accept-encoding': 'br' } });
    const first = await ask();
    expect(first.headers.get('content-encoding')).toBe('br');
    const html = brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString();
    expect(html).toContain('Bungalow 9');
    const best = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    });
    // Asked again: the strongest compression is made in the background and then sent.
    let body = Buffer.alloc(0);
    for (let tries = 0; tries < 200 && !body.equals(best); tries++) {
      body = Buffer.from(await (await ask()).arrayBuffer());
      if (!body.equals(best)) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(body.equals(best)).toBe(true);
    expect(brotliDecompressSync(body).toString()).toBe(html);
  });

  it('shows the heading, the seeded drinks at 0 and an empty Summary, in English by default', async () => {
    const t = await app();
    const { response, html } = await page(t, '/checkout?bungalow=7');
    expect(html).toContain('<html lang="en">');
    const shown = text(html);
    expect(shown).toContain('Bungalow 7');
    expect(shown).toContain('Coke');
    expect(shown).toContain('Starting: 4');
    expect(shown).toContain('No items selected');
    expect(shown).not.toContain('Loading drinks...');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    // Nothing for the browser to fetch first: the drinks are in the page.
    expect(response.headers.get('link')).toBeNull();
    const data = embedded(html);
    expect(data.bungalow).toBe(7);
    expect(data.language).toBe('en');
    expect(data.view.drinks.map((drink: { drinkName: string }) => drink.drinkName)).toContain('Coke');
    // No inline script for the CSP to refuse: the entry module and the JSON data only.
    for (const script of html.match(/<script[^>]*>/g) ?? []) {
      expect(script).toMatch(/type="(module|application\/json)"/);
    }
  });

  it('follows the language cookie, else Accept-Language, else English', async () => {
    const t = await app();
    const thai = await page(t, '/checkout', { cookie: 'other=1; fridge-check-language=th' });
    expect(thai.html).toContain('<html lang="th">');
    expect(embedded(thai.html).language).toBe('th');
    expect(text(thai.html)).toContain('บังกะโล');
    const german = await page(t, '/checkout', { 'accept-language': 'fr-FR, de;q=0.8, en;q=0.5' });
    expect(embedded(german.html).language).toBe('de');
    const chinese = await page(t, '/checkout', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(embedded(chinese.html).language).toBe('zh-Hans');
    // The cookie wins over the header; a cookie naming no language is ignored.
    const cookieFirst = await page(t, '/checkout', {
      cookie: 'fridge-check-language=ko',
      'accept-language': 'ru',
    });
    expect(embedded(cookieFirst.html).language).toBe('ko');
    const unknown = await page(t, '/checkout', {
      cookie: 'fridge-check-language=xx',
      'accept-language': 'fr',
    });
    expect(embedded(unknown.html).language).toBe('en');
  });

  it("shows 'Starting: N' at the bungalow's par, and a drink with par 0 not at all", async () => {
    const t = await app();
    const owner = await t.login();
    const drinks = (await (await t.request('GET', '/api/drinks')).json()) as {
      id: number;
      drinkName: string;
    }[];
    const id = (name: string) => drinks.find((drink) => drink.drinkName === name)?.id;
    const pars = await t.request('PUT', '/api/pars', {
      cookie: owner,
      body: {
        bungalows: [5],
        items: [
          { drinkId: id('Coke'), par: 2 },
          { drinkId: id('Fanta'), par: 0 },
        ],
      },
    });
    expect(pars.status, await pars.text()).toBe(200);
    const five = text((await page(t, '/checkout?bungalow=5')).html);
    expect(five).toMatch(/Coke .*Starting: 2/);
    expect(five).not.toContain('Fanta');
    // Another bungalow keeps the catalogue's: the kept page of one fridge is never another's.
    const six = text((await page(t, '/checkout?bungalow=6')).html);
    expect(six).toMatch(/Coke .*Starting: 4/);
    expect(six).toContain('Fanta');
  });

  it("with stock on, a checkout lowers 'Starting: N' on the very next page and says what was not refilled", async () => {
    const t = await app();
    const owner = await t.login();
    const drinks = (await (await t.request('GET', '/api/drinks')).json()) as {
      id: number;
      drinkName: string;
    }[];
    const coke = drinks.find((drink) => drink.drinkName === 'Coke')?.id as number;
    const started = await t.request('POST', '/api/stock/start', {
      cookie: owner,
      body: { storeroom: [{ drinkId: coke, quantity: 50 }] },
    });
    expect(started.status, await started.text()).toBe(201);
    expect(text((await page(t, '/checkout?bungalow=8')).html)).toMatch(/Coke .*Starting: 4/);
    await t.request('PUT', '/api/guest', {
      cookie: owner,
      body: { name: 'Ana Silva', email: 'ana@example.com' },
    });
    const checkout = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 8, items: [{ drinkId: coke, missing: 3 }] },
    });
    expect(checkout.status, await checkout.text()).toBe(201);
    const after = text((await page(t, '/checkout?bungalow=8')).html);
    expect(after).toMatch(/Coke .*Starting: 1/);
    expect(after).toContain('3 Coke');
  });

  it('a catalogue change shows on the very next page', async () => {
    const t = await app();
    const owner = await t.login();
    expect(text((await page(t, '/checkout')).html)).not.toContain('Singha');
    const added = await t.request('POST', '/api/drinks', {
      cookie: owner,
      body: { drinkName: 'Singha', startingQuantity: 3, price: 90, section: 'Beers' },
    });
    expect(added.status).toBe(201);
    expect(text((await page(t, '/checkout')).html)).toMatch(/Singha .*Starting: 3/);
  });

  it('escapes a hostile drink name in the page and in its data; carries no guest, no staff, no email', async () => {
    const t = await app();
    const owner = await t.login();
    const hostile = '</script><script>window.__pwned=1</script><!--&"\u2028>';
    // Placed in a checkout section, so the page shows it (a name matching no section is not offered).
    const added = await t.request('POST', '/api/drinks', {
      cookie: owner,
      body: { drinkName: hostile, startingQuantity: 2, price: 50, section: 'Beers' },
    });
    expect(added.status, await added.text()).toBe(201);
    const guest = await t.request('PUT', '/api/guest', {
      cookie: owner,
      body: { name: 'Ana Silva', email: 'ana@example.com' },
    });
    expect(guest.status).toBe(200);
    const staff = await t.request('POST', '/api/staff', {
      cookie: owner,
      body: { name: 'Kanya Deskworker', role: 'desk', pin: '274019' },
    });
    expect(staff.status, await staff.text()).toBe(201);
    const { html } = await page(t, '/checkout', { cookie: owner });
    // The only </script> are the page's own closing tags: the entry module's and the data's.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>window.__pwned');
    expect(html).not.toContain('<!--&');
    const names = embedded(html).view.drinks.map((drink: { drinkName: string }) => drink.drinkName);
    expect(names).toContain(hostile);
    // Shown as text: escaped by React in the page.
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned=1');
    for (const secret of [
      'Ana Silva',
      'ana@example.com',
      'Kanya',
      '274019',
      'password',
      'staff',
      'session',
    ]) {
      expect(html.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });

  it("inlines the first paint's rules, allowed by their hash alone, and names no stylesheet or manifest", async () => {
    const t = await app();
    const { response, html } = await page(t, '/checkout?bungalow=2');
    // Nothing for the browser to fetch before the first paint but the boot script (Lighthouse counts it all).
    expect(html).toContain(`<style>${firstPaintRules}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('rel="manifest"');
    expect(html).toContain('<script type="module" src="/assets/boot-abc.js"></script>');
    const hash = createHash('sha256').update(firstPaintRules).digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toContain('unsafe-inline');
    // Every other answer keeps the policy without the hash.
    const shell = await t.request('GET', '/');
    expect(shell.headers.get('content-security-policy')).not.toContain('style-src');
  });

  it('comes compressed when asked, and the same page every time for the same fridge and language', async () => {
    const t = await app();
    const plain = (await page(t, '/checkout?bungalow=3')).html;
    for (const encoding of ['br', 'gzip']) {
      const response = await t.request('GET', '/checkout?bungalow=3', {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toContain('Cookie');
    }
    expect((await page(t, '/checkout?bungalow=3')).html).toBe(plain);
  });
});

describeEachDatabase("GET /checkout with the first taps' script", ({ fresh }) => {
  it('carries it inline after the data and before the drinks, allowed by its hash alone', async () => {
    const t = await fresh({ seed: true, config: { webRoot: webRootWithTaps } });
    const { response, html } = await page(t, '/checkout?bungalow=4');
    // After the data it reads ('Starting: N') and before the first card, so it runs before any + is parsed; only
    // its template between it and the root (decision 255).
    expect(html).toMatch(
      new RegExp(
        `id="${firstPaintElementId}">[^<]*</script><script>${firstTapCode.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')}</script><template id="first-tap-parts">.*?</template><div id="root">`,
      ),
    );
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptHash = createHash('sha256').update(firstTapCode).digest('base64');
    const styleHash = createHash('sha256').update(firstPaintRules).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${scriptHash}'`);
    expect(policy).toContain(`style-src 'self' 'sha256-${styleHash}'`);
    expect(policy).not.toContain('unsafe-inline');
    // Every other answer keeps the policy without it.
    const shell = await t.request('GET', '/');
    expect(shell.headers.get('content-security-policy')).not.toContain('script-src');
  });
});

describeEachDatabase('GET /checkout: the parts the first taps draw the Summary with', ({ fresh }) => {
  it("carries the app's Summary line, total and bar before the root, in the page's language, and 'N items missing' by plural form", async () => {
    const t = await fresh({ seed: true, config: { webRoot: webRootWithTaps } });
    const { html } = await page(t, '/checkout?bungalow=4', { cookie: 'fridge-check-language=ru' });
    // After the first taps' script and before the first card (decision 255).
    const parts = html.match(
      /<\/script><template id="first-tap-parts">([\s\S]*?)<\/template><div id="root">/,
    )?.[1];
    expect(parts).toBeDefined();
    // The three parts in their order (first-tap.ts reads them so): the lines' list with one line, the total, the bar.
    expect(parts).toMatch(/^<ul [^>]*><li [^>]*><span data-line-label="">1 x <\/span><span data-amount=""/);
    expect(parts).toContain(`<span>${ru.totalCost}</span>`);
    expect(parts).toContain('data-units=""');
    expect(parts).toContain(ru.reviewReceipt);
    const forms = embedded(html).itemsMissing;
    expect(forms).toEqual(countForms('ru-RU', ru.itemsMissing));
    expect([1, 3, 5].map((units) => fillCount('ru-RU', forms, units))).toEqual(
      [1, 3, 5].map((units) => ru.itemsMissing(units)),
    );
    // No script, no parts: the miniature shell without it.
    const plain = await fresh({ seed: true, config: { webRoot } });
    expect((await page(plain, '/checkout?bungalow=4')).html).not.toContain('<template');
  });
});

describe('GET /checkout when the drinks cannot be read', () => {
  it('sends the shell, and the browser loads the drinks itself', async () => {
    // A database with no tables: the catalogue's read fails.
    const { openDatabase } = await import('../db/database');
    const { createApp } = await import('../app');
    const { parseConfig } = await import('../config');
    const { createLogger } = await import('../logger');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-no-tables-'));
    const db = openDatabase(`sqlite:${path.join(dir, 'db.sqlite')}`);
    try {
      const app = createApp({
        db,
        config: { ...parseConfig({}), webRoot },
        adminPasswordHash: 'unused',
        logger: createLogger('silent'),
      });
      const response = await app.request('/checkout');
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(firstPaintElementId);
      expect(response.headers.get('link')).toContain('</api/drinks>');
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
