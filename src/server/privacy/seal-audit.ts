import { type Kysely, sql } from 'kysely';
import { guestRefOf } from '../../shared/privacy';
import { actionIs } from '../audit/audit-indexes';
import { chainHash } from '../audit/audit-key';
import { genesisHash } from '../audit/audit-log';
import { type AuditRow, auditColumns, canonicalRowJson } from '../audit/audit-rows';
import { canonicalJson } from '../audit/canonical-json';
import { verifyChain } from '../audit/verify-chain';
import type { DialectName } from '../db/database';
import type { Database } from '../db/tables';
import { commitmentOf, emailKeyOf, type GuestToken, newGuestKey } from './guest-data';

/**
 * Migration 016's work (docs/decisions/120): every guest gets a row of `guests` (stays and the spec's Guest
 * record by email, a checkout by its stay or its name), and the audit written before is sealed over: each
 * guest's name and email in an event's details becomes a token (the HMAC under the guest's key, the value kept
 * in `guest_values`), the chain is hashed again from the first event, and one `audit.sealed` event at the end
 * keeps the head as it was (its seq and hash) and what was done.
 */

export const sealActor = { id: null, name: 'Fridge Check', role: 'system', device: null } as const;

/** Events read and rewritten per round trip. */
const batchSize = 2000;

interface GuestBook {
  byEmail: Map<string, number>;
  /** Guests without an email, by name as written: the stay-less checkouts and the Guest record's history. */
  byName: Map<string, number>;
  keys: Map<number, string>;
  create(values: { name: string; email: string | null }, at: string): Promise<number>;
}

