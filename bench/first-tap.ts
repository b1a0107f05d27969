/**
 * The first tap (DESIGN.md, "The first tap counts"): the probe, run on this build and on an older
 * commit's, alternating. A first visit of /checkout on a phone's viewport, the CPU 4x slower (CDP
 * Emulation.setCPUThrottlingRate), 150 ms round trip and 1.6 Mbit/s down (Network.emulateNetworkConditions),
 * tapping the first + every 50 ms; it reads when the + was drawn, the first tap that counted, and the
 * JavaScript that came over the wire before it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { startServer } from '../tests/support/server-process';
import { median } from './http-load';
import { findChrome } from './lighthouse';

/** The build before the server render of /checkout: the baseline. */
export const firstTapBaseCommit = 'b772b45';

export interface FirstTapRun {
  /** From the navigation's start until the first + was on screen (a frame with it laid out). */
  drawnMs: number;
  /** The first tap that counted (its event's time): the count beside that + went up. */
  firstCountedMs: number;
  /** From drawn to the first counted tap. */
  drawnToCountedMs: number;
  /**
   * Taps that did nothing: from the first tap the page received after + was drawn to the first that counted.
   * On a loaded machine the tapping process itself may pause; this is what the page's own time refused.
   */
  deadMs: number;
  /** From the first counted tap until its count was on the page (a long task in the way delays it). */
  shownAfterMs: number;
  /**
   * From the navigation's start until the Summary first listed a line (it said 'No items selected' before): from
   * then on the page no longer contradicts the count on the card (DESIGN.md, "The page ready as it is drawn").
   */
  summaryMs: number;
  /**
   * From the navigation's start until the total bar, fixed under the thumb, first showed (it shows once something
   * is counted): the one part of the Summary's figures on screen while the cards are (decision 255).
   */
  barMs: number;
  /** From the navigation's start until the app had started: Share Receipt and Generate PDF on the page. */
  appStartMs: number;
  /** JavaScript files' bodies on the wire that had arrived by the first counted tap. */
  jsBytesBeforeCounted: number;
  /** JavaScript inline in the page's HTML (raw): the first taps' script. */
  inlineJsBytes: number;
  /** Every JavaScript file's body on the wire by the time the app had started and the run ended. */
  jsBytesTotal: number;
}

export interface FirstTapReport {
  builds: { name: string; runs: FirstTapRun[]; median: FirstTapRun }[];
}

/** The probe: a phone's viewport, a 4x slower CPU, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export const probeConditions = {
  viewport: { width: 412, height: 823 },
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  tapEveryMs: 50,
};

/**
 * Runs in the page before anything else: watches for the first + (its drawn time, the first frame with it laid
 * out), records every click's time first of all listeners (capture, on window), and notes the click during
 * which the count beside that + first went up. A string, not a function: tsx's transform would name its inner
 * functions through a helper the page does not have.
 */
