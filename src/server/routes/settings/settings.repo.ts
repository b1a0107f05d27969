import {
  defaultResortSettings,
  type ResortSettings,
  type StoredResortSettings,
  withBungalowNumbers,
} from '../../../shared/resort-settings';
import { type ResortSettingsPatch, resortSettingsInputSchema } from '../../../shared/resort-settings-schema';
import { appendAudit, type Change, changedFields, changedNothing, subject } from '../../audit/audit-log';
import type { Db } from '../../db/database';

/** The resort's settings live as one JSON value in the key/value `settings` table. */
const settingsKey = 'resort';

/**
 * Read a stored value field by field: a field written by an older or newer version, or edited by hand into
 * something invalid, falls back to its default instead of breaking every page that reads the settings.
 */
function fromStored(json: string | undefined): StoredResortSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = json === undefined ? {} : JSON.parse(json);
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults hold until staff save the settings again.
  }
  const settings: StoredResortSettings = { ...defaultResortSettings };
  for (const key of Object.keys(defaultResortSettings) as (keyof StoredResortSettings)[]) {
    if (!(key in raw)) continue;
    const field = resortSettingsInputSchema.safeParse({ [key]: raw[key] });
    if (field.success) Object.assign(settings, { [key]: field.data[key] });
  }
  return settings;
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
