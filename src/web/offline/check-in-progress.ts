/**
 * Whether this page has counts entered: a new version of the app never takes over a page in the middle of a
 * check (the service worker asks, offline/start.ts answers). Kept tiny: it is part of /checkout's first load.
 */
let counting = false;

export const setCheckInProgress = (value: boolean) => {
  counting = value;
};

export const checkInProgress = () => counting;