const probeScript = `(() => {
  const probe = { drawnMs: null, firstCountedMs: null, firstShownMs: null, summaryMs: null, barMs: null, appStartMs: null, lastClickMs: null, counted: 0, clicks: [] };
  window.firstTapProbe = probe;
  const plus = () => document.querySelector('button[aria-label^="Add one"]');
  const countText = () => plus()?.closest('li')?.querySelector('output')?.textContent ?? null;
  const frame = (now) => {
    const button = plus();
    if (button && button.getBoundingClientRect().height > 0) probe.drawnMs = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.addEventListener('click', (event) => {
    probe.lastClickMs = event.timeStamp;
    if (probe.clicks.length < 1000) probe.clicks.push(event.timeStamp);
  }, true);
  let last = '0';
  const receiptButtons = () => {
    const texts = [...(document.getElementById('summary')?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
    return texts.some((t) => t.includes('Share Receipt')) && texts.some((t) => t.includes('Generate PDF'));
  };
  new MutationObserver(() => {
    if (probe.summaryMs === null && document.querySelector('#summary li')) probe.summaryMs = performance.now();
    if (probe.barMs === null && document.querySelector('div.fixed.bottom-0')) probe.barMs = performance.now();
    if (probe.appStartMs === null && receiptButtons()) probe.appStartMs = performance.now();
    const now = countText();
    if (now === null || now === last) return;
    if (Number(now) > Number(last)) {
      probe.counted++;
      if (probe.firstCountedMs === null) {
        probe.firstCountedMs = probe.lastClickMs;
        probe.firstShownMs = performance.now();
      }
    }
    last = now;
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

interface ProbeState {
  drawnMs: number | null;
  firstCountedMs: number | null;
  firstShownMs: number | null;
  summaryMs: number | null;
  barMs: number | null;
  appStartMs: number | null;
  counted: number;
  /** Every click's time, as the page received them. */
  clicks: number[];
}

/** Where the first + sits once the page is drawn (a warm-up visit, no throttling): the probe taps there. */
export async function plusPosition(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: probeConditions.viewport, isMobile: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const box = await page.locator('button[aria-label^="Add one"]').first().boundingBox();
    if (!box) throw new Error(`no + on ${url}`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } finally {
    await context.close();
  }
}

/** One first visit under the probe's conditions. */
export async function probeOnce(
  browser: Browser,
  url: string,
  at: { x: number; y: number },
): Promise<FirstTapRun> {
  const context = await browser.newContext({ viewport: probeConditions.viewport, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: probeConditions.latencyMs,
      downloadThroughput: probeConditions.downloadBytesPerSecond,
      uploadThroughput: probeConditions.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: probeConditions.cpuSlowdown });
    await page.addInitScript({ content: probeScript });
    // A finger on the first +'s place from the start: a tap every 50 ms, sent without waiting for the page
    // (a busy page takes it late, as a phone does; its event keeps the time it was made).
    let tapping = true;
    const tap = (type: 'mousePressed' | 'mouseReleased') =>
      cdp
        .send('Input.dispatchMouseEvent', {
          type,
          x: at.x,
          y: at.y,
          button: 'left',
          clickCount: 1,
          // The finger's time: DevTools sends one event at a time, each once the page has taken the one before,
          // so without it a tap made during a long task would carry the time the page got round to it.
          timestamp: Date.now() / 1000,
        })
        .catch(() => {});
    const taps = (async () => {
      while (tapping) {
        // Both sent at once: the session keeps their order, and a busy page takes them when it can.
        void tap('mousePressed');
        void tap('mouseReleased');
        await new Promise((resolve) => setTimeout(resolve, probeConditions.tapEveryMs));
      }
    })();
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const state = () =>
      page.evaluate(() => (window as unknown as { firstTapProbe?: ProbeState }).firstTapProbe ?? null);
    const deadline = Date.now() + 60_000;
    let seen: ProbeState | null = null;
    while (Date.now() < deadline) {
      seen = await state().catch(() => null);
      if (seen?.firstCountedMs != null && seen.drawnMs != null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    tapping = false;
    await taps;
    if (seen?.firstCountedMs == null || seen.drawnMs == null) {
      throw new Error(`no tap counted on ${url}: ${JSON.stringify(seen)}`);
    }
    // The app started (React holds the page, Share Receipt and Generate PDF are there) and its start's downloads
    // ended (no new one for 1.5 s).
    const started = `Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'))`;
    const startDeadline = Date.now() + 60_000;
    while (Date.now() < startDeadline) {
      seen = (await state().catch(() => null)) ?? seen;
      if (seen?.appStartMs != null && (await page.evaluate(started))) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (seen?.firstCountedMs == null || seen.drawnMs == null)
      throw new Error(`the probe's state was lost on ${url}`);
    let downloads = -1;
    for (let quiet = 0; quiet < 3; ) {
      const now = (await page.evaluate(`performance.getEntriesByType('resource').length`)) as number;
      quiet = now === downloads ? quiet + 1 : 0;
      downloads = now;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const firstCountedMs = seen.firstCountedMs;
    // A string for the same reason as probeScript.
    const bytes = (await page.evaluate(`(() => {
      const counted = ${firstCountedMs};
      const scripts = performance.getEntriesByType('resource').filter((entry) => /\\.m?js(\\?|$)/.test(entry.name));
      const sum = (list) => list.reduce((total, entry) => total + entry.encodedBodySize, 0);
      const inline = [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !script.type || script.type === 'module')
        .reduce((total, script) => total + (script.textContent?.length ?? 0), 0);
      return { before: sum(scripts.filter((entry) => entry.responseEnd <= counted)), total: sum(scripts), inline };
    })()`)) as { before: number; total: number; inline: number };
    const drawnMs = seen.drawnMs;
    return {
      drawnMs,
      firstCountedMs,
      drawnToCountedMs: Math.max(0, firstCountedMs - drawnMs),
      shownAfterMs: Math.max(0, (seen.firstShownMs ?? firstCountedMs) - firstCountedMs),
      summaryMs: seen.summaryMs ?? Number.NaN,
      barMs: seen.barMs ?? Number.NaN,
      appStartMs: seen.appStartMs ?? Number.NaN,
      deadMs: Math.max(0, firstCountedMs - (seen.clicks.find((click) => click >= drawnMs) ?? firstCountedMs)),
      jsBytesBeforeCounted: bytes.before,
      inlineJsBytes: bytes.inline,
      jsBytesTotal: bytes.total,
    };
  } finally {
    await context.close();
  }
}

