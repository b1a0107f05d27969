import toast from 'react-hot-toast/headless';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import type { ApiIssue, Drink, Guest } from '../../shared/api-types';
import { texts, timings, toastTexts } from '../../shared/constants';
import type { DrinkInput, GuestInput } from '../../shared/schemas';
import {
  ApiError,
  addDrink,
  deleteDrink,
  fetchDrinks,
  fetchGuest,
  fetchSession,
  login,
  logout,
  saveGuest,
  updateDrink,
} from '../api';
import {
  loadStaffData,
  runStaffCommand,
  type StaffCommand,
  type StaffData,
  staffFailureToasts,
  staffSuccessToasts,
} from './staff/staff-data';

/**
 * The admin route's reads (loader) and writes (action). Every write goes through the action, so React
 * Router reloads the loader afterwards: the list and the form show what the server now holds, and a
 * session that has ended shows up as `authenticated: false`, which brings the password modal back.
 */

export interface AdminPanelData {
  authenticated: true;
  /** Not awaited: the panel shows 'Loading...' while these arrive. */
  drinks: Promise<Drink[]>;
  guest: Promise<Guest | null>;
  /** History, restock list and consumption (src/web/admin/staff). */
  staff: StaffData;
}
export type AdminLoaderData = { authenticated: false } | AdminPanelData;

const failedToLoadId = 'admin-failed-to-load';

function reportLoadFailure<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    console.error('Loading the admin data failed', error);
    // One toast even when the drinks and the guest both fail.
    toast.error(toastTexts.failedToLoad, { id: failedToLoadId });
    throw error;
  });
}

export async function adminLoader({ request }: LoaderFunctionArgs): Promise<AdminLoaderData> {
  const session = await reportLoadFailure(fetchSession());
  if (!session.authenticated) return { authenticated: false };
  return {
    authenticated: true,
    drinks: reportLoadFailure(fetchDrinks()),
    guest: reportLoadFailure(fetchGuest()),
    staff: loadStaffData(new URL(request.url), reportLoadFailure),
  };
}

export type AdminCommand =
  | { intent: 'login'; password: string }
  | { intent: 'logout' }
  | { intent: 'add-drink'; drink: DrinkInput }
  | { intent: 'update-drink'; id: number; drink: DrinkInput }
  | { intent: 'delete-drink'; id: number }
  | { intent: 'save-guest'; guest: GuestInput }
  | StaffCommand;

export type AdminIntent = AdminCommand['intent'];

export type AdminActionResult =
  | { ok: true; intent: AdminIntent }
  | {
      ok: false;
      intent: AdminIntent;
      status: number;
      message: string;
      issues: ApiIssue[];
      retryAfter?: number;
    };

const successToasts: Partial<Record<AdminIntent, string>> = {
  'add-drink': toastTexts.drinkAdded,
  'update-drink': toastTexts.drinkUpdated,
  'delete-drink': toastTexts.drinkDeleted,
  'save-guest': toastTexts.guestUpdated,
  ...staffSuccessToasts,
};

const failureToasts: Record<AdminIntent, string | null> = {
  // The modal shows a failed login inline.
  login: null,
  logout: 'Could not lock the admin panel. Check the connection and try again.',
  'add-drink': toastTexts.failedToSaveDrink,
  'update-drink': toastTexts.failedToSaveDrink,
  'delete-drink': toastTexts.failedToDelete,
  'save-guest': toastTexts.failedToSaveGuest,
  ...staffFailureToasts,
};

async function run(command: AdminCommand): Promise<void> {
  switch (command.intent) {
    case 'login':
      return login(command.password);
    case 'logout':
      return logout();
    case 'add-drink':
      await addDrink(command.drink);
      return;
    case 'update-drink':
      await updateDrink(command.id, command.drink);
      return;
    case 'delete-drink':
      return deleteDrink(command.id);
    case 'save-guest':
      await saveGuest(command.guest);
      return;
    default:
      return runStaffCommand(command);
  }
}

/** The commands come from this route's own components as JSON (fetcher.submit with encType json). */
export async function adminAction({ request }: ActionFunctionArgs): Promise<AdminActionResult> {
  const command = (await request.json()) as AdminCommand;
  try {
    await run(command);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.error(`The admin action "${command.intent}" failed`, error);
    // A 401 on a write means the session ended: the reloaded loader brings the modal back instead.
    const sessionEnded = error.status === 401 && command.intent !== 'login';
    const failure = failureToasts[command.intent];
    if (failure && !sessionEnded) toast.error(failure);
    return {
      ok: false,
      intent: command.intent,
      status: error.status,
      message: command.intent === 'login' && error.status === 401 ? texts.incorrectPassword : error.message,
      issues: error.issues,
      retryAfter: error.retryAfter,
    };
  }
  const success = successToasts[command.intent];
  if (success) toast.success(success, { duration: timings.successToastMs });
  return { ok: true, intent: command.intent };
}

/** Submits a command to the admin route's action from a fetcher. */
export function submitOptions() {
  return { method: 'post', encType: 'application/json' } as const;
}
