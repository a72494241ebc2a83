/**
 * Page and action handlers still running. A client that hangs up does not stop its handler: the loader goes
 * on after the socket is gone, so "every connection closed" does not mean "no handler running". Shutdown
 * waits for this before it closes the database (a loader would otherwise fail on a closed pool).
 */
export type InFlight = {
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves when no tracked handler is running, or after `maxMs` (then false). */
  idle(maxMs: number): Promise<boolean>;
  readonly count: number;
};

export function inFlight(): InFlight {
  let count = 0;
  let waiters: (() => void)[] = [];
  return {
    track(work) {
      count++;
      return work.finally(() => {
        count--;
        if (count === 0) for (const wake of waiters.splice(0)) wake();
      });
    },
    idle(maxMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          resolve(false);
        }, maxMs);
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.push(wake);
      });
    },
    get count() {
      return count;
    },
  };
}
