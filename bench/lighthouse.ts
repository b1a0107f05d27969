import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './http-load';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /**
   * TBT as Lighthouse would give it on an idle machine: each of the page's main-thread tasks after the first
   * contentful paint by the CPU time its thread spent in it (the trace's thread time), 4x (the simulated phone),
   * minus 50 ms. Lighthouse's own TBT takes each task's wall time, which on a busy machine includes the time the
   * renderer waited for a core (`cpuTbt`).
   */
  cpuTbtMs: number;
  /** The longest of those tasks in CPU time (not 4x). */
  longestTaskCpuMs: number;
  cls: number;
  bytes: number;
  benchmarkIndex: number;
  warnings: string[];
  /** Audits of the accessibility and best-practices categories that did not pass (title only). */
  failedAudits: string[];
}

export interface LighthouseReport {
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, 'warnings' | 'failedAudits'>;
  warnings: string[];
  failedAudits: string[];
  chromePath: string;
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function findChrome(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((file): file is string => Boolean(file && fs.existsSync(file)));
}

const repeatVisitWarmUpMs = 5000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

/** The main thread's tasks after the first contentful paint, by CPU time (see `cpuTbtMs`). */
export function cpuTbt(traceEvents: TraceEvent[], url: string) {
  const start = traceEvents.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith(url),
  );
  if (!start) return { cpuTbtMs: Number.NaN, longestTaskCpuMs: Number.NaN };
  const fcp = traceEvents.find((event) => event.name === 'firstContentfulPaint' && event.pid === start.pid);
  const from = fcp?.ts ?? start.ts;
  let cpuTbtMs = 0;
  let longestTaskCpuMs = 0;
  for (const task of traceEvents) {
    if (task.name !== 'RunTask' || task.ph !== 'X' || task.ts < from) continue;
    if (task.pid !== start.pid || task.tid !== start.tid) continue;
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    longestTaskCpuMs = Math.max(longestTaskCpuMs, cpuMs);
    cpuTbtMs += Math.max(0, 4 * cpuMs - 50);
  }
  return { cpuTbtMs, longestTaskCpuMs };
}

/**
 * Lighthouse's default run: a mid-range phone emulated, with simulated slow 4G and a 4x slower CPU. A fresh
 * Chromium profile per run, so nothing is cached between runs.
 */
export async function runLighthouse(
  url: string,
  runs: number,
  { repeatVisit = false } = {},
): Promise<LighthouseReport> {
  const chromePath = findChrome();
  if (!chromePath) throw new Error('No Chromium found: install it or set CHROME_PATH');
  const results: LighthouseRun[] = [];
  // Lighthouse now and then loses the trace of a load on a busy machine (NO_NAVSTART): that run is made again,
  // a few times at most, rather than losing the whole section.
  let retries = 3;
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      const flags = {
        port: chrome.port,
        output: 'json' as const,
        logLevel: 'error' as const,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // A repeat visit keeps what the first load left: the service worker and its caches.
        disableStorageReset: repeatVisit,
      };
      if (repeatVisit) {
        await lighthouse(url, flags);
        // The worker installs (precaches) after the first load; give it time before the measured visit.
        await new Promise((resolve) => setTimeout(resolve, repeatVisitWarmUpMs));
      }
      const result = await lighthouse(url, flags);
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError && retries > 0) {
        retries--;
        i--;
        continue;
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse failed: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
      const failedAudits = ['accessibility', 'best-practices'].flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
          const a = lhr.audits[ref.id];
          return a && ref.weight > 0 && a.score !== null && a.score < 1 ? [`${category}: ${a.title}`] : [];
        }),
      );
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        ...cpuTbt((result.artifacts.Trace?.traceEvents ?? []) as TraceEvent[], url),
        cls: audit('cumulative-layout-shift'),
        bytes: audit('total-byte-weight'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        warnings: lhr.runWarnings.map(String),
        failedAudits,
      });
    } finally {
      chrome.kill();
    }
  }
  const of = (pick: (run: LighthouseRun) => number) => median(results.map(pick));
  return {
    runs: results,
    median: {
      performance: of((r) => r.performance),
      accessibility: of((r) => r.accessibility),
      bestPractices: of((r) => r.bestPractices),
      fcpMs: of((r) => r.fcpMs),
      lcpMs: of((r) => r.lcpMs),
      tbtMs: of((r) => r.tbtMs),
      cpuTbtMs: of((r) => r.cpuTbtMs),
      longestTaskCpuMs: of((r) => r.longestTaskCpuMs),
      cls: of((r) => r.cls),
      bytes: of((r) => r.bytes),
      benchmarkIndex: of((r) => r.benchmarkIndex),
    },
    warnings: [...new Set(results.flatMap((r) => r.warnings))],
    failedAudits: [...new Set(results.flatMap((r) => r.failedAudits))],
    chromePath,
  };
}
