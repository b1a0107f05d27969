import { Hono } from 'hono';
import { z } from 'zod';
import {
  pmsCommandSchema,
  pmsConnectionSchema,
  pmsMappingsSchema,
  pmsSettleSchema,
} from '../../shared/pms-schemas';
import { pmsPostingStates } from '../../shared/pms-types';
import { idParamSchema } from '../../shared/schemas';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { HttpError, validationFailed } from '../http/errors';
import { readJson, readParams, readQuery } from '../http/validate';
import { secretsKeySource } from '../secrets/secret-box';
import { createAddressRules } from '../webhooks/address-rules';
import { refusalOfUrl } from '../webhooks/url-check';
import { createPmsRepo } from './pms.repo';
import type { PmsAdapter, PmsAnswer } from './pms-adapter';
import { adapterOf, pmsDispatcher } from './pms-poster';

const postingsQuerySchema = z.strictObject({ state: z.enum(pmsPostingStates).optional() });

/**
 * The PMS connection and mappings (owner, managers: right `integrations`); the postings the desk follows and
 * acts on (right `frontDesk`).
 */
export function pmsRoutes(deps: AppDeps) {
  const repo = createPmsRepo(deps.db);
  const integrations = requireRight(deps, 'integrations');
  const frontDesk = requireRight(deps, 'frontDesk');
  // The PMS's URL is typed by an owner or manager: it reaches only what a webhook may (WEBHOOK_ALLOWED_HOSTS).
  const { allowedHosts } = deps.config.webhooks;
  const rules = createAddressRules(allowedHosts);
  const dispatcher = pmsDispatcher(allowedHosts);
  /** The connection's adapter, or why its settings cannot make one (a stored secret that does not open). */
  const adapter = async (): Promise<PmsAnswer<PmsAdapter>> => {
    const settings = await repo.settings();
    return settings.ok ? { ok: true, value: adapterOf(settings.value, dispatcher) } : settings;
  };

  return (
    new Hono()
      // Whether PMS and webhook secrets are encrypted at rest: the Integrations page says when they are not.
      .get('/', integrations, async (c) =>
        c.json({ connection: await repo.get(), secretsEncrypted: secretsKeySource() !== null }),
      )
      .put('/', integrations, async (c) => {
        const input = await readJson(c, pmsConnectionSchema);
        const refusal = input.apiUrl === undefined ? null : await refusalOfUrl(rules, input.apiUrl);
        if (refusal) {
          const message = `This URL cannot be the PMS's: ${refusal}. Name the host in WEBHOOK_ALLOWED_HOSTS if it is the resort's own.`;
          throw validationFailed(message, [{ path: 'apiUrl', message }]);
        }
        const connection = await repo.save(input, await changeBy(c, deps));
        deps.pms.wake();
        return c.json({ connection });
      })
      .delete('/', integrations, async (c) => {
        await repo.remove(await changeBy(c, deps));
        deps.pms.wake();
        return c.body(null, 204);
      })
      .post('/test', integrations, async (c) => {
        await readJson(c, pmsCommandSchema);
        const opened = await adapter();
        const answer = opened.ok ? await opened.value.test() : opened;
        return c.json(
          answer.ok ? { ok: true, message: answer.value } : { ok: false, message: answer.reason },
        );
      })
      .get('/mappings', integrations, async (c) => c.json(await repo.mappings()))
      .post('/mappings/propose', integrations, async (c) => {
        await readJson(c, pmsCommandSchema);
        const opened = await adapter();
        if (!opened.ok) throw new HttpError(409, 'conflict', opened.reason);
        const rooms = await opened.value.rooms();
        if (!rooms.ok)
          throw new HttpError(502, 'pms_failed', `The PMS did not give its rooms: ${rooms.reason}`);
        return c.json(await repo.propose(rooms.value));
      })
      .put('/mappings', integrations, async (c) => {
        const input = await readJson(c, pmsMappingsSchema);
        const saved = await repo.saveMappings(input, await changeBy(c, deps));
        return c.json(saved);
      })
      .get('/postings', frontDesk, async (c) => {
        const { state } = readQuery(c, postingsQuerySchema);
        return c.json({ postings: await repo.postings(state) });
      })
      .post('/postings/:id/post-again', frontDesk, async (c) => {
        const { id } = readParams(c, idParamSchema);
        await readJson(c, pmsCommandSchema);
        await repo.postAgain(id, await changeBy(c, deps));
        deps.pms.wake();
        return c.json({ checkoutId: id }, 202);
      })
      .post('/postings/:id/settle', frontDesk, async (c) => {
        const { id } = readParams(c, idParamSchema);
        const { note } = await readJson(c, pmsSettleSchema);
        return c.json(await repo.settle(id, note, await changeBy(c, deps)));
      })
  );
}
