import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keptReason, pmsAnswerBytes, pmsReasonChars } from './pms-adapter';
import { pmsDispatcher } from './pms-poster';
import { pmsRequest } from './pms-request';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A PMS answering `total` bytes of `status`, a 64 KB chunk at a time; `sent` counts what it got out. */
async function pmsAnswering(status: number, total: number) {
  const counted = { sent: 0, finished: false };
  const pms = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const more = () => {
      while (counted.sent < total && !res.destroyed) {
        counted.sent += chunk.byteLength;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      if (!res.destroyed) {
        counted.finished = true;
        res.end();
      }
    };
    more();
  });
  server = pms;
  await new Promise<void>((resolve) => pms.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(pms.address() as AddressInfo).port}/`, counted };
}

describe('a PMS answer is read up to a bound', () => {
  it('a 50 MB answer is not read past the bound: refused, and the PMS could not send it all', async () => {
    const pms = await pmsAnswering(200, 50 * 1024 * 1024);
    const answer = await pmsRequest('Cloudbeds', pms.url, { method: 'GET', headers: {} });
    expect(answer).toEqual({
      ok: false,
      failure: 'refused',
      reason: 'Cloudbeds answered 200 with more than 4 MB: the answer was not read',
    });
    // The connection was dropped at the bound: what left the PMS is the bound and the sockets' buffers.
    expect(pms.counted.finished).toBe(false);
    expect(pms.counted.sent).toBeLessThan(20 * 1024 * 1024);
  });

  it('a 5 MB refusal is not stored as it is: refused with a short reason; any reason kept is bounded', async () => {
    const pms = await pmsAnswering(400, 5 * 1024 * 1024);
    const answer = await pmsRequest('Mews', pms.url, { method: 'POST', headers: {}, body: '{}' });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.reason.length).toBeLessThan(200);
    expect(keptReason('y'.repeat(5 * 1024 * 1024))).toHaveLength(pmsReasonChars);
    expect(keptReason('Invalid API key')).toBe('Invalid API key');
  });

  it('an answer within the bound is read whole', async () => {
    const pms = await pmsAnswering(200, pmsAnswerBytes - 64 * 1024);
    const answer = await pmsRequest('Cloudbeds', pms.url, { method: 'GET', headers: {} });
    expect(answer.ok && answer.value.text.length).toBe(pmsAnswerBytes - 64 * 1024);
  });
});

describe('the PMS address is checked at every connection', () => {
  it('an IP literal the rules refuse is refused when connecting, not only when saved: nothing reaches it', async () => {
    const pms = await pmsAnswering(200, 10);
    const dispatcher = pmsDispatcher([]);
    try {
      const answer = await pmsRequest('Cloudbeds', pms.url, { method: 'GET', headers: {}, dispatcher });
      expect(answer).toMatchObject({ ok: false, failure: 'unreachable' });
      expect(!answer.ok && answer.reason).toContain('EWEBHOOKREFUSED');
      expect(pms.counted.sent).toBe(0);
      // Named by WEBHOOK_ALLOWED_HOSTS, the same address is reached.
      const allowed = pmsDispatcher(['127.0.0.1']);
      expect(
        (await pmsRequest('Cloudbeds', pms.url, { method: 'GET', headers: {}, dispatcher: allowed })).ok,
      ).toBe(true);
      await allowed.close();
    } finally {
      await dispatcher.close();
    }
  });
});
