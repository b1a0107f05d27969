import toast from 'react-hot-toast/headless';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import type { ApiErrorCode, ApiIssue, SessionState } from '../../shared/api-types';
import { timings } from '../../shared/constants';
import type { RosterEntry } from '../../shared/team-types';
import { ApiError, fetchSession, login, logout } from '../api';
import { type AdminI18n, adminI18n, adminMessagesReady } from './admin-i18n';
import { currentAdminPage, pageAllowed, pagesOf } from './admin-pages';
import { fetchRoster, pinSignIn, registerDevice } from './team/team-api';
import { apiErrorText } from './validation';

/**
 * The workspace's reads and writes, shared by its pages. Each page route has its own loader and action (in
 * src/web/admin/<page>/); every write goes through an action, so React Router reloads the workspace's
 * loader and the page's afterwards: lists show what the server now holds, and a session that has ended
 * shows up as `authenticated: false`, which brings the password modal back over the page.
 */

export interface Unauthenticated {
  authenticated: false;
}
export type PageData<T> = ({ authenticated: true } & T) | Unauthenticated;

/**
 * One session check per navigation: the workspace's loader and the page's run side by side on the same
 * request, and a page fetches nothing before the server says the session is open (else every page load
 * of a locked workspace would end in 401 toasts).
 */
const sessionChecks = new WeakMap<Request, Promise<SessionState>>();
export function sessionFor(request: Request): Promise<SessionState> {
  let check = sessionChecks.get(request);
  if (!check) {
    check = reportLoadFailure(fetchSession());
    sessionChecks.set(request, check);
  }
  return check;
}

const failedToLoadId = 'admin-failed-to-load';

/** The spec's 'Failed to load data' toast, once however many of a page's reads fail together. */
export function reportLoadFailure<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    console.error('Loading the admin data failed', error);
    toast.error(adminI18n().t.toastFailedToLoad, { id: failedToLoadId });
    throw error;
  });
}

/**
 * A page's loader: `load` starts the page's reads (not awaited, so the page shows 'Loading...' while they
 * arrive) once the session is known to be open.
 */
export function pageLoader<T extends object>(load: (args: LoaderFunctionArgs) => T) {
  return async (args: LoaderFunctionArgs): Promise<PageData<T>> => {
    const session = await sessionFor(args.request);
    if (!session.authenticated) return { authenticated: false };
    // A page the signed-in role cannot use (a housekeeper at the overview, or after another person signed in
    // on this device) fetches nothing: its reads would only answer 403. The role's first page opens instead.
    const role = session.user?.role ?? 'owner';
    const page = currentAdminPage(new URL(args.request.url).pathname);
    if (page && !pageAllowed(role, page)) {
      const first = pagesOf(role)[0];
      if (first) throw new Response(null, { status: 302, headers: { Location: first.path } });
    }
    return { authenticated: true, ...load(args) };
  };
}

export type AdminActionResult =
  /** `data`: what the server answered (a pairing code to show), for the form that asked. */
  | { ok: true; intent: string; data?: unknown }
  | {
      ok: false;
      intent: string;
      status: number;
      code: ApiErrorCode | 'network_error';
      message: string;
      issues: ApiIssue[];
      retryAfter?: number;
    };

/** A toast's text, picked in the page's language when the toast shows. */
export type ToastText = (i18n: AdminI18n) => string;

export interface PageActionSpec<C extends { intent: string }> {
  run: (command: C) => Promise<unknown>;
  /** The toast after a write that worked (3 s, the spec's success toasts). */
  success: Partial<Record<C['intent'], ToastText>>;
  /** The toast after a write that failed; null when the form shows the failure itself. */
  failure: Record<C['intent'], ToastText | null>;
}

/**
 * A page's action. Commands come from the page's own components as JSON (fetcher.submit with
 * `submitOptions()`); the answer tells the form whether to close or which field messages to show.
 */
export function pageAction<C extends { intent: string }>(spec: PageActionSpec<C>) {
  return async ({ request }: ActionFunctionArgs): Promise<AdminActionResult> => {
    const command = (await request.json()) as C;
    const intent: C['intent'] = command.intent;
    let data: unknown;
    try {
      data = await spec.run(command);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      console.error(`The admin action "${intent}" failed`, error);
      // A 401 on a write means the session ended: the reloaded loader brings the modal back instead.
      const sessionEnded = error.status === 401 && intent !== 'login';
      const failure = spec.failure[intent];
      if (failure && !sessionEnded) toast.error(failure(adminI18n()));
      return {
        ok: false,
        intent,
        status: error.status,
        code: error.code,
        message:
          intent === 'login' && error.status === 401
            ? adminI18n().t.incorrectPassword
            : (apiErrorText(error) ?? error.message),
        issues: error.issues,
        retryAfter: error.retryAfter,
      };
    }
    const success = spec.success[intent];
    if (success) toast.success(success(adminI18n()), { duration: timings.successToastMs });
    return { ok: true, intent, data };
  };
}

/**
 * One page's commands from two sets (the spec's panel takes the drinks' and the guest's): each command goes to
 * the set that lists its intent.
 */
export function mergeActionSpecs<A extends { intent: string }, B extends { intent: string }>(
  first: PageActionSpec<A>,
  second: PageActionSpec<B>,
): PageActionSpec<A | B> {
  const inFirst = (command: A | B): command is A => Object.hasOwn(first.failure, command.intent);
  return {
    run: (command) => (inFirst(command) ? first.run(command) : second.run(command)),
    success: { ...first.success, ...second.success } as PageActionSpec<A | B>['success'],
    failure: { ...first.failure, ...second.failure } as PageActionSpec<A | B>['failure'],
  };
}

/** Submits a command to the action of the route the fetcher belongs to. */
export function submitOptions() {
  return { method: 'post', encType: 'application/json' } as const;
}

export interface WorkspaceData extends SessionState {
  /** On a registered device with no session: the names "Who is working?" shows. */
  roster: Promise<RosterEntry[]> | null;
}

/** The workspace itself: is the session open; log in (the modal, or a name and PIN) and out (Lock). */
export async function workspaceLoader({ request }: LoaderFunctionArgs): Promise<WorkspaceData> {
  // The workspace's texts in the page's language before anything of it shows (no English flash).
  const [session] = await Promise.all([sessionFor(request), adminMessagesReady()]);
  const roster = !session.authenticated && session.device ? reportLoadFailure(fetchRoster()) : null;
  return { ...session, roster };
}

export type SessionCommand =
  | { intent: 'login'; password: string }
  | { intent: 'pin-login'; staffId: number; pin: string }
  | { intent: 'pair-device'; name: string; pairingCode: string }
  | { intent: 'logout' };

export const workspaceAction = pageAction<SessionCommand>({
  run: (command) => {
    switch (command.intent) {
      case 'login':
        return login(command.password);
      case 'pin-login':
        return pinSignIn(command.staffId, command.pin);
      case 'pair-device':
        return registerDevice(command.name, command.pairingCode);
      default:
        return logout();
    }
  },
  success: { 'pair-device': ({ a }) => a.deviceRegistered },
  failure: {
    // The modal, the PIN pad and the pairing form show a failure inline.
    login: null,
    'pin-login': null,
    'pair-device': null,
    logout: ({ a }) => a.couldNotLock,
  },
});
