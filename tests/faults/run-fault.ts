import { checkPromises, type FaultRow } from './checker';
import type { System } from './systems';
import { writerLoad } from './writer-load';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes acknowledged before the fault, and after writes are served again, for the history to hold both. */
const writesAround = 20;

/**
 * One fault under the writer load (Jepsen's nemesis): the load runs until `writesAround` checkouts are
 * acknowledged, `inject` brings the fault and resolves when it is over (the database is up again, the process
 * resumed, the disk freed), the load goes on until writes succeed again and `writesAround` more are
 * acknowledged, then the servers stop cleanly and the checker reads the database.
 */
export async function runFault(
  system: System,
  fault: string,
  inject: () => Promise<void>,
  { writers = 4 } = {},
): Promise<FaultRow> {
  const load = writerLoad(system.servers, { writers });
  const servers = system.servers.length;
  try {
    while (load.count() < writesAround) await sleep(20);
    const injected = performance.now();
    await inject();
    const ended = performance.now();
    const again = await load.writesAgainAfter(ended);
    const target = load.count() + writesAround;
    while (load.count() < target) await sleep(20);
    await load.stop();
    await system.stopServers();
    return await checkPromises(system.databaseUrl, load, {
      fault,
      database: system.database,
      load: `${writers} writers, ${servers} app server${servers === 1 ? '' : 's'}, tax on`,
      faultSeconds: (ended - injected) / 1000,
      recoverSeconds: (again - ended) / 1000,
    });
  } finally {
    await load.stop();
  }
}
