import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../support/server-process';
import { auditCheckouts, checkoutBody, json, prepareForCheckouts, sleep } from './support';

const CYCLES = 20;
const WRITERS = 6;

describe('kill -9 while checkouts are being written (SQLite, WAL, synchronous=FULL)', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  });

  it(`${CYCLES} cycles: 0 acknowledged checkouts lost, integrity_check ok, the first write after each restart succeeds`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-kill9-'));
    const acknowledged = new Set<number>();
    let firstWritesOk = 0;
    let lost = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const server = await startServer({ dataDir, env: { ...checkoutLimitsOff } });
      servers.push(server);
      if (cycle === 0) await prepareForCheckouts(server);

      const first = await fetch(`${server.baseURL}/api/checkouts`, {
        method: 'POST',
        headers: json,
        body: checkoutBody(1),
      });
      expect(first.status, `first write after restart ${cycle}`).toBe(201);
      acknowledged.add((await first.json()).id);
      firstWritesOk++;

      let running = true;
      const writers = Array.from({ length: WRITERS }, async (_, w) => {
        while (running) {
          try {
            const response = await fetch(`${server.baseURL}/api/checkouts`, {
              method: 'POST',
              headers: json,
              body: checkoutBody(100 + w, 1 + (w % 5)),
            });
            const body = await response.json();
            if (response.status === 201) acknowledged.add(body.id);
            else throw new Error(`checkout answered ${response.status}`);
          } catch (error) {
            if (running) throw error; // an error before the kill is a failure
            return; // the connection died with the process: not acknowledged
          }
        }
      });
      await sleep(100 + Math.random() * 600);
      // The kill lands at a random moment of the writers' stream.
      running = false;
      server.child.kill('SIGKILL');
      await server.stop('SIGKILL');
      await Promise.all(writers);

      const audit = await auditCheckouts(server.databaseUrl);
      expect(audit.integrity, `cycle ${cycle}`).toBe('ok');
      expect(audit.halfWritten, `cycle ${cycle}`).toBe(0);
      expect(audit.orphanLines, `cycle ${cycle}`).toBe(0);
      const missing = [...acknowledged].filter((id) => !audit.ids.has(id));
      lost += missing.length;
      expect(missing, `acknowledged checkouts lost in cycle ${cycle}`).toEqual([]);
    }
    console.log(
      `[figure] kill -9 SQLite: ${CYCLES} cycles, ${acknowledged.size} acknowledged checkouts, lost ${lost}, ` +
        `integrity_check ok ${CYCLES}/${CYCLES}, first write after restart ok ${firstWritesOk}/${CYCLES}`,
    );
  });
});
