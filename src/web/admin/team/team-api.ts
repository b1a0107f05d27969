import type { StaffCreateInput, StaffUpdateInput } from '../../../shared/team-schemas';
import type { Device, PairingCode, RosterEntry, StaffMember } from '../../../shared/team-types';
import { requestWithHeaders } from '../../api';

/**
 * The team's fetch functions (DESIGN.md, "The resort's team"), in the admin's chunks: a guest at /checkout
 * never downloads them. They share web/api.ts's one request function and its ApiError.
 */
const json = async <T>(path: string, init?: { method?: string; body?: unknown }) =>
  (await requestWithHeaders<T>(path, init)).body;

export const fetchStaff = () => json<StaffMember[]>('/api/staff');
export const addStaff = (input: StaffCreateInput) =>
  json<StaffMember>('/api/staff', { method: 'POST', body: input });
/** A new PIN unblocks; `active: false` ends that person's sessions at once. */
export const changeStaff = (id: number, input: StaffUpdateInput) =>
  json<StaffMember>(`/api/staff/${id}`, { method: 'PUT', body: input });
/** The names "Who is working?" shows: answered only to a registered device. */
export const fetchRoster = () => json<RosterEntry[]>('/api/staff/roster');

export const fetchDevices = () => json<Device[]>('/api/devices');
/** Registers the browser that sends it: with an owner's or manager's session, or with a pairing code. */
export const registerDevice = (name: string, pairingCode?: string) =>
  json<Device>('/api/devices', {
    method: 'POST',
    body: pairingCode === undefined ? { name } : { name, pairingCode },
  });
export const makePairingCode = () => json<PairingCode>('/api/devices/pairing', { method: 'POST', body: {} });
/** Ends every session of that device at once. */
export const revokeDevice = (id: number) => json<void>(`/api/devices/${id}`, { method: 'DELETE' });

/** A person of the team signs in on a registered device: their name picked, their PIN typed. */
export const pinSignIn = (staffId: number, pin: string) =>
  json<void>('/api/session', { method: 'POST', body: { staffId, pin } });
