import autocannon, { type AutocannonRequest } from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, plus connection errors and timeouts: should be 0. */
  failures: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** A different path and body for every request (a payment on one checkout after another). */
  next?: () => { path: string; body: string };
}

/** One autocannon run on loopback, one request at a time per connection (no pipelining, as browsers do). */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
    timeout: 10,
    method: options.method ?? 'GET',
    ...(options.body === undefined && options.next === undefined
      ? options.headers
        ? { headers: options.headers }
        : {}
      : { body: options.body, headers: { 'content-type': 'application/json', ...options.headers } }),
    ...(options.next
      ? {
          requests: [
            {
              method: options.method ?? 'POST',
              setupRequest: (request: AutocannonRequest) => ({ ...request, ...options.next?.() }),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The nearest-rank percentile `p` (0-100) of `values` (sorted here), NaN when there are none. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
};

/** The median of each figure over several runs (each figure on its own). */
export function medianOf(results: LoadResult[]): LoadResult & { runs: number } {
  return {
    requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
    p50Ms: median(results.map((r) => r.p50Ms)),
    p99Ms: median(results.map((r) => r.p99Ms)),
    failures: results.reduce((total, r) => total + r.failures, 0),
    runs: results.length,
  };
}

export interface Contender {
  label: string;
  url: string;
  /** Sent with every GET (a browser's Accept-Encoding, say). */
  headers?: Record<string, string>;
}

/**
 * Runs every contender at every connection count, round after round, alternating who goes first, so a
 * neighbour's burst of CPU use hurts both sides alike; returns the medians.
 */
export async function interleave(
  contenders: Contender[],
  options: { connections: number[]; rounds: number; durationSeconds: number; onRun?: (line: string) => void },
): Promise<Record<string, Record<number, LoadResult & { runs: number }>>> {
  const runs: Record<string, Record<number, LoadResult[]>> = {};
  for (let round = 0; round < options.rounds; round++) {
    for (const connections of options.connections) {
      const order = round % 2 === 0 ? contenders : [...contenders].reverse();
      for (const contender of order) {
        const result = await load(contender.url, {
          connections,
          durationSeconds: options.durationSeconds,
          headers: contender.headers,
        });
        runs[contender.label] ??= {};
        (runs[contender.label] as Record<number, LoadResult[]>)[connections] ??= [];
        runs[contender.label]?.[connections]?.push(result);
        options.onRun?.(
          `  round ${round + 1} ${contender.label} c=${connections}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
        );
      }
    }
  }
  return Object.fromEntries(
    Object.entries(runs).map(([label, byConnections]) => [
      label,
      Object.fromEntries(
        Object.entries(byConnections).map(([connections, results]) => [connections, medianOf(results)]),
      ),
    ]),
  );
}
