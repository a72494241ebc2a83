import { pingDb } from "./db/client.server";
import { logger } from "./logger.server";
import { objectStore } from "./storage/object-store.server";

let draining = false;

/** From SIGTERM on, this instance reports not ready so the load balancer stops sending it requests. */
export function markDraining(): void {
  draining = true;
}

export type Readiness = { ready: boolean; checks: Record<string, "ok" | "failing" | "draining"> };

/**
 * Readiness (`/readyz`): ready to take traffic when the database answers, the image store answers, and
 * the instance is not shutting down. Liveness (`/healthz`) only asks the database.
 */
export async function readiness(): Promise<Readiness> {
  const [database, images] = await Promise.all([pingDb(), storeReachable()]);
  const checks: Readiness["checks"] = {
    database: database ? "ok" : "failing",
    imageStore: images ? "ok" : "failing",
  };
  if (draining) checks.instance = "draining";
  return { ready: !draining && Object.values(checks).every((c) => c === "ok"), checks };
}

/** How long one answer of the image store is reused: a flood of /readyz makes at most one request per this. */
const STORE_CHECK_MS = 2_000;
let lastStoreCheck: { at: number; store: object; answer: Promise<boolean> } | undefined;

function storeReachable(): Promise<boolean> {
  const now = Date.now();
  const store = objectStore();
  if (lastStoreCheck && lastStoreCheck.store === store && now - lastStoreCheck.at < STORE_CHECK_MS)
    return lastStoreCheck.answer;
  const answer = store.ping().then(
    () => true,
    (err: unknown) => {
      logger.warn({ err }, "readiness: the image store cannot be reached");
      return false;
    },
  );
  lastStoreCheck = { at: now, store, answer };
  return answer;
}
