/**
 * Loaders and actions still running. When a client hangs up, React Router stops waiting for its loader (it
 * races the loader against the request's abort), but the loader goes on. So "every connection closed" does
 * not mean "no loader running". Shutdown waits for these before it closes the database, or such a loader
 * fails on the closed pool. Fed by the server entry's instrumentation (app/entry.server.tsx).
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

/** This process's loaders and actions (counted by app/entry.server.tsx, awaited by server/main.ts). */
export const dataHandlersInFlight = inFlight();
