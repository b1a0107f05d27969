import type { StaffRole } from '../../src/shared/team';
import type { StaffMember } from '../../src/shared/team-types';
import type { TestApp } from './test-app';

/** The first `name=value` of a response's Set-Cookie for the cookie called `name`. */
export function cookieFrom(response: Response, name: string): string {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0] ?? '';
    if (pair.startsWith(`${name}=`)) return pair;
  }
  throw new Error(`no ${name} cookie in ${response.status} ${response.headers.getSetCookie().join(' | ')}`);
}

export const joinCookies = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ');

/** PINs that pass the rules (not repeated, not a straight run), one per test person. */
export const pins = ['274019', '583162', '920374', '461825', '738250', '105947'] as const;

/** Registers a browser with the owner's session: answers the device cookie (`fc_device=...`). */
export async function registerDevice(t: TestApp, owner: string, name = 'Desk tablet'): Promise<string> {
  const response = await t.request('POST', '/api/devices', { cookie: owner, body: { name } });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return cookieFrom(response, 'fc_device');
}

export async function addStaff(
  t: TestApp,
  cookie: string,
  person: { name: string; role: StaffRole; pin: string },
): Promise<StaffMember> {
  const response = await t.request('POST', '/api/staff', { cookie, body: person });
  if (response.status !== 201)
    throw new Error(`add staff failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** PIN sign-in on a device: answers `fc_device=...; fc_session=...`, both cookies the browser would send. */
export async function signInWithPin(
  t: TestApp,
  device: string,
  staffId: number,
  pin: string,
): Promise<string> {
  const response = await t.request('POST', '/api/session', { cookie: device, body: { staffId, pin } });
  if (response.status !== 204)
    throw new Error(`PIN sign-in failed: ${response.status} ${await response.text()}`);
  return joinCookies(device, cookieFrom(response, 'fc_session'));
}

export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return (await response.json()).error;
}
