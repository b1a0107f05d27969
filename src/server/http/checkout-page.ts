import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import type { Drink } from '../../shared/api-types';
import { parseBungalowParam } from '../../shared/bungalow';
import { countForms } from '../../shared/i18n/count-forms';
import { requestLanguage } from '../../shared/i18n/language-cookie';
import { localeOf } from '../../shared/i18n/language-list';
import { loadMessages } from '../../shared/i18n/languages';
import { fridgeOf } from '../../shared/stock-types';
import { amountSlot, type FirstPaint, firstPaintJson } from '../../web/checkout/first-paint';
import { firstPaintElementId } from '../../web/checkout/first-paint-id';
import { drinksAtFridge } from '../../web/checkout/fridge-view';
import type { Db } from '../db/database';
import { createCatalogueCache } from '../drinks/catalogue-cache';
import { createDrinksRepo } from '../drinks/drinks.repo';
import { preferredEncoding } from '../drinks/drinks.routes';
import type { Logger } from '../logger';
import { describeError } from '../logger';
import { readFridge } from '../stock/fridges.routes';
import { policyWithInline } from './security';

/** One rendered page, compressed ahead (as the catalogue is), for one catalogue, fridge and language. */
interface RenderedPage {
  html: string;
  gzip: Buffer;
  brotli: Buffer;
  /** Compressed at the strongest levels (a page asked again), or quickly (a page asked once so far). */
  best: boolean;
}

/**
 * Pages asked again: a resort's bungalows × the languages its guests read; the least recently asked goes
 * first beyond this. A page asked once waits among `MAX_PAGES_ONCE` of its kind, so that a flood of pages
 * nobody asks twice (any bungalow number × 6 languages: 60,000) never pushes a guest's page out (decision 166).
 */
const MAX_PAGES = 512;
const MAX_PAGES_ONCE = 256;

/**
 * Fresh renders under way at once, and waiting; beyond, the shell answers (the browser loads the drinks
 * itself) and is not kept. A render's React part runs on the event loop (about 10 ms); its compression does
 * not (zlib's thread pool), quick at first and the strongest only for a page asked again. After each render
 * the next waits as long as it took (decision 166).
 */
const RENDERS_AT_ONCE = 1;
const RENDERS_WAITING = 4;
/** The longest pause after a render before the next (the render's own time, up to this). */
const RENDER_PAUSE_MAX_MS = 250;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** gzip and brotli of a page at the given levels, both in zlib's thread pool. */
async function compress(html: string, levels: { gzip: number; brotli: number }) {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(html, { level: levels.gzip }),
    brotliAsync(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
  ]);
  return { gzip: gzipped, brotli };
}

/** Quick: a few milliseconds for a page, against some 100 ms at the strongest brotli level. */
const compressQuickly = (html: string) => compress(html, { gzip: 6, brotli: 5 });

/** The strongest levels: a page asked again is sent many times. */
const compressBest = (html: string) =>
  compress(html, { gzip: constants.Z_BEST_COMPRESSION, brotli: constants.BROTLI_MAX_QUALITY });

/**
 * The pages kept: those asked once apart from those asked again (a segmented LRU), and the strongest
 * compression done in the background, one page at a time, for a page asked again.
 */
function createPageKeep() {
  const again = new Map<string, RenderedPage>();
  const once = new Map<string, RenderedPage>();
  let compressing = false;

  function compressWell(key: string, page: RenderedPage) {
    if (page.best || compressing) return;
    compressing = true;
    compressBest(page.html)
      .then((compressed) => {
        // Still the page kept under its key (not replaced by a newer render meanwhile).
        if (again.get(key) === page) again.set(key, { ...page, ...compressed, best: true });
      })
      .catch(() => {})
      .finally(() => {
        compressing = false;
      });
  }

  return {
    get(key: string): RenderedPage | undefined {
      const asked = again.get(key);
      if (asked) {
        // The least recently asked goes first: a hit moves the page to the end.
        again.delete(key);
        again.set(key, asked);
        compressWell(key, asked);
        return asked;
      }
      const first = once.get(key);
      if (!first) return undefined;
      once.delete(key);
      if (again.size >= MAX_PAGES) again.delete(again.keys().next().value as string);
      again.set(key, first);
      compressWell(key, first);
      return first;
    },
    set(key: string, page: RenderedPage) {
      if (once.size >= MAX_PAGES_ONCE) once.delete(once.keys().next().value as string);
      once.set(key, page);
    },
  };
}

