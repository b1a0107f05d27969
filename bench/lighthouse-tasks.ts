/**
 * Where Lighthouse's Total Blocking Time on /checkout comes from: one Lighthouse run (mobile, simulated
 * throttling, as bench section 6) per line of output, and for each the page's main-thread tasks after the first
 * contentful paint that Lighthouse's simulation blocks on (4x their wall time, 2x for a task that laid out the
 * page, over 50 ms), each with its wall and CPU time and what ran in it (a script's evaluation or a callback,
 * by file, a layout, a parse). Lighthouse's own TBT simulates the same tasks; this names them.
 *
 *   npm run build && npx tsx bench/lighthouse-tasks.ts
 *
 * Environment: LIGHTHOUSE_TASKS_RUNS (3), LIGHTHOUSE_TASKS_BUSY=1 (one core kept busy beside it, as the bench's
 * lighthouse-busy section), LIGHTHOUSE_TASKS_ENTRY (another build's server, e.g. a copy of dist/server/main.js's
 * folder), LIGHTHOUSE_TASKS_MIN_MS (list tasks of at least this wall time, 5).
 */
import { spawn } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../tests/support/server-process';
import { findChrome } from './lighthouse';

const { env } = process;
const runs = Number(env.LIGHTHOUSE_TASKS_RUNS ?? 3);
const minMs = Number(env.LIGHTHOUSE_TASKS_MIN_MS ?? 5);

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    data?: {
      documentLoaderURL?: string;
      url?: string;
      functionName?: string;
      type?: string;
      stackTrace?: { url?: string; functionName?: string }[];
    };
    fileName?: string;
  };
}

const short = (url = '') => url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '') || '(inline)';

/** What ran inside a task, named by its largest children. */
function describe(task: TraceEvent, children: TraceEvent[]): string {
  const parts = new Map<string, number>();
  for (const child of children) {
    if (child.ts < task.ts || child.ts > task.ts + (task.dur ?? 0)) continue;
    let name: string | undefined;
    const data = child.args?.data;
    if (child.name === 'EvaluateScript') name = `eval ${short(data?.url)}`;
    else if (child.name === 'v8.evaluateModule') name = 'module eval';
    else if (child.name === 'FunctionCall') name = `call ${short(data?.url)}:${data?.functionName ?? ''}`;
    else if (child.name === 'TimerFire') name = 'timer';
    else if (child.name === 'FireAnimationFrame') name = 'raf';
    else if (child.name === 'EventDispatch') name = `event ${data?.type ?? ''}`;
    else if (child.name === 'ParseHTML') name = 'parse html';
    else if (child.name === 'Layout') name = 'layout';
    else if (child.name === 'UpdateLayoutTree') name = 'style';
    else if (child.name === 'v8.compile' || child.name === 'v8.compileModule')
      name = `compile ${short(data?.url ?? child.args?.fileName)}`;
    else if (child.name === 'MajorGC' || child.name === 'MinorGC') name = child.name;
    else if (child.name === 'RunMicrotasks') name = 'microtasks';
    if (!name) continue;
    parts.set(name, (parts.get(name) ?? 0) + (child.tdur ?? child.dur ?? 0) / 1000);
  }
  return [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
}

function busyCore() {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () => child.kill('SIGKILL');
}

const chromePath = findChrome();
if (!chromePath) throw new Error('No Chromium found: install it or set CHROME_PATH');
const server = await startServer({
  env: { LOG_LEVEL: 'warn' },
  ...(env.LIGHTHOUSE_TASKS_ENTRY ? { entry: env.LIGHTHOUSE_TASKS_ENTRY } : {}),
});
const stopBusy = env.LIGHTHOUSE_TASKS_BUSY === '1' ? busyCore() : () => {};
const url = `${server.baseURL}/checkout`;
try {
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
      console.log(
        `run ${i + 1}: benchmarkIndex ${lhr.environment.benchmarkIndex}, TBT ${audit('total-blocking-time')} ms, ` +
          `FCP ${audit('first-contentful-paint')} ms, LCP ${audit('largest-contentful-paint')} ms, ` +
          `TTI ${audit('interactive')} ms${lhr.runtimeError ? `, error ${lhr.runtimeError.code}` : ''}`,
      );
      const events = (result.artifacts.Trace?.traceEvents ?? []) as TraceEvent[];
      const start = events.find(
        (event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith(url),
      );
      if (!start) continue;
      const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === start.pid);
      const main = events.filter((event) => event.pid === start.pid && event.tid === start.tid);
      const tasks = main.filter((event) => event.name === 'RunTask' && event.ph === 'X');
      let blocking = 0;
      let cpuAfterFcp = 0;
      let tasksAfterFcp = 0;
      for (const task of tasks) {
        const wallMs = (task.dur ?? 0) / 1000;
        if (!fcp || task.ts >= fcp.ts) {
          cpuAfterFcp += (task.tdur ?? 0) / 1000;
          tasksAfterFcp++;
        }
        if (wallMs < minMs) continue;
        const children = main.filter(
          (event) =>
            event.ph === 'X' &&
            event !== task &&
            event.ts >= task.ts &&
            event.ts <= task.ts + (task.dur ?? 0),
        );
        const laidOut = children.some((event) => event.name === 'Layout');
        const simulated = wallMs * (laidOut ? 2 : 4);
        const afterFcp = !fcp || task.ts >= fcp.ts;
        if (afterFcp) blocking += Math.max(0, simulated - 50);
        console.log(
          `  ${afterFcp ? ' ' : '<'} at ${((task.ts - start.ts) / 1000).toFixed(0).padStart(5)} ms wall ${wallMs
            .toFixed(1)
            .padStart(6)} cpu ${((task.tdur ?? 0) / 1000).toFixed(1).padStart(6)} sim ${simulated
            .toFixed(0)
            .padStart(4)}  ${describe(task, children)}`,
        );
      }
      console.log(
        `  after FCP: ${cpuAfterFcp.toFixed(1)} ms of CPU in ${tasksAfterFcp} tasks; simulated over 50 ms: ` +
          `${blocking.toFixed(0)} ms ('<' marks a task before FCP)`,
      );
    } finally {
      chrome.kill();
    }
  }
} finally {
  stopBusy();
  await server.stop();
}
