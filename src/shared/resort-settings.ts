import { limits } from './constants';
import { defaultPublicSettings, type PublicResortSettings } from './resort-settings-public';
import { teamLimits } from './team-limits';

export {
  defaultPublicSettings,
  defaultTimeZone,
  type PublicResortSettings,
  publicPart,
} from './resort-settings-public';

/**
 * The resort's own settings (DESIGN.md, "Resort operations"): their shape, defaults and the parsing rules.
 * Free of zod so the checkout can read the public part without loading it; the input schema is in
 * `resort-settings-schema.ts`.
 */

export const settingsLimits = {
  resortNameMax: 80,
  promptPayNameMax: 60,
  publicUrlMax: 200,
  bungalowListMax: 500,
  /** More bungalows than any resort has; it bounds the lists the admin pages draw. */
  bungalowCountMax: 2000,
  /** The cash float: what the drawer holds at the start of a day (THB), counted in the day's expected cash. */
  cashFloatMax: 1_000_000,
  /** The buy list's reserve: days of sales kept beside full fridges (issue 26). */
  stockCoverDaysMin: 1,
  stockCoverDaysMax: 90,
  // Guests' personal data (fifth stage): days a closed stay's guest is kept (DESIGN.md, "Retention").
  guestDataDaysMin: 30,
  guestDataDaysMax: 3650,
  guestDataDaysDefault: 365,
} as const;

/**
 * A known IANA time zone as it should be stored (`asia/bangkok` -> `Asia/Bangkok`), or null when unknown.
 * ICU resolves some current names to older aliases (Asia/Ho_Chi_Minh -> Asia/Saigon): those are kept as typed.
 */
export function canonicalTimeZone(name: string): string | null {
  // Only IANA names: a bare offset such as "+07:00" has no daylight-saving rules and no place in a resort.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

export interface BungalowRange {
  first: number;
  last: number;
}

export type BungalowListResult =
  | { ok: true; ranges: BungalowRange[]; numbers: number[]; text: string }
  | { ok: false; message: string };

/**
 * Reads the resort's bungalow numbers as staff write them: numbers and ranges separated by commas or spaces,
 * e.g. `1-24, 30, 101-110`. A number listed twice (overlapping ranges) is refused: it is almost always a typo.
 */
export function parseBungalowList(text: string): BungalowListResult {
  const tokens = text
    .split(/[,;\s]+/)
    .map((token) => token.trim())
    .filter((token) => token.length > 0)
    // "1 - 24" splits into three tokens: glue a lone dash back to its neighbours.
    .reduce<string[]>((joined, token) => {
      const previous = joined.at(-1);
      if (previous !== undefined && (/^[-–]$/.test(token) || /[-–]$/.test(previous))) {
        joined[joined.length - 1] = `${previous}${token}`;
      } else joined.push(token);
      return joined;
    }, []);
  if (tokens.length === 0) return { ok: false, message: 'Enter at least one bungalow number, e.g. 1-24' };

  const ranges: BungalowRange[] = [];
  for (const token of tokens) {
    const match = /^(\d{1,4})(?:[-–](\d{1,4}))?$/.exec(token);
    if (!match) return { ok: false, message: `"${token}" is not a bungalow number or a range like 1-24` };
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    for (const value of [first, last]) {
      if (value < limits.bungalowMin || value > limits.bungalowMax) {
        return {
          ok: false,
          message: `Bungalow numbers go from ${limits.bungalowMin} to ${limits.bungalowMax} ("${token}")`,
        };
      }
    }
    if (last < first) return { ok: false, message: `The range ${token} ends before it starts` };
    ranges.push({ first, last });
  }

  const sorted = [...ranges].sort((a, b) => a.first - b.first);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1] as BungalowRange;
    const current = sorted[i] as BungalowRange;
    if (current.first <= previous.last) {
      return { ok: false, message: `Bungalow ${current.first} is listed twice: the ranges overlap` };
    }
  }
  const count = sorted.reduce((sum, range) => sum + range.last - range.first + 1, 0);
  if (count > settingsLimits.bungalowCountMax) {
    return { ok: false, message: `At most ${settingsLimits.bungalowCountMax} bungalows can be listed` };
  }
  const numbers = sorted.flatMap((range) =>
    Array.from({ length: range.last - range.first + 1 }, (_, i) => range.first + i),
  );
  const normalized = ranges
    .map((range) => (range.first === range.last ? `${range.first}` : `${range.first}-${range.last}`))
    .join(', ');
  return { ok: true, ranges, numbers, text: normalized };
}

/** Everything, for an admin session. */
export interface ResortSettings extends PublicResortSettings {
  bungalows: string;
  bungalowNumbers: number[];
  publicUrl: string | null;
  /** A staff session locks after this many idle minutes (the owner's keeps 30); 1..120. */
  staffLockMinutes: number;
  /** Whole baht left in the cash drawer at the start of every day (closing the day counts it in). */
  cashFloat: number;
  /** Days of sales the buy list keeps in reserve beside full fridges (issue 26); 1..90. */
  stockCoverDays: number;
  // Guests' personal data (fifth stage)
  /** A stay closed longer ago than this many days is erased by itself (30..3650). */
  guestDataDays: number;
}

/** What is stored; the bungalow numbers are derived from the text when read. */
export type StoredResortSettings = Omit<ResortSettings, 'bungalowNumbers'>;

export const defaultResortSettings: StoredResortSettings = {
  ...defaultPublicSettings,
  bungalows: '1-24',
  publicUrl: null,
  staffLockMinutes: teamLimits.staffLockMinutesDefault,
  cashFloat: 0,
  stockCoverDays: 14,
  // Guests' personal data (fifth stage)
  guestDataDays: settingsLimits.guestDataDaysDefault,
};

export function withBungalowNumbers(stored: StoredResortSettings): ResortSettings {
  const parsed = parseBungalowList(stored.bungalows);
  return { ...stored, bungalowNumbers: parsed.ok ? parsed.numbers : [] };
}
