import { writeSync } from 'node:fs';
import type { LogLevel } from './config';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /**
   * A line logged again and again with the same level, message and first fields (a kept answer's request line,
   * http/kept-answers.ts): those formatted once, so each call formats only the time and `fields`. The same line
   * as `info(message, { ...fixed, ...fields })` and the others write.
   */
  prepare(
    at: Exclude<LogLevel, 'silent'>,
    message: string,
    fixed: Record<string, unknown>,
  ): (fields?: Record<string, unknown>) => void;
}

let pendingLines: string[] = [];
let pendingChars = 0;
let flushScheduled = false;
let lastFlush = Number.NEGATIVE_INFINITY;

/** Under load, at most one write(2) in this many milliseconds carries every line logged in between. */
const FLUSH_INTERVAL_MS = 20;
/** More than this waiting is written at once, whatever the interval: a burst of long lines stays small. */
const FLUSH_CHARS = 64 * 1024;

function flushPendingLines() {
  flushScheduled = false;
  lastFlush = performance.now();
  if (pendingLines.length === 0) return;
  const chunk = pendingLines.join('');
  pendingLines = [];
  pendingChars = 0;
  process.stdout.write(chunk);
}

/**
 * Lines go to stdout in batches. A line logged after a quiet spell is written at the end of its turn of the
 * event loop; while lines keep coming, the next write waits until FLUSH_INTERVAL_MS after the last one, so
 * one write(2) carries every request of those milliseconds instead of the few of one turn (a write per turn
 * still cost GET /api/drinks about as much as formatting its line). What is still pending when the process
 * exits (a crash included) is written synchronously; only a kill -9 can lose the last FLUSH_INTERVAL_MS.
 */
function bufferedStdout(line: string) {
  if (!exitHookInstalled) installExitHook();
  pendingLines.push(line);
  pendingChars += line.length;
  if (pendingChars > FLUSH_CHARS) {
    flushPendingLines();
    return;
  }
  if (flushScheduled) return;
  flushScheduled = true;
  const wait = lastFlush + FLUSH_INTERVAL_MS - performance.now();
  if (wait <= 0) setImmediate(flushPendingLines);
  // Unref'd: a pending line never keeps the process alive (the exit hook writes it).
  else setTimeout(flushPendingLines, wait).unref();
}

let exitHookInstalled = false;
function installExitHook() {
  exitHookInstalled = true;
  process.on('exit', () => {
    if (pendingLines.length > 0) writeSync(1, pendingLines.join(''));
    pendingLines = [];
    pendingChars = 0;
  });
}

let isoMs = Number.NaN;
let iso = '';
/** The time of a line, formatted once per millisecond: a busy server logs many requests in each. */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    iso = new Date(ms).toISOString();
  }
  return iso;
}

/** Characters JSON.stringify would escape (quotes, backslashes, controls, surrogates, paired or not). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among what JSON escapes.
const needsEscape = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON: exactly JSON.stringify's output, without calling it for the plain strings most are. */
function jsonString(value: string): string {
  return needsEscape.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/** A field's value as JSON, or undefined where JSON.stringify would leave the field out. */
function jsonValue(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      return JSON.stringify(value);
  }
}

/**
 * One JSON line per event on stdout; callers never pass passwords or tokens. The line is written by hand,
 * JSON.stringify only for nested values and strings that need escaping: every request logs a line, and a
 * stringify of its fields object was most of the line's formatting. A field may not be called time, level
 * or message.
 */
export function createLogger(level: LogLevel, write: (line: string) => void = bufferedStdout): Logger {
  /** What follows the time: the level, the message and the fields. */
  const body = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) =>
    `","level":"${at}","message":${jsonString(message)}${fieldsJson(fields)}`;
  const emit = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (order[at] < order[level]) return;
    write(`{"time":"${isoNow()}${body(at, message, fields)}}\n`);
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    prepare(at, message, fixed) {
      if (order[at] < order[level]) return () => {};
      const head = body(at, message, fixed);
      return (fields) => write(`{"time":"${isoNow()}${head}${fieldsJson(fields)}}\n`);
    },
  };
}

/** The fields as `,"key":value` each, in their order, leaving out those JSON.stringify would. */
function fieldsJson(fields: Record<string, unknown> | undefined): string {
  if (fields === undefined) return '';
  let json = '';
  for (const key of Object.keys(fields)) {
    const value = jsonValue(fields[key]);
    if (value !== undefined) json += `,${jsonString(key)}:${value}`;
  }
  return json;
}

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