/**
 * The older commit built in a git worktree under the system's temporary folder, kept between bench runs (its
 * dist/ is reused while it is there). Its dependencies: its own `npm ci`, unless its package-lock.json is this
 * checkout's, when this checkout's node_modules serve (the same packages, without a second install on a shared
 * machine).
 */
export function buildOldCommit(commit: string, log: (line: string) => void): string {
  const dir = path.join(os.tmpdir(), `fridge-first-tap-${commit}`);
  const entry = path.join(dir, 'dist/server/main.js');
  if (fs.existsSync(entry)) {
    log(`first-tap: reusing the build of ${commit} in ${dir}`);
    return entry;
  }
  const git = (...args: string[]) => execFileSync('git', args, { stdio: 'pipe' });
  if (!fs.existsSync(dir)) {
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', dir, commit);
  }
  const sameLock =
    git('show', `${commit}:package-lock.json`).toString() === fs.readFileSync('package-lock.json', 'utf8');
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) {
    if (sameLock) fs.symlinkSync(path.resolve('node_modules'), modules, 'dir');
    else {
      log(`first-tap: npm ci for ${commit} in ${dir}`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
    }
  }
  log(`first-tap: building ${commit} in ${dir}`);
  execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'pipe' });
  return entry;
}

/** This build and the older commit's, alternating, `runs` visits each; medians per build. */
export async function runFirstTapBench(
  runs: number,
  log: (line: string) => void,
  commit = firstTapBaseCommit,
): Promise<FirstTapReport> {
  const oldEntry = buildOldCommit(commit, log);
  const servers = [
    { name: 'this build', server: await startServer({ env: { LOG_LEVEL: 'warn' } }) },
    {
      name: commit,
      // BENCH_OLD_NODE: b772b45's better-sqlite3 builds for Node 20 only (/usr/bin/node here), not Node 24.
      server: await startServer({
        entry: oldEntry,
        env: { LOG_LEVEL: 'warn' },
        node: process.env.BENCH_OLD_NODE,
      }),
    },
  ];
  const chromePath = findChrome();
  const browser = await chromium.launch(chromePath ? { executablePath: chromePath } : {});
  try {
    const builds = [];
    for (const { name, server } of servers) {
      const url = `${server.baseURL}/checkout?bungalow=3`;
      builds.push({ name, url, at: await plusPosition(browser, url), runs: [] as FirstTapRun[] });
    }
    for (let i = 0; i < runs; i++) {
      for (const build of i % 2 === 0 ? builds : [...builds].reverse()) {
        const run = await probeOnce(browser, build.url, build.at);
        log(
          `first-tap ${build.name} #${i + 1}: drawn ${Math.round(run.drawnMs)} ms, first counted ${Math.round(
            run.firstCountedMs,
          )} ms, Summary ${Math.round(run.summaryMs)} ms, bar ${Math.round(run.barMs)} ms, app started ${Math.round(run.appStartMs)} ms, JS before ${
            run.jsBytesBeforeCounted
          } B`,
        );
        build.runs.push(run);
      }
    }
    return {
      builds: builds.map(({ name, runs: list }) => {
        const of = (pick: (run: FirstTapRun) => number) => median(list.map(pick));
        return {
          name,
          runs: list,
          median: {
            drawnMs: of((r) => r.drawnMs),
            firstCountedMs: of((r) => r.firstCountedMs),
            drawnToCountedMs: of((r) => r.drawnToCountedMs),
            deadMs: of((r) => r.deadMs),
            shownAfterMs: of((r) => r.shownAfterMs),
            summaryMs: of((r) => r.summaryMs),
            barMs: of((r) => r.barMs),
            appStartMs: of((r) => r.appStartMs),
            jsBytesBeforeCounted: of((r) => r.jsBytesBeforeCounted),
            inlineJsBytes: of((r) => r.inlineJsBytes),
            jsBytesTotal: of((r) => r.jsBytesTotal),
          },
        };
      }),
    };
  } finally {
    await browser.close();
    for (const { server } of servers) await server.stop();
  }
}
