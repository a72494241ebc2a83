import path from "node:path";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { closeDb, connectDb, db } from "~/platform/db/client.server";
import { withStartupLock } from "~/platform/db/migrate.server";
import { runMigrations } from "~/wiring/database.server";
import { wirePlatform } from "~/wiring/platform.server";
import { env, EnvError, parseEnv, setEnv } from "~/platform/env.server";
import { startEventListener, stopEventListener } from "~/platform/events.server";
import { logger } from "~/platform/logger.server";
import { startJobs } from "~/wiring/jobs.server";
import { stopQueue } from "~/platform/jobs/queue.server";
import { markDraining } from "~/platform/readiness.server";
import { describePaymentGateway } from "~/features/payments/gateway.server";
import { describeFulfilment } from "~/features/couriers/couriers.server";
import { describeSecretsKey } from "~/platform/auth/secret-box.server";
import { describeServiceKeys, startServiceKeys } from "~/platform/service-keys.server";
import { seedIfEmpty } from "~/wiring/demo-data.server";
import { objectStore } from "~/platform/storage/object-store.server";
import { dataHandlersInFlight } from "~/platform/in-flight.server";
import { createApp } from "./app";
import { lockDataDir } from "./data-dir-lock";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";

/** SHUTDOWN_SECONDS in milliseconds: the whole stop, from the signal to the process's exit. */
function shutdownBudgetMs(): number {
  return env().SHUTDOWN_SECONDS * 1000;
}

export type Running = { url: string; server: Server; stop: () => Promise<void> };

/** Start the shop: database (embedded unless DATABASE_URL), migrations, demo data, HTTP server. */
export async function main(options: { dev?: Parameters<typeof createApp>[0]["dev"] } = {}): Promise<Running> {
  const startedAt = Date.now();
  let e;
  try {
    e = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  setEnv(e);
  // What the platform needs from the features (the store's sender, the owner's checkout limit).
  wirePlatform();

  let unlock: (() => void) | undefined;
  let pg: EmbeddedPostgres | undefined;
  let url = e.DATABASE_URL;
  if (!url) {
    unlock = lockDataDir(e.DATA_DIR);
    try {
      pg = await startEmbeddedPostgres({
        dir: path.join(e.DATA_DIR, "postgres"),
        log: (msg) => logger.debug({ postgres: msg }, "embedded postgres"),
      });
    } catch (err) {
      unlock();
      throw err;
    }
    url = pg.url;
    logger.info({ dataDir: e.DATA_DIR }, "using the embedded PostgreSQL");
  }

  connectDb(url);
  try {
    await withStartupLock(async () => {
      await runMigrations(db());
      if (await seedIfEmpty(db())) logger.info("empty database: demo catalogue added");
      // The durable job queue (mail, sweeps): its schema, and this instance's workers unless JOB_WORKERS=off.
      // Under the start-up lock too: two instances creating the queue schema and queues at once deadlock.
      await startJobs({ work: e.JOB_WORKERS === "on" });
    });
  } catch (err) {
    await stopQueue().catch(() => undefined);
    await closeDb().catch(() => undefined);
    await pg?.stop();
    unlock?.();
    throw err;
  }

  let server: Server;
  try {
    // Live updates: this instance's LISTEN connection (reconnects by itself if it drops).
    await startEventListener(url);
    // The services' keys saved in Settings > Keys (the environment's win), read before the first request.
    await startServiceKeys();
    let build: ServerBuild | undefined;
    if (!options.dev) {
      build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
    }
    const app = createApp({ dev: options.dev, build });
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(e.PORT, e.HOST, (err?: Error) => (err ? reject(err) : resolve(s)));
      s.once("error", reject);
    });
  } catch (err) {
    // A busy PORT or a bad HOST: stop what was started (the embedded PostgreSQL above all) before giving up.
    await stopEventListener().catch(() => undefined);
    await stopQueue().catch(() => undefined);
    await closeDb().catch(() => undefined);
    await pg?.stop().catch(() => undefined);
    unlock?.();
    throw err;
  }
  server.keepAliveTimeout = 65_000;
  const payments = describePaymentGateway();
  logger[payments.level](payments.message);
  const secrets = describeSecretsKey();
  logger[secrets.level](secrets.message);
  const shipping = describeFulfilment();
  logger[shipping.level](shipping.message);
  // Where each service's keys come from (the environment, saved in the admin, or none); never a key.
  for (const line of describeServiceKeys()) logger[line.level](line.message);
  // Where images are stored and fetched from; an unreachable bucket is logged (pages still load, images fail).
  const images = objectStore();
  logger.info({ store: images.description, imageBase: images.publicBase }, "image store");
  images
    .ping()
    .catch((err: unknown) => logger.error({ err }, "the image store cannot be reached: uploads will fail"));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : e.PORT;
  const shopUrl = `http://localhost:${port}`;

  let stopping: Promise<void> | undefined;
  const budget = shutdownBudgetMs();
  const stop = () => {
    stopping ??= (async () => {
      logger.info({ loadersRunning: dataHandlersInFlight.count }, "shutting down: draining");
      const began = Date.now();
      // The load balancer sees /readyz fail and sends no more; this instance stops accepting at once.
      markDraining();
      let listenerStopped: Promise<void> = Promise.resolve();
      const requestsDone = new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open event streams would keep server.close() waiting: end them (no new ones can arrive now).
        listenerStopped = stopEventListener();
        server.closeIdleConnections();
        setTimeout(() => server.closeIdleConnections(), 200).unref();
        // In-flight requests get 60% of the budget (6 s of 10) to finish; then whatever is left is cut.
        setTimeout(() => server.closeAllConnections(), budget * 0.6).unref();
      });
      // Jobs running here finish meanwhile (a job cut off is retried by another instance after it expires).
      await Promise.all([requestsDone, listenerStopped, stopQueue(budget * 0.6)]);
      // A loader whose client hung up may still be running (React Router stopped waiting for it, the loader
      // did not). It gets what is left of 75% of the budget, so the database and PostgreSQL still stop in it.
      if (!(await dataHandlersInFlight.idle(Math.max(0, budget * 0.75 - (Date.now() - began))))) {
        logger.warn({ running: dataHandlersInFlight.count }, "shutting down with loaders still running");
      }
      await closeDb();
      await pg?.stop();
      unlock?.();
      logger.info("stopped");
    })();
    return stopping;
  };
  logger.info({ url: shopUrl, ms: Date.now() - startedAt }, "shop started");
  console.log(`\n  Neon shop running at ${shopUrl}\n`);
  return { url: shopUrl, server, stop };
}
/**
 * Start the shop and stop it cleanly on SIGINT/SIGTERM. A signal that arrives while it is still starting (its
 * embedded PostgreSQL coming up) is kept and acted on once the start is done, so the database is never left
 * running without its shop.
 */
export async function run(options: Parameters<typeof main>[0] = {}): Promise<void> {
  let running: Awaited<ReturnType<typeof main>> | null = null;
  let signalled = false;
  const stopNow = () => {
    // Whatever happens, the process is gone within SHUTDOWN_SECONDS (10) of the stop.
    setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, shutdownBudgetMs() - 500).unref();
    running!.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    logger.info(
      { signal },
      running ? "signal received" : "signal received while starting; stopping once started",
    );
    if (running) stopNow();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    running = await main(options);
  } catch (err) {
    console.error(`\nThe shop could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  if (signalled) stopNow();
}
