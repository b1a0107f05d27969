import { useEffect, useRef } from 'react';

/** What counts as someone using the device. */
const activity = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Calls `onIdle` once after `minutes` without a touch, a click or a key (a staff session's lock, settings
 * `staffLockMinutes`): a tablet left at the desk does not stay signed in as the last person. The server ends
 * the session on its own clock too; this one takes the pages off the screen at the moment it happens.
 * Null minutes: no lock (the owner's session keeps the server's own idle limit).
 */
export function useIdleLock(minutes: number | null, onIdle: () => void): void {
  const latest = useRef(onIdle);
  useEffect(() => {
    latest.current = onIdle;
  });

  useEffect(() => {
    if (minutes === null) return;
    const limit = minutes * 60_000;
    let last = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    // One timer to the moment the limit would be reached; activity only moves `last`, and the timer checks it
    // when it fires (cheaper than restarting a timer on every touch).
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        const idle = Date.now() - last;
        if (idle >= limit) latest.current();
        else schedule(limit - idle);
      }, delay);
    };
    const touched = () => {
      last = Date.now();
    };
    schedule(limit);
    for (const type of activity) document.addEventListener(type, touched, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of activity) document.removeEventListener(type, touched, { capture: true });
    };
  }, [minutes]);
}
