import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps } from '../deps';

export function healthRoutes({ db }: AppDeps) {
  return new Hono().get('/', async (c) => {
    await sql`select 1`.execute(db.kysely);
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
}
