import type { Selectable, Transaction } from 'kysely';
import type { PmsConnectionInput } from '../../shared/pms-schemas';
import {
  type PmsConnection,
  type PmsKind,
  type PmsMappingProposal,
  type PmsMappings,
  type PmsPosting,
  type PmsPostingState,
  type PmsRoomOption,
  pmsDefaultApiUrls,
} from '../../shared/pms-types';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError, notFound, validationFailed } from '../http/errors';
import { sealSecret } from '../secrets/secret-box';
import { addressMoved, secretRequired } from '../secrets/secret-follows-address';
import type { PmsAnswer, PmsSettings } from './pms-adapter';
import { type PmsSecretName, pmsSecretPlace, type StoredCredentials, settingsOf } from './pms-poster';

type ConnectionRow = Selectable<Database['pms_connections']>;

/** The checkout the desk acts on (404 if there is none) and its posting row, if the poster made one. */
async function checkoutAndPosting(trx: Transaction<Database>, checkoutId: number) {
  const checkout = await trx
    .selectFrom('checkouts')
    .select(['id', 'bungalow'])
    .where('id', '=', checkoutId)
    .executeTakeFirst();
  if (!checkout) throw notFound('Checkout');
  const posting = await trx
    .selectFrom('pms_postings')
    .selectAll()
    .where('checkout_id', '=', checkoutId)
    .executeTakeFirst();
  return { checkout, posting };
}