/** At most `RENDERS_AT_ONCE` renders at once and `RENDERS_WAITING` waiting; null: too many, send the shell. */
function createRenderSlots() {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return async (): Promise<(() => void) | null> => {
    if (active < RENDERS_AT_ONCE) {
      active += 1;
      return release;
    }
    if (waiting.length >= RENDERS_WAITING) return null;
    // The slot is handed over by `release` as it is: `active` stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
    return release;
  };
}

export interface CheckoutPageOptions {
  db: Db;
  logger: Logger;
  /** The built index.html: the page is the app's own shell with the rendered root and its data inside. */
  indexFile: string;
}

/** The first paint's rules (src/web/first-paint.vite.config.ts), built beside index.html. */
export const firstPaintCssFile = 'first-paint.css';

/** The first taps' script (first-tap.vite.config.ts, src/web/checkout/first-tap.ts), built beside index.html. */
export const firstTapScriptFile = 'first-tap.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** The shell cut around its root, made into the guest's page's frame once. */
interface PageTemplate {
  head: string;
  /** The first taps' script (or nothing), between the page's data and its root. */
  taps: string;
  tail: string;
  /** The page's Content-Security-Policy: the usual one, or with the inline rules' and script's hashes. */
  policy: string | undefined;
}

/**
 * The shell's head for the guest's page: nothing for the browser to download before the first paint but the
 * boot script (Lighthouse counts every download that ends before the paint in its LCP). The app's stylesheet
 * (render-blocking) is replaced by the first paint's own rules inline, allowed by their hash; the app loads the
 * whole sheet itself after the paint (boot.ts imports main.tsx, whose chunk names it). The manifest link goes
 * too: the boot script adds it after the paint. Without the built rules (a test's miniature shell) only the
 * manifest link goes.
 */
export function firstPaintHead(head: string, css: string | null): { head: string; styleHash?: string } {
  const withoutManifest = head.replace(/<link rel="manifest"[^>]*>/g, '');
  if (css === null) return { head: withoutManifest };
  // Nothing in Tailwind's output closes a <style>; a hand-written rule could, and the page would break there.
  if (/<\/style/i.test(css)) throw new Error(`${firstPaintCssFile} holds "</style"`);
  return {
    head: `${withoutManifest.replace(/<link rel="stylesheet"[^>]*>/g, '')}<style>${css}</style>`,
    styleHash: sha256(css),
  };
}

/**
 * The first taps' script inline, after the page's data and before its drinks (docs/decisions/180-first-tap-counts.md):
 * it runs before the parser reaches the first card and enables each + as the parser adds it, so + counts from
 * the moment it is drawn, before the rest of the page is parsed or the app's code is even asked for. Without the
 * built script (a test's miniature shell) nothing.
 */
export function firstTapScript(script: string | null): { html: string; scriptHash?: string } {
  if (script === null) return { html: '' };
  // The build's output is one classic script; a "</script" in it would end the element early.
  if (/<\/script/i.test(script)) throw new Error(`${firstTapScriptFile} holds "</script"`);
  return { html: `<script>${script}</script>`, scriptHash: sha256(script) };
}

/**
 * GET /checkout as HTML that already shows the guest's page (DESIGN.md, "The guest's first paint"): the drinks
 * the server reads (the catalogue at the bungalow's fridge, as GET /api/drinks and /api/fridges/N answer
 * them), rendered by the page's own components in the request's language, with the same data beside it for
 * the browser to hydrate from. The same catalogue, fridge and language give the same page: it is rendered once
 * and kept. Null when it cannot be made (the database down, a render error): the shell then, as before, and
 * the browser loads the drinks itself and says so.
 */
