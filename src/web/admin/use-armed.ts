import { useEffect, useState } from 'react';
import { timings } from '../../shared/constants';

/**
 * The two-click delete: `arm` starts a window of `windowMs` (the spec's 3 s) after which it disarms by
 * itself; a second click while `armed` is the confirmation.
 */
export function useArmed(windowMs: number = timings.deleteConfirmMs) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), windowMs);
    return () => clearTimeout(timer);
  }, [armed, windowMs]);
  return { armed, arm: () => setArmed(true), disarm: () => setArmed(false) };
}
