import { execFileSync } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { createLogger } from './logger';

const realWrite = process.stdout.write;
afterEach(() => {
  process.stdout.write = realWrite;
});

/** Replaces process.stdout.write for one test; each call's chunk is kept, as the lines it carried. */
function captureStdout() {
  const writes: string[][] = [];
  process.stdout.write = ((chunk: string) => {
    writes.push(String(chunk).trimEnd().split('\n'));
    return true;
  }) as typeof process.stdout.write;
  return writes;
}
const turn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pathsOf = (lines: string[]) => lines.map((line) => JSON.parse(line).path);

it("writes a turn's lines in one write; while lines keep coming, one write per 20 ms carries them all, in order", async () => {
  const writes = captureStdout();
  const logger = createLogger('info');
  // After a quiet spell: written at the end of the turn.
  logger.info('request', { path: '/a' });
  logger.debug('not at info', { path: '/debug' });
  logger.warn('request', { path: '/b' });
  expect(writes).toEqual([]);
  await turn();
  expect(writes.map(pathsOf)).toEqual([['/a', '/b']]);
  // Right after a write: the next lines wait for the interval, over several turns, and go out together.
  logger.info('request', { path: '/c' });
  await turn();
  logger.info('request', { path: '/d' });
  await turn();
  expect(writes).toHaveLength(1);
  await sleep(60);
  expect(writes.map(pathsOf)).toEqual([
    ['/a', '/b'],
    ['/c', '/d'],
  ]);
  // Quiet again: the end of the turn.
  await sleep(60);
  logger.info('request', { path: '/e' });
  await turn();
  expect(writes.map(pathsOf)).toEqual([['/a', '/b'], ['/c', '/d'], ['/e']]);
});

it('a burst of more than 64 KiB of lines is written at once, none lost or reordered', async () => {
  await sleep(60);
  const writes = captureStdout();
  const logger = createLogger('info');
  logger.info('request', { path: '/first' });
  await turn();
  const long = 'x'.repeat(1000);
  for (let i = 0; i < 100; i++) logger.info('request', { path: `/${i}`, long });
  // Past 64 KiB the lines went out during the burst, without waiting for the interval.
  expect(writes.length).toBeGreaterThan(1);
  await sleep(60);
  expect(writes.flatMap(pathsOf)).toEqual(['/first', ...Array.from({ length: 100 }, (_, i) => `/${i}`)]);
});

it('a process that exits right after logging still writes every line', () => {
  const script = `
    import { createLogger } from './src/server/logger.ts';
    const logger = createLogger('info');
    for (let i = 0; i < 3; i++) logger.info('line', { i });
    process.exit(0);
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  expect(
    out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).i),
  ).toEqual([0, 1, 2]);
});

it('a line is exactly the text JSON.stringify writes for time, level, message and the fields', () => {
  const lines: string[] = [];
  const logger = createLogger('debug', (line) => lines.push(line));
  const cases: [string, Record<string, unknown> | undefined][] = [
    ['request', { method: 'GET', path: '/api/drinks', status: 200, ms: 0.4 }],
    ['a "quoted"\nmessage \\ ไทย \u2028', undefined],
    ['m', {}],
    ['m', { tab: 'a\tb\u0001', emoji: '🍺', lone: '\ud800x', 'key "quoted"': 1, ok: true, off: false }],
    ['m', { nan: Number.NaN, inf: -Infinity, negativeZero: -0, big: 1e21, small: 1e-7, none: null }],
    ['m', { skipped: undefined, fn: () => 1, date: new Date(0), nested: { list: [1, undefined, 'x'] } }],
  ];
  for (const [message, fields] of cases) logger.warn(message, fields);
  lines.forEach((line, i) => {
    const [message, fields] = cases[i] ?? ['', undefined];
    const time = JSON.parse(line).time;
    expect(line).toBe(`${JSON.stringify({ time, level: 'warn', message, ...fields })}\n`);
  });
});

it('each line is one JSON object: time, level, message, then the fields, whatever they hold', () => {
  const lines: string[] = [];
  const logger = createLogger('debug', (line) => lines.push(line));
  const before = Date.now();
  logger.info('request', { method: 'GET', path: '/api/drinks', status: 200, ms: 0.4 });
  logger.warn('a "quoted"\nmessage \\ ไทย');
  logger.error('failed', {});
  logger.debug('nested', { error: { message: 'x', list: [1, null] }, skipped: undefined });
  for (const line of lines) expect(line.endsWith('}\n') && !line.slice(0, -1).includes('\n')).toBe(true);
  const parsed = lines.map((line) => JSON.parse(line));
  expect(parsed.map(({ time, ...rest }) => rest)).toEqual([
    { level: 'info', message: 'request', method: 'GET', path: '/api/drinks', status: 200, ms: 0.4 },
    { level: 'warn', message: 'a "quoted"\nmessage \\ ไทย' },
    { level: 'error', message: 'failed' },
    { level: 'debug', message: 'nested', error: { message: 'x', list: [1, null] } },
  ]);
  for (const { time } of parsed) {
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(time)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(time)).toBeLessThanOrEqual(Date.now());
  }
});

it('writes a prepared line exactly as the same fields logged whole, and nothing below its level', () => {
  const lines: string[] = [];
  const logger = createLogger('info', (line) => lines.push(line));
  const fixed = { method: 'GET', path: '/api/"drinks"\n', status: 200, none: undefined };
  const line = logger.prepare('info', 'request', fixed);
  line({ ms: 0.4 });
  logger.info('request', { ...fixed, ms: 0.4 });
  line();
  logger.info('request', fixed);
  expect(lines).toHaveLength(4);
  // The time aside (it may have moved by a millisecond), the same text.
  const withoutTime = lines.map((text) => text.replace(/"time":"[^"]*"/, ''));
  expect(withoutTime[0]).toBe(withoutTime[1]);
  expect(withoutTime[2]).toBe(withoutTime[3]);
  expect(JSON.parse(lines[0] ?? '')).toMatchObject({
    level: 'info',
    message: 'request',
    path: '/api/"drinks"\n',
    ms: 0.4,
  });
  logger.prepare('debug', 'request', fixed)({ ms: 1 });
  expect(lines).toHaveLength(4);
});
