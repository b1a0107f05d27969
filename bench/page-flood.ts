import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { percentile } from './http-load';

/**
 * A flood of new guest pages (DESIGN.md, "Books no one can rewrite": "A flood of new pages cannot stall the
 * server"): `connections` anonymous connections ask `/checkout?bungalow=N` for `bungalows` numbers no one
 * asked before × the six languages, each page once, while a prober asks `/api/health` and a real guest's page
 * (asked before the flood, so kept) every `probeEveryMs`. Issue 49's proof: 4 connections, bungalows
 * 5000-5199, pushed `/api/health` from 19 ms to 1,764 ms (p50).
 */
export interface PageFloodOptions {
  baseURL: string;
  connections: number;
  bungalows: number;
  firstBungalow: number;
  languages: readonly string[];
  /** The real guest's bungalow (one of the resort's). */
  guestBungalow: number;
  probeEveryMs: number;
}

export interface PageFloodReport {
  pages: number;
  floodSeconds: number;
  /** Flood answers that were the rendered page, and those that were the shell (renders refused: too many). */
  rendered: number;
  shell: number;
  failures: number;
  healthBefore: { p50Ms: number; p99Ms: number; samples: number };
  health: { p50Ms: number; p99Ms: number; maxMs: number; samples: number };
  /** `rendered`: every probe of the guest's page got the rendered page, never the shell. */
  guestPage: { p50Ms: number; p99Ms: number; maxMs: number; samples: number; rendered: boolean };
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - started;
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body =
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, body: body.toString('utf8'), ms });
      });
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures = (values: number[]) => ({
  p50Ms: percentile(values, 50),
  p99Ms: percentile(values, 99),
  maxMs: Math.max(...values),
  samples: values.length,
});
const isRendered = (body: string) => body.includes('checkout-first-paint');

export async function runPageFlood(options: PageFloodOptions): Promise<PageFloodReport> {
  const { baseURL } = options;
  // The flood's own connections, the prober's apart (a real guest and a monitor do not queue behind it).
  const floodAgent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  // Brotli asked, as browsers do (the encoding whose strongest level cost the event loop).
  const pageHeaders = (language: string) => ({
    'accept-encoding': 'gzip, deflate, br',
    cookie: `fridge-check-language=${language}`,
  });
  const guestUrl = `${baseURL}/checkout?bungalow=${options.guestBungalow}`;
  const healthUrl = `${baseURL}/api/health`;
  try {
    // The real guest's page, asked a few times before: kept.
    for (let i = 0; i < 3; i++) await get(probeAgent, guestUrl, pageHeaders('en'));
    const quiet: number[] = [];
    for (let i = 0; i < 50; i++) {
      quiet.push((await get(probeAgent, healthUrl, {})).ms);
      await sleep(options.probeEveryMs);
    }

    const asks: { bungalow: number; language: string }[] = [];
    for (let b = 0; b < options.bungalows; b++) {
      for (const language of options.languages) asks.push({ bungalow: options.firstBungalow + b, language });
    }
    let next = 0;
    let rendered = 0;
    let shell = 0;
    let failures = 0;
    let flooding = true;
    const started = performance.now();
    const flooder = async () => {
      for (;;) {
        const ask = asks[next++];
        if (!ask) return;
        try {
          const answer = await get(
            floodAgent,
            `${baseURL}/checkout?bungalow=${ask.bungalow}`,
            pageHeaders(ask.language),
          );
          if (answer.status !== 200) failures += 1;
          else if (isRendered(answer.body)) rendered += 1;
          else shell += 1;
        } catch {
          failures += 1;
        }
      }
    };
    const health: number[] = [];
    const guest: number[] = [];
    let guestRendered = true;
    const prober = async () => {
      for (let turn = 0; flooding; turn++) {
        health.push((await get(probeAgent, healthUrl, {})).ms);
        if (turn % 5 === 0) {
          const answer = await get(probeAgent, guestUrl, pageHeaders('en'));
          guest.push(answer.ms);
          if (answer.status !== 200 || !isRendered(answer.body)) guestRendered = false;
        }
        await sleep(options.probeEveryMs);
      }
    };
    const probing = prober();
    await Promise.all(Array.from({ length: options.connections }, flooder));
    const floodSeconds = (performance.now() - started) / 1000;
    flooding = false;
    await probing;
    return {
      pages: asks.length,
      floodSeconds,
      rendered,
      shell,
      failures,
      healthBefore: { p50Ms: percentile(quiet, 50), p99Ms: percentile(quiet, 99), samples: quiet.length },
      health: figures(health),
      guestPage: { ...figures(guest), rendered: guestRendered },
    };
  } finally {
    floodAgent.destroy();
    probeAgent.destroy();
  }
}
