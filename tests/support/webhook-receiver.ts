import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a receiver got: its headers as a receiver reads them, and the raw body it must verify. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  headers: Record<string, string>;
  body: string;
  json: {
    type: string;
    timestamp: string;
    data: { seq: number; details: Record<string, unknown> } & Record<string, unknown>;
  };
  /** When the request started and when its answer was sent (ms since the epoch). */
  startedAt: number;
  answeredAt: number;
  /** The status it was answered. */
  status: number;
  /** Which path it came to (several endpoints on one receiver). */
  path: string;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Waits this long before answering. */
  delayMs?: number;
}

export interface WebhookReceiver {
  url(path?: string): string;
  port: number;
  received: Received[];
  /** Decides each answer; 200 by default. */
  answer: (request: Omit<Received, 'answeredAt' | 'status'>) => Answer;
  /** Resolves once `count` requests (for `path`, when given) have been answered. */
  waitFor(count: number, options?: { path?: string; timeoutMs?: number }): Promise<Received[]>;
  close(): Promise<void>;
}

const flat = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, String(value)]));

/** A real HTTP server on 127.0.0.1, as a resort's PMS adapter would be. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver = {
    received: [] as Received[],
    answer: (() => ({ status: 200, body: 'ok' })) as WebhookReceiver['answer'],
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = flat(req.headers);
      const request = {
        id: headers['webhook-id'] ?? '',
        timestamp: headers['webhook-timestamp'] ?? '',
        signature: headers['webhook-signature'] ?? '',
        headers,
        body,
        json: JSON.parse(body || '{}'),
        startedAt: Date.now(),
        path: req.url ?? '/',
      };
      const answer = receiver.answer(request);
      const send = () => {
        receiver.received.push({ ...request, answeredAt: Date.now(), status: answer.status });
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    port,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    async waitFor(count: number, { path, timeoutMs = 10_000 }: { path?: string; timeoutMs?: number } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = receiver.received.filter((r) => path === undefined || r.path === path);
        if (got.length >= count) return got;
        if (Date.now() > deadline)
          throw new Error(`the receiver got ${got.length} of ${count} requests${path ? ` on ${path}` : ''}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