export function createCheckoutPage({ db, logger, indexFile }: CheckoutPageOptions) {
  const catalogue = createCatalogueCache(db, createDrinksRepo(db));
  let parsedCatalogue: { version: string; drinks: Drink[] } | undefined;
  const pages = createPageKeep();
  const renderSlot = createRenderSlots();
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  let template: PageTemplate | undefined;

  function shell(): PageTemplate {
    if (template) return template;
    const html = fs.readFileSync(indexFile, 'utf8');
    const root = '<div id="root"></div>';
    const at = html.indexOf(root);
    if (at < 0) throw new Error(`${indexFile} has no ${root}`);
    const built = (file: string) => {
      const full = path.join(path.dirname(indexFile), file);
      return fs.existsSync(full) ? fs.readFileSync(full, 'utf8').trim() : null;
    };
    const headEnd = html.lastIndexOf('</head>', at);
    if (headEnd < 0) throw new Error(`${indexFile} has no </head>`);
    const { head, styleHash } = firstPaintHead(html.slice(0, headEnd), built(firstPaintCssFile));
    const taps = firstTapScript(built(firstTapScriptFile));
    const inline = styleHash || taps.scriptHash;
    template = {
      head: head + html.slice(headEnd, at),
      taps: taps.html,
      tail: html.slice(at + root.length),
      policy: inline ? policyWithInline({ style: styleHash, script: taps.scriptHash }) : undefined,
    };
    return template;
  }

  async function render(url: string, firstPaint: FirstPaint): Promise<RenderedPage | null> {
    const { head, taps, tail } = shell();
    // React's server renderer loads with the first page, not with the server: the API never waits for it.
    const [messages, { renderCheckout, renderFirstTapParts }] = await Promise.all([
      loadMessages(firstPaint.language),
      import('../../web/checkout/checkout-render'),
    ]);
    const root = await renderCheckout(url, firstPaint, messages);
    if (root === null) return null;
    // What the first taps' script draws the Summary and the total bar with (first-tap-parts.tsx), only where the
    // script is in the page: before the root (decision 255), so the bar follows a tap at once, even one made
    // while the parser is still on the cards; the Summary, after every card, shows it once it is parsed. About
    // 0.4 kB compressed before the first card.
    const parts = taps ? renderFirstTapParts(firstPaint, messages) : '';
    const data: FirstPaint = {
      ...firstPaint,
      lineTotal: messages.lineTotal(amountSlot),
      itemsMissing: countForms(localeOf(firstPaint.language), messages.itemsMissing),
    };
    const html = `${head
      .replace(/<html lang="[^"]*">/, `<html lang="${firstPaint.language}">`)
      .replace(
        /<title>[^<]*<\/title>/,
        `<title>${escapeHtml(messages.appTitle)}</title>`,
      )}<script type="application/json" id="${firstPaintElementId}">${firstPaintJson(data)}</script>${taps}${parts}<div id="root">${root}</div>${tail}`;
    return { html, ...(await compressQuickly(html)), best: false };
  }

  async function drinks(): Promise<{ version: string; drinks: Drink[] }> {
    const body = await catalogue.current();
    if (parsedCatalogue?.version !== body.version) {
      parsedCatalogue = { version: body.version, drinks: JSON.parse(body.json) as Drink[] };
    }
    return parsedCatalogue;
  }

  const fingerprint = fridgeFingerprint(db);

  async function page(c: Context): Promise<RenderedPage | null | 'busy'> {
    const bungalow = parseBungalowParam(c.req.query('bungalow'));
    const language = requestLanguage(c.req.header('cookie'), c.req.header('accept-language'));
    // SQLite: the catalogue's version and the fridge's rows in two synchronous reads, and a kept page
    // answers without reading the drinks at all.
    const quickKey = fingerprint ? `${bungalow}\n${language}\n${fingerprint(bungalow)}` : undefined;
    const quick = quickKey === undefined ? undefined : pages.get(quickKey);
    if (quick) return quick;
    const [listed, fridge] = await Promise.all([drinks(), readFridge(db, bungalow)]);
    // The fridge's answer is small (counts per drink): itself the key of its part of the page.
    const key = quickKey ?? `${listed.version}\n${language}\n${JSON.stringify(fridge)}`;
    const kept = pages.get(key);
    if (kept) return kept;
    let pending = rendering.get(key);
    if (!pending) {
      const release = await renderSlot();
      if (!release) return 'busy';
      // While this request waited, another may have rendered the page or begun to.
      const meanwhile = rendering.get(key) ?? pages.get(key);
      if (meanwhile) {
        release();
        return meanwhile;
      }
      const firstPaint: FirstPaint = { bungalow, language, view: drinksAtFridge(listed.drinks, fridge) };
      const started = performance.now();
      // The route tree matches on the path and reads ?bungalow= as the browser will.
      pending = render(`http://localhost/checkout?bungalow=${bungalow}`, firstPaint)
        .then((rendered) => {
          if (rendered) pages.set(key, rendered);
          return rendered;
        })
        .finally(() => {
          rendering.delete(key);
          // The next fresh render waits as long as this one took: renders take at most half the server's
          // time, whatever comes, and the rest (the health check, a kept page) never queues behind them.
          setTimeout(release, Math.min(performance.now() - started, RENDER_PAUSE_MAX_MS));
        });
      rendering.set(key, pending);
    }
    return pending;
  }

  return {
    /**
     * The rendered page as a response, or null for the shell: it cannot be made, or too many fresh renders
     * are under way (a flood of new pages). The shell in its place is never kept (kept-answers.ts).
     */
    async respond(c: Context): Promise<Response | null> {
      let rendered: RenderedPage | null | 'busy';
      try {
        rendered = await page(c);
      } catch (error) {
        logger.error('the checkout page could not be rendered; sending the shell', describeError(error));
        return null;
      }
      if (rendered === 'busy') {
        logger.debug('too many fresh renders of the checkout page under way; sending the shell');
        return null;
      }
      if (!rendered) return null;
      const headers: Record<string, string> = {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        // The page follows the language cookie and Accept-Language; a cache must not hand one guest's to another.
        Vary: 'Accept-Encoding, Accept-Language, Cookie',
      };
      const policy = shell().policy;
      if (policy) headers['Content-Security-Policy'] = policy;
      const encoding = preferredEncoding(c.req.header('accept-encoding'));
      const encoded = encoding === 'br' ? rendered.brotli : encoding === 'gzip' ? rendered.gzip : undefined;
      // A Headers object: @hono/node-server's Response would drop what middleware adds to a plain object's.
      // Content-Length always: a kept answer (kept-answers.ts) is written as the app wrote it, never chunked.
      if (encoding && encoded) {
        headers['Content-Encoding'] = encoding;
        headers['Content-Length'] = String(encoded.length);
        return new Response(new Uint8Array(encoded), { status: 200, headers: new Headers(headers) });
      }
      headers['Content-Length'] = String(Buffer.byteLength(rendered.html));
      return new Response(rendered.html, { status: 200, headers: new Headers(headers) });
    },
  };
}