/** The connection as answered: the secrets only as "set". */
function connectionOf(row: ConnectionRow): PmsConnection {
  const stored = JSON.parse(row.credentials) as StoredCredentials;
  return {
    kind: row.kind as PmsKind,
    apiUrl: row.api_url,
    propertyId: row.property_id,
    serviceId: stored.serviceId ?? null,
    taxCode: stored.taxCode ?? null,
    apiKeySet: Boolean(stored.apiKey),
    clientTokenSet: Boolean(stored.clientToken),
    accessTokenSet: Boolean(stored.accessToken),
    health: {
      postedUpTo: Number(row.cursor),
      failuresInRow: row.failures_in_row,
      failingSince: row.failing_since,
      nextAttemptAt: row.next_attempt_at,
      lastError: row.last_error,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type ConnectionFields = PmsConnectionInput;

const required = (value: string | null | undefined, name: string, path: string): string => {
  if (value) return value;
  throw validationFailed(`${name} is required`, [{ path, message: `${name} is required` }]);
};

/**
 * What the connection's row stores for these fields: a field left out keeps the stored one of the same kind.
 * Only the kind's own fields are kept, so a change of kind leaves no secret of the other behind. A secret sent
 * is sealed for the connection's kind and address (secret-box.ts); a kept one already is.
 */
function storedOf(input: ConnectionFields, before: ConnectionRow | undefined) {
  const same = before?.kind === input.kind;
  const kept: StoredCredentials = same && before ? JSON.parse(before.credentials) : {};
  const apiUrl = input.apiUrl ?? (same && before ? before.api_url : pmsDefaultApiUrls[input.kind]);
  // A stored secret follows its address (seventh stage): a new URL or kind must send its secrets again, or
  // a manager could send the stored key to an address of their choosing ("Test connection").
  const moved =
    before !== undefined &&
    addressMoved({ address: before.api_url, kind: before.kind }, { address: input.apiUrl, kind: input.kind });
  const secret = (name: PmsSecretName, label: string): string => {
    const sent = input[name as keyof ConnectionFields] as string | undefined;
    if (sent !== undefined) return sealSecret(sent, pmsSecretPlace(input.kind, name, apiUrl));
    if (moved) throw secretRequired(label, name, "the connection's address or kind");
    return required(kept[name], label, name);
  };
  if (input.kind === 'cloudbeds') {
    const apiKey = secret('apiKey', 'API key');
    return {
      apiUrl,
      propertyId: input.propertyId !== undefined ? input.propertyId : (before?.property_id ?? null),
      credentials: { apiKey } satisfies StoredCredentials,
      changed: { apiKeyChanged: input.apiKey !== undefined },
    };
  }
  const credentials: StoredCredentials = {
    clientToken: secret('clientToken', 'Client token'),
    accessToken: secret('accessToken', 'Access token'),
    serviceId: required(input.serviceId ?? kept.serviceId, 'Service ID', 'serviceId'),
    taxCode: input.taxCode !== undefined ? input.taxCode : (kept.taxCode ?? null),
  };
  return {
    apiUrl,
    propertyId: null,
    credentials,
    changed: {
      serviceId: credentials.serviceId,
      taxCode: credentials.taxCode,
      clientTokenChanged: input.clientToken !== undefined,
      accessTokenChanged: input.accessToken !== undefined,
    },
  };
}

const noConnection = () => new HttpError(409, 'conflict', 'No PMS is connected: connect one first');

/** A drink's proposed PMS item code: its name in capitals, other characters as dashes (CHANG, SINGHA-WATER). */
export const itemCodeOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toUpperCase() || 'DRINK';

/** The bungalow a PMS room's name names: its one number ("12", "Bungalow 12", "B-12"). */
export function bungalowOfRoom(roomName: string): number | null {
  const numbers = roomName.match(/\d+/g);
  const only = numbers?.length === 1 ? numbers[0] : undefined;
  if (only === undefined) return null;
  const n = Number(only);
  return n >= 1 && n <= 9999 ? n : null;
}

function postingOf(row: Selectable<Database['pms_postings']>): PmsPosting {
  return {
    checkoutId: row.checkout_id,
    bungalow: row.bungalow,
    state: row.state as PmsPostingState,
    reason: row.reason,
    settleAtDesk: row.state === 'failed' && row.settle_at_desk === 1,
    reservationId: row.reservation_id,
    reference: row.reference,
    postedTotal: row.posted_total,
    updatedAt: row.updated_at,
  };
}

export function createPmsRepo({ kysely }: Db) {
  const row = () => kysely.selectFrom('pms_connections').selectAll().orderBy('id').executeTakeFirst();

  return {
    async get(): Promise<PmsConnection | null> {
      const found = await row();
      return found ? connectionOf(found) : null;
    },

    /**
     * The stored settings, secrets and all, for the adapter: never for an answer. A secret this server's key does
     * not open is the adapter's `credentials` failure (settingsOf).
     */
    async settings(): Promise<PmsAnswer<PmsSettings>> {
      const found = await row();
      if (!found) throw noConnection();
      return settingsOf(found);
    },

    /** Connects, or changes the connection; a new one posts what is recorded from now on. */
    async save(input: ConnectionFields, change: Change): Promise<PmsConnection> {
      return kysely.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('pms_connections').selectAll().orderBy('id').executeTakeFirst();
        const stored = storedOf(input, before);
        const fields = {
          kind: input.kind,
          api_url: stored.apiUrl,
          property_id: stored.propertyId,
          credentials: JSON.stringify(stored.credentials),
          updated_at: change.at,
          // Changed credentials are tried at once.
          next_attempt_at: null,
          failures_in_row: 0,
          failing_since: null,
          last_error: null,
        };
        let saved: ConnectionRow;
        if (before) {
          saved = await trx
            .updateTable('pms_connections')
            .set(fields)
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        } else {
          const head = await trx
            .selectFrom('audit_head')
            .select('seq')
            .where('id', '=', 1)
            .executeTakeFirst();
          saved = await trx
            .insertInto('pms_connections')
            .values({ ...fields, cursor: Number(head?.seq ?? 0), created_at: change.at })
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        await appendAudit(trx, {
          ...change,
          action: 'pms.connected',
          subject: subject('pms', saved.id),
          // Never a secret: that it changed, at most.
          details: {
            kind: saved.kind,
            apiUrl: saved.api_url,
            propertyId: saved.property_id,
            ...stored.changed,
          },
        });
        return connectionOf(saved);
      });
    },

    async remove(change: Change): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        const removed = await trx.deleteFrom('pms_connections').returningAll().executeTakeFirst();
        if (!removed) throw notFound('PMS connection');
        await appendAudit(trx, {
          ...change,
          action: 'pms.disconnected',
          subject: subject('pms', removed.id),
          details: { kind: removed.kind, apiUrl: removed.api_url },
        });
      });
    },

    async mappings(): Promise<PmsMappings> {
      const rooms = await kysely.selectFrom('pms_room_map').selectAll().orderBy('bungalow').execute();
      const items = await kysely.selectFrom('pms_item_map').selectAll().orderBy('drink_id').execute();
      return {
        rooms: rooms.map((r) => ({ bungalow: r.bungalow, roomId: r.room_id, roomName: r.room_name })),
        items: items.map((i) => ({ drinkId: i.drink_id, itemCode: i.item_code })),
      };
    },

    /** Each room whose name is a bungalow's number to that bungalow; each drink to its code (or its name's). */
    async propose(roomOptions: PmsRoomOption[]): Promise<PmsMappingProposal> {
      const current = await this.mappings();
      const rooms = new Map(current.rooms.map((r) => [r.bungalow, r]));
      for (const option of roomOptions) {
        const bungalow = bungalowOfRoom(option.roomName);
        if (bungalow !== null && !rooms.has(bungalow)) rooms.set(bungalow, { bungalow, ...option });
      }
      const codes = new Map(current.items.map((i) => [i.drinkId, i.itemCode]));
      const drinks = await kysely.selectFrom('Drinks').select(['id', 'drinkName']).orderBy('id').execute();
      return {
        rooms: [...rooms.values()].sort((a, b) => a.bungalow - b.bungalow),
        items: drinks.map((d) => ({ drinkId: d.id, itemCode: codes.get(d.id) ?? itemCodeOf(d.drinkName) })),
        roomOptions,
      };
    },

    async saveMappings(input: PmsMappings, change: Change): Promise<PmsMappings> {
      await kysely.transaction().execute(async (trx) => {
        const drinkIds = new Set((await trx.selectFrom('Drinks').select('id').execute()).map((d) => d.id));
        const unknown = input.items.filter((i) => !drinkIds.has(i.drinkId));
        if (unknown.length > 0)
          throw validationFailed(
            `No drink ${unknown.map((i) => i.drinkId).join(', ')}`,
            unknown.map((i) => ({ path: 'items', message: `No drink ${i.drinkId}` })),
          );
        await trx.deleteFrom('pms_room_map').execute();
        await trx.deleteFrom('pms_item_map').execute();
        const rooms = new Map(input.rooms.map((r) => [r.bungalow, r]));
        const items = new Map(input.items.map((i) => [i.drinkId, i]));
        if (rooms.size > 0)
          await trx
            .insertInto('pms_room_map')
            .values(
              [...rooms.values()].map((r) => ({
                bungalow: r.bungalow,
                room_id: r.roomId,
                room_name: r.roomName,
              })),
            )
            .execute();
        if (items.size > 0)
          await trx
            .insertInto('pms_item_map')
            .values([...items.values()].map((i) => ({ drink_id: i.drinkId, item_code: i.itemCode })))
            .execute();
        await appendAudit(trx, {
          ...change,
          action: 'pms.mapped',
          subject: subject('pms'),
          details: { rooms: rooms.size, items: items.size },
        });
      });
      return this.mappings();
    },

    async postings(state: PmsPostingState | undefined): Promise<PmsPosting[]> {
      let query = kysely.selectFrom('pms_postings').selectAll();
      if (state) query = query.where('state', '=', state);
      const rows = await query.orderBy('checkout_id', 'desc').limit(500).execute();
      return rows.map(postingOf);
    },

    /** Asks the poster to post the checkout as it is now (an audit event it reads in order). */
    async postAgain(checkoutId: number, change: Change): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        if (!(await trx.selectFrom('pms_connections').select('id').executeTakeFirst())) throw noConnection();
        const { checkout, posting } = await checkoutAndPosting(trx, checkoutId);
        await appendAudit(trx, {
          ...change,
          action: 'pms.post_again',
          subject: subject('checkout', checkoutId),
          details: { bungalow: checkout.bungalow, before: posting?.state ?? null },
        });
      });
    },

    /** The desk settled it outside the PMS: no longer "not posted". */
    async settle(checkoutId: number, note: string, change: Change): Promise<PmsPosting> {
      return kysely.transaction().execute(async (trx) => {
        const { checkout, posting: before } = await checkoutAndPosting(trx, checkoutId);
        if (before?.state === 'posted')
          throw new HttpError(409, 'conflict', 'This checkout is on the PMS folio already');
        const head = await trx.selectFrom('audit_head').select('seq').where('id', '=', 1).executeTakeFirst();
        const fields = {
          state: 'settled',
          reason: note,
          settle_at_desk: 0,
          updated_at: change.at,
          seq: Number(head?.seq ?? 0),
        };
        const saved = await trx
          .insertInto('pms_postings')
          .values({ checkout_id: checkoutId, bungalow: checkout.bungalow, posts: 0, ...fields })
          .onConflict((oc) => oc.column('checkout_id').doUpdateSet(fields))
          .returningAll()
          .executeTakeFirstOrThrow();
        await appendAudit(trx, {
          ...change,
          action: 'pms.settled_outside',
          subject: subject('checkout', checkoutId),
          details: { bungalow: checkout.bungalow, before: before?.state ?? null },
        });
        return postingOf(saved);
      });
    },
  };
}
