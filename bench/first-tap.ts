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
  /** Between the two: taps that did nothing. */
  deadMs: number;
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
 * which the count beside that + first went up.
 */
function probeScript() {
  const probe = {
    drawnMs: null as number | null,
    firstCountedMs: null as number | null,
    lastClickMs: null as number | null,
    counted: 0,
  };
  (window as unknown as { firstTapProbe: typeof probe }).firstTapProbe = probe;
  const plus = () => document.querySelector<HTMLButtonElement>('button[aria-label^="Add one"]');
  const countText = () => plus()?.closest('li')?.querySelector('output')?.textContent ?? null;
  const frame = (now: number) => {
    const button = plus();
    if (button && button.getBoundingClientRect().height > 0) probe.drawnMs = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.addEventListener(
    'click',
    (event) => {
      probe.lastClickMs = event.timeStamp;
    },
    true,
  );
  let last = '0';
  new MutationObserver(() => {
    const now = countText();
    if (now === null || now === last) return;
    if (Number(now) > Number(last)) {
      probe.counted++;
      if (probe.firstCountedMs === null) probe.firstCountedMs = probe.lastClickMs;
    }
    last = now;
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

interface ProbeState {
  drawnMs: number | null;
  firstCountedMs: number | null;
  counted: number;
}

/** Where the first + sits once the page is drawn (a warm-up visit, no throttling): the probe taps there. */
async function plusPosition(browser: Browser, url: string) {
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
async function probeOnce(browser: Browser, url: string, at: { x: number; y: number }): Promise<FirstTapRun> {
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
    await page.addInitScript(probeScript);
    // A finger on the first +'s place from the start: a tap every 50 ms, sent without waiting for the page
    // (a busy page takes it late, as a phone does; its event keeps the time it was made).
    let tapping = true;
    const tap = (type: 'mousePressed' | 'mouseReleased') =>
      cdp
        .send('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: 'left', clickCount: 1 })
        .catch(() => {});
    const taps = (async () => {
      while (tapping) {
        void tap('mousePressed').then(() => tap('mouseReleased'));
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
    if (seen?.firstCountedMs == null || seen.drawnMs == null) throw new Error(`no tap counted on ${url}`);
    // The app started: its code all here (the network quiet), then the bytes are read.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
    const firstCountedMs = seen.firstCountedMs;
    const bytes = await page.evaluate((counted) => {
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => /\.m?js(\?|$)/.test(entry.name));
      const sum = (list: PerformanceResourceTiming[]) =>
        list.reduce((total, entry) => total + entry.encodedBodySize, 0);
      const inline = [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !script.getAttribute('type') || script.getAttribute('type') === 'module')
        .reduce((total, script) => total + (script.textContent?.length ?? 0), 0);
      return {
        before: sum(scripts.filter((entry) => entry.responseEnd <= counted)),
        total: sum(scripts),
        inline,
      };
    }, firstCountedMs);
    return {
      drawnMs: seen.drawnMs,
      firstCountedMs,
      deadMs: Math.max(0, firstCountedMs - seen.drawnMs),
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
    { name: commit, server: await startServer({ entry: oldEntry, env: { LOG_LEVEL: 'warn' } }) },
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
          )} ms, JS before ${run.jsBytesBeforeCounted} B`,
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
            deadMs: of((r) => r.deadMs),
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
