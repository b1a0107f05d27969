import { Hono } from 'hono';
import { idParamSchema } from '../../shared/schemas';
import { forbiddenMessage, grantOf } from '../../shared/team';
import { deviceRegisterSchema, pairingInputSchema } from '../../shared/team-schemas';
import { actorOf, changeBy, deviceOf, requireRight, signedIn } from '../auth/actor';
import { clearDeviceCookie, setDeviceCookie } from '../auth/devices';
import { readSessionToken } from '../auth/session-cookie';
import { formatWait } from '../auth/throttle';
import type { AppDeps } from '../deps';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { readJson, readParams } from '../http/validate';
import { createDevicesRepo } from './devices.repo';

/**
 * Registered devices (DESIGN.md, "Registered devices"): a PIN signs in only on one of these. The owner or a
 * manager registers the browser they use, or makes a one-time pairing code for another (a housekeeper's
 * phone), which that browser sends with no session.
 */
export function devicesRoutes(deps: AppDeps) {
  const repo = createDevicesRepo(deps.db);
  const team = requireRight(deps, 'team');
  const { config } = deps;

  return new Hono()
    .get('/', team, async (c) => c.json(await repo.list((await deviceOf(c, deps))?.id ?? null)))
    .post('/', async (c) => {
      const { name, pairingCode } = await readJson(c, deviceRegisterSchema);
      const refuseRegistered = async () => {
        const already = await deviceOf(c, deps);
        if (already) {
          throw new HttpError(
            409,
            'conflict',
            `This browser is already registered as "${already.name}": revoke it in the device list first to register it again`,
          );
        }
      };
      if (pairingCode !== undefined) {
        await refuseRegistered();
        // A pairing code is a secret: wrong ones count against the address, as wrong passwords do.
        const client = `pairing:${clientAddress(c, config.trustProxy)}`;
        const reservation = await deps.throttle.reserve(client, deps.now());
        if (!reservation.allowed) {
          throw new HttpError(
            429,
            'too_many_requests',
            `Too many wrong pairing codes. Try again in ${formatWait(reservation.retryAfterSeconds)}.`,
            undefined,
            reservation.retryAfterSeconds,
          );
        }
        const { device, token } = await repo.redeemPairing(pairingCode, name, deps.now());
        await deps.throttle.reset(client);
        setDeviceCookie(c, token, config.trustProxy);
        deps.logger.info('device paired', { deviceId: device.id });
        return c.json(device, 201);
      }
      const actor = await actorOf(c, deps);
      if (!signedIn(actor)) {
        throw new HttpError(
          401,
          'unauthorized',
          'Log in as admin (or send a pairing code) to register a device',
        );
      }
      if (grantOf(actor.role, 'team') !== 'yes') {
        throw new HttpError(403, 'forbidden', forbiddenMessage(actor.role, 'team'));
      }
      await refuseRegistered();
      const { device, token } = await repo.register(name, await changeBy(c, deps));
      setDeviceCookie(c, token, config.trustProxy);
      // The owner's session goes on as the owner on this device (a PIN session already has its device).
      const session = readSessionToken(c, config.trustProxy);
      if (session) await deps.sessions.attachDevice(session, device.id);
      deps.logger.info('device registered', { deviceId: device.id });
      return c.json(device, 201);
    })
    .post('/pairing', team, async (c) => {
      await readJson(c, pairingInputSchema);
      return c.json(await repo.createPairing(await changeBy(c, deps), deps.now()), 201);
    })
    .delete('/:id', team, async (c) => {
      const { id } = readParams(c, idParamSchema);
      const current = await deviceOf(c, deps);
      await repo.revoke(id, await changeBy(c, deps));
      if (current?.id === id) clearDeviceCookie(c, config.trustProxy);
      return c.body(null, 204);
    });
}
