import toast from 'react-hot-toast/headless';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import type { ApiIssue, SessionState } from '../../shared/api-types';
import { timings } from '../../shared/constants';
import { ApiError, fetchSession, login, logout } from '../api';
import { type AdminI18n, adminI18n, adminMessagesReady } from './admin-i18n';
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
    return { authenticated: true, ...load(args) };
  };
}

export type AdminActionResult =
  | { ok: true; intent: string }
  | {
      ok: false;
      intent: string;
      status: number;
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
    try {
      await spec.run(command);
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
    return { ok: true, intent };
  };
}

/** Submits a command to the action of the route the fetcher belongs to. */
export function submitOptions() {
  return { method: 'post', encType: 'application/json' } as const;
}

/** The workspace itself: is the session open; log in (the modal) and out (Lock). */
export async function workspaceLoader({ request }: LoaderFunctionArgs): Promise<SessionState> {
  // The workspace's texts in the page's language before anything of it shows (no English flash).
  const [session] = await Promise.all([sessionFor(request), adminMessagesReady()]);
  return session;
}

type SessionCommand = { intent: 'login'; password: string } | { intent: 'logout' };

export const workspaceAction = pageAction<SessionCommand>({
  run: (command) => (command.intent === 'login' ? login(command.password) : logout()),
  success: {},
  failure: {
    // The modal shows a failed login inline.
    login: null,
    logout: ({ a }) => a.couldNotLock,
  },
});
