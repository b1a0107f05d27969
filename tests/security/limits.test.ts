import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/shared/constants';
import { type ServerProcess, startServer } from '../support/server-process';

const cap = limits.bodyBytesMax;

/** Resident memory of the server process, from the kernel. */
function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb * 1024;
}

interface Sent {
  status: number;
  body: string;
}

/** One request over a fresh socket; chunked when no Content-Length is given. The server may stop reading early. */
function send(
  server: ServerProcess,
  method: string,
  path: string,
  body: Buffer,
  { chunked, cookie }: { chunked: boolean; cookie: string },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      cookie,
      connection: 'close',
    };
    if (!chunked) headers['content-length'] = String(body.length);
    const request = http.request(
      `${server.baseURL}${path}`,
      { method, headers, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    // Writing after the server has answered 413 and closed is expected; the answer is what counts.
    request.on('error', (error) => reject(error));
    if (chunked) {
      for (let at = 0; at < body.length; at += 4096) request.write(body.subarray(at, at + 4096));
    } else request.write(body);
    request.end();
  });
}

/** A JSON body that would be valid but for its size: twice the cap. */
const oversized = (field: string) => {
  const filler = 'x'.repeat(2 * cap);
  return Buffer.from(JSON.stringify({ [field]: filler }));
};

describe('body size cap and slow clients (real server)', () => {
  let server: ServerProcess;
  let cookie = '';
  beforeAll(async () => {
    // A 1 MB young generation: otherwise V8 lets up to ~48 MB of short-lived garbage pile up between
    // scavenges, and RSS would measure when the collector last ran rather than what stays allocated.
    server = await startServer({ env: { NODE_OPTIONS: '--max-semi-space-size=1' } });
    const login = await fetch(`${server.baseURL}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: server.adminPassword }),
    });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('bodies at twice the 16 KiB cap, by Content-Length and chunked: 100% 413, 0 5xx, memory growth under 20 MB', async () => {
    const writes: [string, string, string][] = [
      ['POST', '/api/drinks', 'drinkName'],
      ['PUT', '/api/drinks/1', 'drinkName'],
      ['PUT', '/api/guest', 'name'],
      ['POST', '/api/checkouts', 'items'],
      ['POST', '/api/checkouts/1/void', 'reason'],
      ['POST', '/api/restock/1', 'note'],
      ['POST', '/api/session', 'password'],
    ];
    const pid = server.child.pid ?? 0;
    const round = async () => {
      const results: Sent[] = [];
      for (const [method, path, field] of writes) {
        for (const chunked of [false, true]) {
          const sent = await send(server, method, path, oversized(field), { chunked, cookie });
          expect(sent.status, `${method} ${path} chunked=${chunked}: ${sent.body}`).toBe(413);
          expect(JSON.parse(sent.body).error.code).toBe('payload_too_large');
          results.push(sent);
        }
      }
      return results;
    };
    // Warm-up: code paths compiled and the heap at its working size before measuring, so that what is
    // measured is growth with the number of requests (a leak), not the first garbage collections.
    for (let i = 0; i < 10; i++) await round();
    const before = rssBytes(pid);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push(...(await round()).map((r) => r.status));
    const growth = rssBytes(pid) - before;
    console.log(
      `[figure] oversized bodies: ${statuses.length} sent (half chunked), 413 ${statuses.filter((s) => s === 413).length}, ` +
        `5xx ${statuses.filter((s) => s >= 500).length}, server RSS growth ${(growth / 1024 / 1024).toFixed(1)} MB`,
    );
    expect(statuses.every((s) => s === 413)).toBe(true);
    expect(growth).toBeLessThan(20 * 1024 * 1024);
    // Nothing got through: the catalogue is still the seeded one.
    const drinks = await (await fetch(`${server.baseURL}/api/drinks`)).json();
    expect(drinks.every((d: { drinkName: string }) => d.drinkName.length <= limits.drinkNameMax)).toBe(true);
  });

  it('100 connections sending headers slowly are closed by the server while normal requests are answered', async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 100 },
        () =>
          new Promise<net.Socket>((resolve, reject) => {
            const socket = net.connect(server.port, '127.0.0.1', () => resolve(socket));
            socket.on('error', reject);
          }),
      ),
    );
    let closedByServer = 0;
    const closed = sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.on('error', () => {});
          socket.on('close', () => {
            closedByServer++;
            resolve();
          });
          socket.write('GET /api/drinks HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        }),
    );
    // One more header line per second from each: never finishing, never idle.
    const drip = setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write(`X-Slow-${Date.now()}: 1\r\n`);
    }, 1000);
    const normal: number[] = [];
    let stop = false;
    const probing = (async () => {
      while (!stop) {
        const response = await fetch(`${server.baseURL}/api/drinks`);
        normal.push(response.status);
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    try {
      await Promise.all(closed);
    } finally {
      clearInterval(drip);
      stop = true;
      await probing;
    }
    console.log(
      `[figure] slow-header connections closed by the server: ${closedByServer}/100; normal requests meanwhile: ` +
        `${normal.length}, non-200 ${normal.filter((s) => s !== 200).length}`,
    );
    expect(closedByServer).toBe(100);
    expect(normal.length).toBeGreaterThan(10);
    expect(normal.every((s) => s === 200)).toBe(true);
  }, 40_000);
});