async function guestBook(db: Kysely<Database>): Promise<GuestBook> {
  const book: GuestBook = {
    byEmail: new Map(),
    byName: new Map(),
    keys: new Map(),
    async create(values, at) {
      const emailKey = emailKeyOf(values.email);
      const key = newGuestKey();
      const row = await db
        .insertInto('guests')
        .values({
          name: values.name,
          email: values.email,
          email_key: emailKey,
          commit_key: key,
          created_at: at,
          changed_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      book.keys.set(id, key);
      if (emailKey) book.byEmail.set(emailKey, id);
      else book.byName.set(values.name, id);
      return id;
    },
  };
  return book;
}

export interface SealReport {
  guests: number;
  /** Events whose details held a guest's value. */
  sealedEvents: number;
  /** Events hashed again (every event since the first sealed one). */
  rehashed: number;
  previousHead: { seq: number; hash: string } | null;
}

/** Gives every stay, Guest record and checkout its guest. */
async function assignGuests(db: Kysely<Database>, now: string, book: GuestBook) {
  const stays = await db
    .selectFrom('stays')
    .select(['id', 'guest_name', 'guest_email', 'checked_in_at', 'checked_out_at'])
    .orderBy('id')
    .execute();
  const stayGuests = new Map<number, number>();
  for (const stay of stays) {
    const emailKey = emailKeyOf(stay.guest_email);
    const lastSeen = stay.checked_out_at ?? stay.checked_in_at;
    let id = emailKey ? book.byEmail.get(emailKey) : undefined;
    if (id === undefined) {
      id = await book.create({ name: stay.guest_name, email: stay.guest_email }, lastSeen);
    } else {
      await db
        .updateTable('guests')
        .set({ name: stay.guest_name, changed_at: lastSeen })
        .where('id', '=', id)
        .execute();
    }
    stayGuests.set(stay.id, id);
    await db.updateTable('stays').set({ guest_id: id }).where('id', '=', stay.id).execute();
  }
  const records = await db.selectFrom('Guest').select(['id', 'name', 'email']).orderBy('id').execute();
  for (const record of records) {
    const emailKey = emailKeyOf(record.email);
    let id = emailKey ? book.byEmail.get(emailKey) : undefined;
    if (id === undefined) id = await book.create({ name: record.name, email: record.email }, now);
    else await db.updateTable('guests').set({ changed_at: now }).where('id', '=', id).execute();
    await db.updateTable('Guest').set({ guest_id: id }).where('id', '=', record.id).execute();
  }
  await sql`update checkouts set guest_id = (select s.guest_id from stays s where s.id = checkouts.stay_id)
    where stay_id is not null`.execute(db);
  // Charged to the spec's Guest record: by the name it had then.
  const names = await db
    .selectFrom('checkouts')
    .select(['guest_name', (eb) => eb.fn.max('created_at').as('last')])
    .where('stay_id', 'is', null)
    .groupBy('guest_name')
    .execute();
  const recordGuests = await db
    .selectFrom('Guest')
    .innerJoin('guests', 'guests.id', 'Guest.guest_id')
    .select(['Guest.name', 'guests.id'])
    .execute();
  // The names the Guest record had, and its email at each: its saves in the audit, replayed.
  const saves = await db
    .selectFrom('audit_events')
    .select('details')
    .where((eb) => actionIs(eb, 'guest.saved'))
    .orderBy('seq')
    .execute();
  const recordNames = new Map<string, string>();
  let email: string | null = null;
  for (const save of saves) {
    const after = (JSON.parse(save.details) as { after?: { name?: unknown; email?: unknown } }).after ?? {};
    if (typeof after.email === 'string') email = after.email;
    if (typeof after.name === 'string' && email) recordNames.set(after.name, email);
  }
  // One update of the stay-less checkouts through a name -> guest table, not one scan of them per name.
  await sql`create temporary table seal_guest_names (name text primary key, guest_id integer not null)`.execute(
    db,
  );
  const pairs: { name: string; guest_id: number }[] = [];
  for (const { guest_name, last } of names) {
    const savedEmail = recordNames.get(guest_name);
    const savedKey = savedEmail ? emailKeyOf(savedEmail) : null;
    let id =
      recordGuests.find((record) => record.name === guest_name)?.id ??
      (savedKey ? book.byEmail.get(savedKey) : undefined) ??
      book.byName.get(guest_name) ??
      null;
    if (id === null) id = await book.create({ name: guest_name, email: savedEmail ?? null }, String(last));
    pairs.push({ name: guest_name, guest_id: Number(id) });
  }
  for (let i = 0; i < pairs.length; i += 500) {
    await sql`insert into seal_guest_names (name, guest_id) values ${sql.join(
      pairs.slice(i, i + 500).map((pair) => sql`(${pair.name}, ${pair.guest_id})`),
    )}`.execute(db);
  }
  await sql`update checkouts set guest_id = (select n.guest_id from seal_guest_names n where n.name = checkouts.guest_name)
    where stay_id is null`.execute(db);
  await sql`drop table seal_guest_names`.execute(db);
  return stayGuests;
}

type Details = Record<string, unknown>;

/**
 * The details of an old event with each guest value as a token, or null when it holds none. `guestOf` names
 * the guest of a value (by the event's subject, email or name).
 */
async function sealDetails(
  row: AuditRow,
  details: Details,
  guestOf: (part: { name?: unknown; email?: unknown }) => Promise<number>,
  book: GuestBook,
  values: { guest_id: number; hmac: string; value: string }[],
): Promise<Details | null> {
  const nameKeys = row.action === 'guest.saved' ? ['name', 'guestName'] : ['guestName'];
  const emailKeys = row.action === 'guest.saved' ? ['email', 'guestEmail'] : ['guestEmail'];
  let changed = false;
  const token = (guestId: number, value: string): GuestToken => {
    const key = book.keys.get(guestId);
    if (!key) throw new Error(`guest ${guestId} has no key`);
    const hmac = commitmentOf(key, value);
    values.push({ guest_id: guestId, hmac, value });
    return { guest: guestRefOf(guestId), hmac };
  };
  const sealPart = async (part: Details): Promise<Details> => {
    const name = nameKeys.map((k) => part[k]).find((v) => typeof v === 'string');
    const email = emailKeys.map((k) => part[k]).find((v) => typeof v === 'string');
    if (name === undefined && email === undefined) return part;
    const guestId = await guestOf({ name, email });
    const out: Details = {};
    for (const [key, value] of Object.entries(part)) {
      if (typeof value === 'string' && (nameKeys.includes(key) || emailKeys.includes(key))) {
        out[key] = token(guestId, value);
        changed = true;
      } else out[key] = value;
    }
    return out;
  };
  const sealed: Details = { ...(await sealPart(details)) };
  for (const side of ['before', 'after'] as const) {
    const part = sealed[side];
    if (part && typeof part === 'object' && !Array.isArray(part))
      sealed[side] = await sealPart(part as Details);
  }
  return changed ? sealed : null;
}

/** Rewrites rows of audit_events (the append-only trigger is off for it): details and hash by seq. */
async function rewriteRows(
  db: Kysely<Database>,
  dialect: DialectName,
  rows: { seq: number; details: string; hash: string }[],
) {
  if (rows.length === 0) return;
  if (dialect === 'postgres') {
    await sql`update audit_events a set details = v.details, hash = v.hash
      from unnest(${rows.map((r) => r.seq)}::integer[], ${rows.map((r) => r.details)}::text[],
        ${rows.map((r) => r.hash)}::text[]) as v(seq, details, hash)
      where a.seq = v.seq`.execute(db);
    return;
  }
  await sql`update audit_events set details = v.d, hash = v.h
    from (select json_extract(value, '$[0]') as s, json_extract(value, '$[1]') as d,
      json_extract(value, '$[2]') as h from json_each(${JSON.stringify(rows.map((r) => [r.seq, r.details, r.hash]))})) as v
    where audit_events.seq = v.s`.execute(db);
}

async function allowRewrite(db: Kysely<Database>, dialect: DialectName, allow: boolean) {
  if (dialect === 'postgres') {
    await sql`alter table audit_events ${sql.raw(allow ? 'disable' : 'enable')} trigger audit_events_no_change`.execute(
      db,
    );
    return;
  }
  if (allow) {
    await sql`drop trigger audit_events_no_update`.execute(db);
    return;
  }
  await sql`create trigger audit_events_no_update before update on audit_events
    begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
}

export async function sealGuestData(
  db: Kysely<Database>,
  dialect: DialectName,
  now = new Date().toISOString(),
): Promise<SealReport> {
  const book = await guestBook(db);
  const stayGuests = await assignGuests(db, now, book);

  const head = await db
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const report: SealReport = {
    guests: book.keys.size,
    sealedEvents: 0,
    rehashed: 0,
    previousHead: null,
  };
  if (!head || Number(head.seq) === 0) return report;
  const previousHead = { seq: Number(head.seq), hash: head.hash };
  report.previousHead = previousHead;

  // Sealing a chain that does not verify would hide what broke it: the upgrade stops and says so. Written
  // before this stage, it is plain SHA-256, and so is every link the seal writes: AUDIT_KEY signs the heads
  // from migration 024 on (decision 160).
  const verdict = await verifyChain(db, { before024: true });
  if (!verdict.ok) {
    throw new Error(
      `The audit chain is broken at seq ${verdict.brokenAt} (${verdict.reason}): it cannot be sealed over. Restore a backup whose chain verifies (npm run audit:verify), then upgrade.`,
    );
  }

  // The spec's Guest record as the events saved it, for a save that changed only the name.
  let recordEmail: string | null = null;
  const guestOfValues = async ({ name, email }: { name?: unknown; email?: unknown }) => {
    const emailKey = typeof email === 'string' ? emailKeyOf(email) : null;
    if (emailKey) {
      const known = book.byEmail.get(emailKey);
      if (known !== undefined) return known;
      return book.create({ name: typeof name === 'string' ? name : '', email: email as string }, now);
    }
    const asName = typeof name === 'string' ? name : '';
    return book.byName.get(asName) ?? book.create({ name: asName, email: null }, now);
  };

  await allowRewrite(db, dialect, true);
  let previousHash = genesisHash;
  let rewriting = false;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_events')
      .select(auditColumns)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    const values: { guest_id: number; hmac: string; value: string }[] = [];
    const changes: { seq: number; details: string; hash: string }[] = [];
    for (const row of rows) {
      const details = JSON.parse(row.details) as Details;
      const stayGuest =
        row.subject_type === 'stay' && row.subject_id !== null
          ? stayGuests.get(Number(row.subject_id))
          : undefined;
      const guestOf = async (part: { name?: unknown; email?: unknown }) => {
        if (stayGuest !== undefined) return stayGuest;
        if (row.action === 'guest.saved') {
          const email = typeof part.email === 'string' ? part.email : recordEmail;
          return guestOfValues({ name: part.name, email });
        }
        return guestOfValues(part);
      };
      const savedEmail = (details.after as Details | undefined)?.email;
      const sealed = await sealDetails(row, details, guestOf, book, values);
      if (row.action === 'guest.saved' && typeof savedEmail === 'string') recordEmail = savedEmail;
      const stored = sealed ? canonicalJson(sealed) : row.details;
      if (sealed) report.sealedEvents++;
      const hash = chainHash(previousHash, canonicalRowJson({ ...row, details: stored }));
      if (sealed || hash !== row.hash) rewriting = true;
      if (rewriting) {
        changes.push({ seq: Number(row.seq), details: stored, hash });
        report.rehashed++;
      }
      previousHash = hash;
      after = Number(row.seq);
    }
    if (values.length > 0) {
      for (let i = 0; i < values.length; i += 500) {
        await db
          .insertInto('guest_values')
          .values(values.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['guest_id', 'hmac']).doNothing())
          .execute();
      }
    }
    await rewriteRows(db, dialect, changes);
  }
  await allowRewrite(db, dialect, false);
  // No event held a guest's value: the chain is as it was, and there is nothing to seal.
  if (report.rehashed === 0) return report;

  // The seal: the head before, in an event of its own at the end of the chain.
  const seal = {
    seq: previousHead.seq + 1,
    at: now,
    actor_id: null,
    actor_name: sealActor.name,
    actor_role: sealActor.role,
    device_id: null,
    device_name: null,
    action: 'audit.sealed',
    subject_type: 'audit',
    subject_id: null,
    details: canonicalJson({
      previousHead,
      sealedEvents: report.sealedEvents,
      rehashedEvents: report.rehashed,
      reason: 'guests’ names and emails moved beside the chain (PDPA)',
    }),
  };
  const sealHash = chainHash(previousHash, canonicalRowJson({ ...seal, hash: '' }));
  await db
    .insertInto('audit_events')
    .values({ ...seal, hash: sealHash })
    .execute();
  await db.updateTable('audit_head').set({ seq: seal.seq, hash: sealHash }).where('id', '=', 1).execute();
  report.guests = book.keys.size;
  return report;
}
