import { randomUUID } from 'node:crypto';
import type { ServerProcess } from '../support/server-process';

/** One answer (or none: the connection failed) to one send of a checkout. */
export interface Send {
  writer: number;
  checkId: string;
  /** performance.now() when the answer came, or the send failed. */
  at: number;
  /** The HTTP status, or 0 when no answer came (the connection was refused or reset, or timed out). */
  status: number;
  retryAfter: string | null;
  body: string;
}

export interface Acknowledged {
  checkId: string;
  id: number;
  /** The tax document's number the answer carried. */
  number: string | undefined;
  at: number;
}

/** A client gives up waiting for one answer after this long, and sends the same check again. */
const answerTimeoutMs = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The generator of the fault suite (Jepsen's word): `writers` clients, spread over the app servers, each
 * sending checkouts one after another as the guest's page does, a checkId each, and the same check again
 * (same checkId) after a 503, a refused connection or no answer, until it is acknowledged or the load stops.
 * Every answer is kept for the checker.
 */
export function writerLoad(servers: ServerProcess[], { writers = 4 } = {}) {
  const sends: Send[] = [];
  const acknowledged: Acknowledged[] = [];
  let running = true;
  const loops = Array.from({ length: writers }, async (_, writer) => {
    const server = servers[writer % servers.length] as ServerProcess;
    let n = 0;
    while (running) {
      const checkId = randomUUID();
      const bungalow = ((writer * 7 + n++) % 24) + 1;
      const body = JSON.stringify({ bungalow, checkId, items: [{ drinkId: 1 + (n % 3), missing: 1 }] });
      while (running) {
        let send: Send;
        try {
          const response = await fetch(`${server.baseURL}/api/checkouts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            signal: AbortSignal.timeout(answerTimeoutMs),
          });
          send = {
            writer,
            checkId,
            at: performance.now(),
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            body: await response.text(),
          };
        } catch (error) {
          send = { writer, checkId, at: performance.now(), status: 0, retryAfter: null, body: String(error) };
        }
        sends.push(send);
        if (send.status === 201 || send.status === 200) {
          const answer = JSON.parse(send.body) as { id: number; document?: { number: string } };
          acknowledged.push({ checkId, id: answer.id, number: answer.document?.number, at: send.at });
          break;
        }
        // As the page's outbox does: wait as told, or a moment, and send the same check again.
        await sleep(send.retryAfter ? Math.min(Number(send.retryAfter), 2) * 1000 : 200);
      }
    }
  });
  return {
    sends,
    acknowledged,
    /** Acknowledged writes so far. */
    count: () => acknowledged.length,
    /** Resolves once a write is acknowledged after `since` (performance.now()); its time. */
    async writesAgainAfter(since: number, timeoutMs = 120_000): Promise<number> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const next = acknowledged.find((a) => a.at > since);
        if (next) return next.at;
        if (performance.now() > deadline) throw new Error(`no write acknowledged within ${timeoutMs} ms`);
        await sleep(20);
      }
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export type WriterLoad = ReturnType<typeof writerLoad>;
