import { HttpError } from '../http/errors';

/**
 * At most 2 owner-password hashes at once on this server (scrypt N=2^17: 128 MiB and about 0.4 s of a core
 * each), whatever comes in: a burst of sign-ins queues for a slot instead of taking every core and the memory.
 * A queue longer than `waitingMax` is refused with 503 and Retry-After (DESIGN.md, "Abuse resistance").
 */
export const hashSlotRules = { running: 2, waitingMax: 16, retryAfterSeconds: 1 } as const;

export function createHashSlots(rules: { running: number; waitingMax: number } = hashSlotRules) {
  let running = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    /** Runs `hash` in a slot; waits its turn, or throws 503 when too many wait already. */
    async run<T>(hash: () => Promise<T>): Promise<T> {
      if (running >= rules.running) {
        if (waiting.length >= rules.waitingMax) {
          throw new HttpError(
            503,
            'service_unavailable',
            'Too many sign-ins at once. Please try again in a moment.',
            undefined,
            hashSlotRules.retryAfterSeconds,
          );
        }
        // The slot is handed over by release(): `running` stays as it is.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running += 1;
      peak = Math.max(peak, running);
      try {
        return await hash();
      } finally {
        release();
      }
    },
    /** For tests and the bench: hashes running now, the most ever at once, and the queue. */
    stats: () => ({ running, peak, waiting: waiting.length }),
    resetPeak: () => {
      peak = running;
    },
  };
}

/** This server's slots for the owner password (one process, one set of cores). */
export const passwordHashSlots = createHashSlots();