/**
 * On SQLite, everything readFridge and the catalogue read that can change the page, in one synchronous
 * statement: the catalogue's version token (every write to "Drinks" replaces it), whether stock is on, whether
 * the fridge is open, its pars and its bottles. Equal fingerprints, equal pages. Read before the data, so a
 * page kept under a fingerprint is never older than it. PostgreSQL keys the page by readFridge's answer.
 */
export function fridgeFingerprint(db: Db): ((bungalow: number) => string) | undefined {
  const sqlite = db.sqlite;
  if (!sqlite) return undefined;
  let statement: ReturnType<typeof sqlite.prepare<[string, number, string], unknown[]>> | undefined;
  return (bungalow) => {
    statement ??= sqlite
      .prepare<[string, number, string], unknown[]>(
        `select (select version from catalogue_version where id = 1),
          (select started_at from stock_state where id = 1),
          (select count(*) from stock_places where place = ?),
          (select group_concat(drink_id || ':' || par) from (select drink_id, par from pars where bungalow = ? order by drink_id)),
          (select group_concat(drink_id || ':' || quantity) from (select drink_id, quantity from stock_balances where place = ? order by drink_id))`,
      )
      .raw();
    const place = fridgeOf(bungalow);
    return JSON.stringify(statement.get(place, bungalow, place));
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
