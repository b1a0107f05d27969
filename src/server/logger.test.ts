import { execFileSync } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { createLogger } from './logger';

const realWrite = process.stdout.write;
afterEach(() => {
  process.stdout.write = realWrite;
});

it('writes the lines of one event-loop turn to stdout in one write, in order', async () => {
  const writes: string[] = [];
  process.stdout.write = ((chunk: string) => {
    writes.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  const logger = createLogger('info');
  logger.info('request', { path: '/a' });
  logger.debug('not at info');
  logger.warn('request', { path: '/b' });
  expect(writes).toEqual([]);
  await new Promise((resolve) => setImmediate(resolve));
  process.stdout.write = realWrite;
  expect(writes).toHaveLength(1);
  const lines = (writes[0] ?? '')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(lines.map((line) => [line.level, line.path])).toEqual([
    ['info', '/a'],
    ['warn', '/b'],
  ]);
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
