import { afterAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, type ScratchPostgres } from '../../bench/servers';
import { openDatabase } from '../../src/server/db/database';
import { replayLedger } from '../../src/server/stock/replay';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../support/server-process';
import { json, prepareForCheckouts, sleep } from './support';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CYCLES = 8;

/** A document the server acknowledged (2xx), and whether it must have moved bottles. */
interface Acknowledged {
  type: 'checkout' | 'restock' | 'delivery' | 'count' | 'write-off';
  id: number;
  moves: boolean;
}

async function adminOf(server: ServerProcess): Promise<string> {
  const login = await fetch(`${server.baseURL}/api/session`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ password: server.adminPassword }),
  });
  if (login.status !== 204) throw new Error(`login answered ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function startStock(server: ServerProcess, cookie: string): Promise<number[]> {
  const drinks = (await (await fetch(`${server.baseURL}/api/drinks`)).json()) as { id: number }[];
  const ids = drinks.map((d) => d.id);
  const response = await fetch(`${server.baseURL}/api/stock/start`, {
    method: 'POST',
    headers: { ...json, cookie, origin: server.baseURL },
    body: JSON.stringify({ storeroom: ids.map((drinkId) => ({ drinkId, quantity: 1000 })) }),
  });
  if (response.status !== 201) throw new Error(`start answered ${response.status}: ${await response.text()}`);
  return ids;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** One writer of each kind of document, until stopped; every 2xx is kept with what it must have moved. */
function writers(server: ServerProcess, cookie: string, drinks: number[], acknowledged: Acknowledged[]) {
  let running = true;
  const headers = { ...json, cookie, origin: server.baseURL };
  const send = async (path: string, body: unknown, admin = true) =>
    fetch(`${server.baseURL}${path}`, {
      method: 'POST',
      headers: admin ? headers : json,
      body: JSON.stringify(body),
    });
  const kinds: (() => Promise<void>)[] = [
    async () => {
      const response = await send(
        '/api/checkouts',
        {
          bungalow: 1 + Math.floor(Math.random() * 24),
          items: [{ drinkId: pick(drinks.slice(0, 3)), missing: 1 }],
        },
        false,
      );
      if (response.status === 201)
        acknowledged.push({ type: 'checkout', id: (await response.json()).id, moves: true });
      else if (response.status !== 422) throw new Error(`checkout answered ${response.status}`);
    },
    async () => {
      const response = await send(`/api/restock/${1 + Math.floor(Math.random() * 24)}`, {});
      if (response.status !== 201) throw new Error(`restock answered ${response.status}`);
      const body = await response.json();
      acknowledged.push({ type: 'restock', id: body.id, moves: body.moved.length > 0 });
    },
    async () => {
      const response = await send('/api/stock/deliveries', {
        lines: [{ drinkId: pick(drinks), quantity: 24, unitCost: 2500 + Math.floor(Math.random() * 500) }],
      });
      if (response.status !== 201) throw new Error(`delivery answered ${response.status}`);
      acknowledged.push({ type: 'delivery', id: (await response.json()).id, moves: true });
    },
    async () => {
      const response = await send('/api/stock/counts', {
        place: Math.random() < 0.5 ? 'storeroom' : `fridge:${1 + Math.floor(Math.random() * 24)}`,
        lines: [
          {
            drinkId: pick(drinks),
            counted: Math.floor(Math.random() * 5),
            expected: Math.floor(Math.random() * 5),
          },
        ],
      });
      if (response.status !== 201) throw new Error(`count answered ${response.status}`);
      const body = await response.json();
      acknowledged.push({
        type: 'count',
        id: body.id,
        moves: body.lines.some((l: { difference: number }) => l.difference !== 0),
      });
    },
  ];
  const loops = [0, 0, 0, 1, 2, 3].map(async (kind) => {
    const write = kinds[kind] as () => Promise<void>;
    while (running) {
      try {
        await write();
      } catch (error) {
        if (running) throw error;
        return;
      }
    }
  });
  return {
    /** Before the kill: what fails from then on died with the process, and was not acknowledged. */
    halt() {
      running = false;
    },
    stop: () => Promise.all(loops),
  };
}

/** Every acknowledged document that moved bottles has its moves in the ledger; the balances are its replay. */
async function judge(databaseUrl: string, acknowledged: Acknowledged[]) {
  const db = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const verdict = await replayLedger(db.kysely);
    const documents = await db.kysely
      .selectFrom('stock_moves')
      .select(['document_type', 'document_id'])
      .distinct()
      .execute();
    const present = new Set(documents.map((d) => `${d.document_type}:${d.document_id}`));
    const missing = acknowledged.filter((a) => a.moves && !present.has(`${a.type}:${a.id}`));
    const negative = await db.kysely
      .selectFrom('stock_balances')
      .select(['place', 'drink_id', 'quantity'])
      .where('place', 'like', 'fridge:%')
      .where('quantity', '<', 0)
      .execute();
    return { verdict, missing, negative };
  } finally {
    await db.close();
  }
}

describe.each(['sqlite', 'postgres'] as const)('stock: kill -9 during documents [%s]', (dialect) => {
  const servers: ServerProcess[] = [];
  let scratch: ScratchPostgres | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await scratch?.drop();
  });

  it(`${CYCLES} cycles: after every restart the balances equal the ledger replayed and every acknowledged document has its moves`, async () => {
    let dataDir: string | undefined;
    let env: Record<string, string> = { ...checkoutLimitsOff };
    if (dialect === 'postgres') {
      scratch = await createScratchPostgres(postgresUrl);
      env = { ...env, DATABASE_URL: scratch.url };
    }
    const acknowledged: Acknowledged[] = [];
    let drinks: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const server = await startServer({ ...(dataDir ? { dataDir } : {}), env });
      dataDir = server.dataDir;
      servers.push(server);
      const cookie = await adminOf(server);
      if (cycle === 0) {
        await prepareForCheckouts(server);
        drinks = await startStock(server, cookie);
      }
      const traffic = writers(server, cookie, drinks, acknowledged);
      await sleep(300 + Math.random() * 900);
      traffic.halt();
      server.child.kill('SIGKILL');
      await server.stop('SIGKILL');
      await traffic.stop();

      const { verdict, missing, negative } = await judge(server.databaseUrl, acknowledged);
      expect(verdict.differences, `cycle ${cycle}`).toEqual([]);
      expect(missing, `acknowledged documents without their moves, cycle ${cycle}`).toEqual([]);
      expect(negative, `cycle ${cycle}`).toEqual([]);
    }
    const byType = Object.fromEntries(
      ['checkout', 'restock', 'delivery', 'count'].map((type) => [
        type,
        acknowledged.filter((a) => a.type === type).length,
      ]),
    );
    console.log(
      `[figure] kill -9 stock ${dialect}: ${CYCLES} cycles, acknowledged ${JSON.stringify(byType)}, ` +
        'balances = replay after every restart, 0 acknowledged documents without their moves',
    );
  });
});

describe('stock: two app servers on one PostgreSQL restocking and checking the same fridges', () => {
  const servers: ServerProcess[] = [];
  let scratch: ScratchPostgres | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await scratch?.drop();
  });

  it('no bottle moved twice (no fridge above its par after restocks and sales only), none below zero', async () => {
    scratch = await createScratchPostgres(postgresUrl);
    const env = { ...checkoutLimitsOff, DATABASE_URL: scratch.url };
    const a = await startServer({ env });
    servers.push(a);
    const b = await startServer({ env });
    servers.push(b);
    await prepareForCheckouts(a);
    const cookie = await adminOf(a);
    const drinks = await startStock(a, cookie);
    const counts = { checkouts: 0, refused: 0, restocks: 0, moved: 0 };
    let running = true;
    const fridges = [1, 2, 3, 4];
    const loops = [a, b].flatMap((server) =>
      [0, 1, 2, 3].map(async (n) => {
        while (running) {
          const bungalow = pick(fridges);
          if (n < 2) {
            const response = await fetch(`${server.baseURL}/api/checkouts`, {
              method: 'POST',
              headers: json,
              body: JSON.stringify({ bungalow, items: [{ drinkId: drinks[0], missing: 1 + (n % 2) }] }),
            });
            if (response.status === 201) counts.checkouts++;
            else if (response.status === 422) counts.refused++;
            else throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
          } else {
            const response = await fetch(`${server.baseURL}/api/restock/${bungalow}`, {
              method: 'POST',
              headers: { ...json, cookie, origin: server.baseURL },
              body: '{}',
            });
            if (response.status !== 201) throw new Error(`restock answered ${response.status}`);
            counts.restocks++;
            // Read first: `counts.moved += await …` would add to the value read before the await.
            const { moved } = (await response.json()) as { moved: { quantity: number }[] };
            counts.moved += moved.reduce((sum, m) => sum + m.quantity, 0);
          }
        }
      }),
    );
    await sleep(15_000);
    running = false;
    await Promise.all(loops);

    const { verdict, negative } = await judge(scratch.url, []);
    expect(verdict.differences).toEqual([]);
    expect(negative).toEqual([]);
    const db = openDatabase(scratch.url, { poolSize: 1 });
    try {
      // Coke's par is the seeded 4: restocks fill to it and checks take from it, so a fridge above 4 got a
      // lack moved twice.
      const above = await db.kysely
        .selectFrom('stock_balances')
        .select(['place', 'quantity'])
        .where(
          'place',
          'in',
          fridges.map((f) => `fridge:${f}`),
        )
        .where('drink_id', '=', drinks[0] as number)
        .where('quantity', '>', 4)
        .execute();
      expect(above).toEqual([]);
      const storeroom = await db.kysely
        .selectFrom('stock_balances')
        .select('quantity')
        .where('place', '=', 'storeroom')
        .where('drink_id', '=', drinks[0] as number)
        .executeTakeFirstOrThrow();
      const restocked = await db.kysely
        .selectFrom('stock_moves')
        .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('quantity').as('bottles')])
        .where('document_type', '=', 'restock')
        .executeTakeFirstOrThrow();
      const restockRows = await db.kysely
        .selectFrom('restocks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(
        storeroom.quantity,
        `restocks ${counts.restocks} answered / ${restockRows.n} stored, moves ${JSON.stringify(restocked)}`,
      ).toBe(1000 - counts.moved);
    } finally {
      await db.close();
    }
    expect(counts.checkouts).toBeGreaterThan(20);
    expect(counts.restocks).toBeGreaterThan(20);
    console.log(
      `[figure] two app servers, one PostgreSQL, 15 s on 4 fridges: ${counts.checkouts} checks recorded, ` +
        `${counts.refused} refused (exceeds_fridge), ${counts.restocks} restocks moved ${counts.moved} bottles; ` +
        '0 fridges above par, 0 below zero, balances = replay',
    );
  });
});
