import { Hono } from 'hono';
import { resortSettingsDerivedFields } from '../../shared/read-only-fields';
import { parseBungalowList, publicPart } from '../../shared/resort-settings';
import { resortSettingsInputSchema } from '../../shared/resort-settings-schema';
import { notePrefixes } from '../../shared/tax';
import { changeBy, isStaff, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { validationFailed } from '../http/errors';
import { readJsonBack } from '../http/validate';
import { createSettingsRepo } from './settings.repo';

/**
 * The credit and debit notes number their own series with the prefixes CN and DN (docs/decisions/220): an
 * invoice series with either would share its numbers, so a save that asks for one is refused. Checked here,
 * not in the schema, because the schema also reads the stored settings, and a value stored before this check
 * must keep reading (its invoices keep their numbers; the next save asks for another prefix).
 */
function refuseNotePrefixes(tax: { abbPrefix: string; invoicePrefix: string } | null | undefined) {
  if (!tax) return;
  const taken = Object.values(notePrefixes);
  const issues = (['abbPrefix', 'invoicePrefix'] as const)
    .filter((field) => taken.includes(tax[field]))
    .map((field) => ({
      path: `tax.${field}`,
      message: `${tax[field]} numbers the ${tax[field] === notePrefixes.cn ? 'credit' : 'debit'} notes: choose another prefix`,
    }));
  if (issues[0]) throw validationFailed(issues[0].message, issues);
}

export function settingsRoutes(deps: AppDeps) {
  const repo = createSettingsRepo(deps.db);

  return new Hono()
    .get('/', async (c) => {
      const settings = await repo.read();
      // The bungalow list and the public address are the resort's business; guests get what the checkout needs.
      return c.json((await isStaff(c, deps, 'fridge')) ? settings : publicPart(settings));
    })
    .put('/', requireRight(deps, 'catalogue'), async (c) => {
      // The admin's GET may come back whole. Its bungalow numbers are accepted as they were (a client that
      // changed only the bungalows sends the old ones) or as the new bungalows give them.
      const { input: patch, sent } = await readJsonBack(
        c,
        resortSettingsInputSchema,
        resortSettingsDerivedFields,
      );
      refuseNotePrefixes(patch.tax);
      const held = await repo.read();
      const derived = parseBungalowList(patch.bungalows ?? held.bungalows);
      sent.mustMatch({ bungalowNumbers: [held.bungalowNumbers, derived.ok ? derived.numbers : []] });
      return c.json(await repo.update(patch, await changeBy(c, deps)));
    });
}
