import { Hono } from 'hono';
import { idParamSchema } from '../../shared/schemas';
import {
  webhookAttemptsQuerySchema,
  webhookCommandSchema,
  webhookCreateSchema,
  webhookResendSchema,
  webhookUpdateSchema,
} from '../../shared/webhook-schemas';
import { webhookIdOf } from '../../shared/webhook-types';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { validationFailed } from '../http/errors';
import { readJson, readParams, readQuery } from '../http/validate';
import { createAddressRules } from './address-rules';
import { refusalOfUrl } from './url-check';
import { createWebhooksRepo } from './webhooks.repo';

/** The endpoints other systems hear the audit on (owner, managers: right `integrations`). */
export function webhooksRoutes(deps: AppDeps) {
  const repo = createWebhooksRepo(deps.db);
  const integrations = requireRight(deps, 'integrations');
  const rules = createAddressRules(deps.config.webhooks.allowedHosts);

  /** 422 for an address the sender would refuse (checked again after DNS at every delivery). */
  const checkUrl = async (url: string | undefined) => {
    if (url === undefined) return;
    const refusal = await refusalOfUrl(rules, url);
    if (refusal)
      throw validationFailed(`This URL cannot receive webhooks: ${refusal}`, [
        { path: 'url', message: `This URL cannot receive webhooks: ${refusal}` },
      ]);
  };

  return new Hono()
    .get('/', integrations, async (c) => c.json(await repo.list()))
    .post('/', integrations, async (c) => {
      const input = await readJson(c, webhookCreateSchema);
      await checkUrl(input.url);
      const created = await repo.create(input, await changeBy(c, deps));
      deps.webhooks.wake();
      return c.json(created, 201);
    })
    .put('/:id', integrations, async (c) => {
      const { id } = readParams(c, idParamSchema);
      const input = await readJson(c, webhookUpdateSchema);
      await checkUrl(input.url);
      const updated = await repo.update(id, input, await changeBy(c, deps));
      deps.webhooks.wake();
      return c.json(updated);
    })
    .delete('/:id', integrations, async (c) => {
      const { id } = readParams(c, idParamSchema);
      await repo.remove(id, await changeBy(c, deps));
      deps.webhooks.wake();
      return c.body(null, 204);
    })
    .post('/:id/rotate-secret', integrations, async (c) => {
      const { id } = readParams(c, idParamSchema);
      await readJson(c, webhookCommandSchema);
      const rotated = await repo.rotateSecret(
        id,
        deps.config.webhooks.rotationOverlapMs,
        await changeBy(c, deps),
      );
      // The sender signs with both secrets from its next delivery on.
      deps.webhooks.wake();
      return c.json(rotated);
    })
    .get('/:id/attempts', integrations, async (c) => {
      const { id } = readParams(c, idParamSchema);
      const { page } = readQuery(c, webhookAttemptsQuerySchema);
      return c.json(await repo.attempts(id, page));
    })
    .post('/:id/resend', integrations, async (c) => {
      const { id } = readParams(c, idParamSchema);
      const { fromSeq } = await readJson(c, webhookResendSchema);
      await repo.resend(id, fromSeq, await changeBy(c, deps));
      deps.webhooks.wake();
      return c.json({ fromSeq }, 202);
    })
    .post('/:id/test', integrations, async (c) => {
      const { id } = readParams(c, idParamSchema);
      await readJson(c, webhookCommandSchema);
      const seq = await repo.sendTest(id, await changeBy(c, deps));
      deps.webhooks.wake();
      return c.json({ seq, webhookId: webhookIdOf(seq) }, 202);
    });
}
