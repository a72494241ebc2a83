import { setTimeout as sleep } from "node:timers/promises";
import { pgErrorOf } from "~/platform/db/errors.server";
import { logger } from "~/platform/logger.server";

/** serialization_failure and deadlock_detected: PostgreSQL rolled the transaction back; running it again is safe. */
const RETRIED = new Set(["40001", "40P01"]);

/** Whether an error is a transaction PostgreSQL rolled back for a conflict with another one (40001, 40P01). */
export const isTransactionConflict = (err: unknown) => RETRIED.has(pgErrorOf(err)?.code ?? "");

/**
 * Run a whole transaction again when PostgreSQL rolled it back for a serialisation failure or a deadlock, at
 * most `attempts` times in all, after a short random pause. `work` must be the whole transaction and nothing
 * outside it (a mail, a payment gateway call): what it did was rolled back, so running it again does it once.
 * The last conflict is thrown.
 */
export async function retryTransactionConflicts<T>(
  what: string,
  work: () => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isTransactionConflict(err)) throw err;
      logger.warn({ err, attempt, what }, "transaction conflict; running it again");
      await sleep(5 + Math.floor(Math.random() * 20 * attempt));
    }
  }
}
