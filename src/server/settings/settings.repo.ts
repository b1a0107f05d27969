import {
  defaultResortSettings,
  type ResortSettings,
  type StoredResortSettings,
  withBungalowNumbers,
} from '../../shared/resort-settings';
import { type ResortSettingsPatch, resortSettingsInputSchema } from '../../shared/resort-settings-schema';
import { appendAudit, type Change, changedFields, changedNothing, subject } from '../audit/audit-log';
import type { Db } from '../db/database';

/** The resort's settings live as one JSON value in the key/value `settings` table. */
export const settingsKey = 'resort';

function parseStored(json: string | null | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = json === undefined || json === null ? {} : JSON.parse(json);
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults hold until staff save the settings again.
  }
  return {};
}

/**
 * Read a stored value field by field: a field written by an older or newer version, or edited by hand into
 * something invalid, falls back to its default instead of breaking every page that reads the settings.
 */
function fieldOf<K extends keyof StoredResortSettings>(
  raw: Record<string, unknown>,
  key: K,
): StoredResortSettings[K] {
  if (!(key in raw)) return defaultResortSettings[key];
  const field = resortSettingsInputSchema.safeParse({ [key]: raw[key] });
  const value = field.success ? field.data[key] : undefined;
  return value === undefined ? defaultResortSettings[key] : (value as StoredResortSettings[K]);
}

function fromStored(json: string | undefined): StoredResortSettings {
  const raw = parseStored(json);
  const settings: StoredResortSettings = { ...defaultResortSettings };
  for (const key of Object.keys(defaultResortSettings) as (keyof StoredResortSettings)[]) {
    Object.assign(settings, { [key]: fieldOf(raw, key) });
  }
  return settings;
}

/**
 * One field of the stored value (`settings.value` where the key is `settingsKey`), read as `read()` reads it:
 * for a query that takes the value along with its own rows (a staff session's idle lock, on every request)
 * instead of reading the whole settings again.
 */
export function storedSetting<K extends keyof StoredResortSettings>(
  json: string | null | undefined,
  key: K,
): StoredResortSettings[K] {
  return fieldOf(parseStored(json), key);
}

export function createSettingsRepo({ kysely }: Db) {
  return {
    /** The one way the server reads the settings (time zone for days, bungalows, PromptPay). */
    async read(): Promise<ResortSettings> {
      const row = await kysely
        .selectFrom('settings')
        .select('value')
        .where('key', '=', settingsKey)
        .executeTakeFirst();
      return withBungalowNumbers(fromStored(row?.value));
    },

    /** Applies a validated partial change in one transaction, so two staff saving at once lose nothing. */
    update(patch: ResortSettingsPatch, change: Change): Promise<ResortSettings> {
      return kysely.transaction().execute(async (trx) => {
        // Claim the row first (an upsert that changes nothing), so a concurrent update waits its turn on
        // PostgreSQL instead of both reading the old value.
        await trx
          .insertInto('settings')
          .values({ key: settingsKey, value: JSON.stringify(defaultResortSettings) })
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('settings.value') })))
          .execute();
        const row = await trx
          .selectFrom('settings')
          .select('value')
          .where('key', '=', settingsKey)
          .executeTakeFirstOrThrow();
        const before = fromStored(row.value);
        const next: StoredResortSettings = { ...before, ...withoutUndefined(patch) };
        await trx
          .updateTable('settings')
          .set({ value: JSON.stringify(next) })
          .where('key', '=', settingsKey)
          .execute();
        const changed = changedFields(before, next);
        if (!changedNothing(changed)) {
          await appendAudit(trx, {
            ...change,
            action: 'settings.changed',
            subject: subject('settings'),
            details: changed,
          });
        }
        return withBungalowNumbers(next);
      });
    },
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
