import PgBoss from "pg-boss";
import { dbPool, type Tx } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import { messageDeliveries } from "~/platform/db/tables.server";
import { logger } from "~/platform/logger.server";

/*
 * The durable job queue: pg-boss 10 (runs on Node 20 and 24; decision 015) in the shop's own PostgreSQL,
 * through the shop's one connection pool. Jobs are rows, so they survive kill -9 of the app and of the
 * database; every instance may run workers, and each job is taken by exactly one of them (SKIP LOCKED).
 */

/** A queue: its name, how often and how long it retries, and how long a job may run before it is retried. */
export type QueueSpec = {
  name: string;
  retryLimit: number;
  /** Seconds before the first retry; doubled at each further one. */
  retryDelay: number;
  /** A job still active after this long (its instance died) is failed and retried. */
  expireInSeconds: number;
  /** Seconds between polls when idle (a job queued by this instance wakes its worker at once). */
  pollingIntervalSeconds: number;
  /** Cron (UTC) when the queue is scheduled work that runs once across all instances. */
  cron?: string;
};

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;
export type JobTable = Record<string, { spec: QueueSpec; handler: JobHandler }>;

let boss: PgBoss | undefined;
let started: Promise<void> | undefined;
const workers = new Map<string, QueueWorker>();

/** pg-boss runs its SQL through the shop's pool (house rule 8: one database client). */
function poolAdapter(): PgBoss.Db {
  return { executeSql: (text, values) => dbPool().query(text, values) };
}

/**
 * A transaction of ours as pg-boss's database: the job row is written in the caller's transaction and
 * exists exactly when the transaction commits. Drizzle's node-postgres transaction holds its pg client on
 * `session.client`; the test "a job is queued in the order's transaction" fails if that ever changes.
 */
function transactionAdapter(tx: Tx): PgBoss.Db {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== "function") {
    throw new Error("enqueue: the transaction's database client is not reachable");
  }
  const query = client.query as (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
  return { executeSql: (text, values) => query.call(client, text, values) };
}

/**
 * Create the queue schema (pg-boss migrates under its own advisory lock, so instances may start
 * together) and the queues; with `work`, also run a worker per queue on this instance, and with
 * `schedule`, the cron clock that puts scheduled work on the queue once per slot across all instances.
 */
export async function startQueue(
  table: JobTable,
  options: { work: boolean; schedule: boolean },
): Promise<void> {
  if (started) return started;
  started = (async () => {
    const b = new PgBoss({
      db: poolAdapter(),
      schema: "pgboss",
      supervise: options.work,
      schedule: options.schedule,
      migrate: true,
      // Expired jobs (their instance was killed mid-job) are failed and retried within this.
      maintenanceIntervalSeconds: env().JOB_MAINTENANCE_SECONDS,
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
    });
    b.on("error", (err) => logger.error({ err }, "job queue error"));
    await b.start();
    for (const { spec } of Object.values(table)) {
      await b.createQueue(spec.name, {
        name: spec.name,
        retryLimit: spec.retryLimit,
        retryDelay: spec.retryDelay,
        retryBackoff: true,
        expireInSeconds: Math.min(spec.expireInSeconds, env().JOB_EXPIRE_SECONDS ?? Infinity),
      });
      if (spec.cron) await b.schedule(spec.name, spec.cron, {}, { tz: "UTC" });
    }
    boss = b;
    if (options.work) {
      for (const { spec, handler } of Object.values(table)) {
        const w = new QueueWorker(b, spec, handler);
        workers.set(spec.name, w);
        w.start();
      }
    }
  })();
  try {
    await started;
  } catch (err) {
    started = undefined;
    boss = undefined;
    throw err;
  }
}

function queue(): PgBoss {
  if (!boss) throw new Error("The job queue is not started (startQueue was not called).");
  return boss;
}

/**
 * Put one message job on its queue inside the caller's transaction, at most once per `dedupeKey` (one
 * order event): the key is recorded in message_deliveries in the same transaction, and a second enqueue
 * with the same key (a replayed webhook, a retried request) does nothing. Returns whether it was queued.
 */
export async function enqueueOnce(
  tx: Tx,
  queueName: string,
  dedupeKey: string,
  data: Record<string, unknown>,
): Promise<boolean> {
  const inserted = await tx
    .insert(messageDeliveries)
    .values({ dedupeKey, queue: queueName })
    .onConflictDoNothing()
    .returning({ key: messageDeliveries.dedupeKey });
  if (inserted.length === 0) return false;
  const id = await queue().send(queueName, { ...data, dedupeKey }, { db: transactionAdapter(tx) });
  if (!id) throw new Error(`enqueue: the queue ${queueName} does not exist`);
  pendingWake.add(queueName);
  return true;
}

const pendingWake = new Set<string>();

/** After the commit: wake this instance's workers for what was just queued (others poll within seconds). */
export function wakeWorkers(): void {
  for (const name of pendingWake) workers.get(name)?.wake();
  pendingWake.clear();
}

/**
 * Take one job and run it; whatever the handler or the database does, this never throws: a job whose
 * outcome cannot be recorded (the database went away) stays active, expires and is retried.
 */
async function runJob(
  b: PgBoss,
  spec: QueueSpec,
  handler: JobHandler,
  job: PgBoss.Job<Record<string, unknown>>,
): Promise<void> {
  try {
    await handler(job.data ?? {});
  } catch (err) {
    logger.error({ err, queue: spec.name }, "job failed; it will be retried");
    await b
      .fail(spec.name, job.id, { message: err instanceof Error ? err.message : String(err) })
      .catch((e: unknown) => logger.warn({ err: e, queue: spec.name }, "could not record a failed job"));
    return;
  }
  await b
    .complete(spec.name, job.id)
    .catch((e: unknown) => logger.warn({ err: e, queue: spec.name }, "could not record a finished job"));
}

/**
 * One queue's worker on this instance: takes one job at a time until the queue is empty, then waits
 * `pollingIntervalSeconds` (or a wake-up). Ours rather than pg-boss's work(), whose completion is not
 * awaited: with the database gone, that rejection crashed the process.
 */
class QueueWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private wakeAgain = false;

  constructor(
    private readonly b: PgBoss,
    private readonly spec: QueueSpec,
    private readonly handler: JobHandler,
  ) {}

  start(): void {
    this.schedule(0);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) this.wakeAgain = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.drain(), ms);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    if (this.stopped || this.running) return;
    this.wakeAgain = false;
    this.running = (async () => {
      while (!this.stopped) {
        let jobs: PgBoss.Job<Record<string, unknown>>[];
        try {
          jobs = (await this.b.fetch<Record<string, unknown>>(this.spec.name, { batchSize: 1 })) ?? [];
        } catch (err) {
          logger.warn({ err, queue: this.spec.name }, "job queue unreachable; will poll again");
          return;
        }
        if (jobs.length === 0) return;
        for (const job of jobs) await runJob(this.b, this.spec, this.handler, job);
      }
    })();
    await this.running;
    this.running = undefined;
    if (!this.stopped) this.schedule(this.wakeAgain ? 0 : this.spec.pollingIntervalSeconds * 1000);
  }

  /** Take no more jobs; resolves when the one running (if any) has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * Run a message's delivery at most once: skipped when its key is already marked sent (a retry after the
 * send succeeded but before the job was completed), marked sent right after `send` resolves.
 */
export async function deliverOnce(dedupeKey: string, send: () => Promise<void>): Promise<"sent" | "skipped"> {
  const r = await dbPool().query<{ sent: boolean }>(
    `update message_deliveries set attempts = attempts + 1 where dedupe_key = $1 returning sent_at is not null as sent`,
    [dedupeKey],
  );
  if (r.rows[0]?.sent) return "skipped";
  await send();
  await dbPool().query(`update message_deliveries set sent_at = now() where dedupe_key = $1`, [dedupeKey]);
  return "sent";
}

/**
 * Run every job that is due now on this process, until none is left (tests, and the CLI); a failing job
 * is marked failed and retried later by pg-boss, never run twice here. Returns how many jobs ran.
 */
export async function runDueJobs(table: JobTable): Promise<number> {
  const b = queue();
  let ran = 0;
  for (;;) {
    let any = false;
    for (const { spec, handler } of Object.values(table)) {
      if (spec.cron) continue;
      const jobs = await b.fetch<Record<string, unknown>>(spec.name, { batchSize: 20 });
      for (const job of jobs ?? []) {
        any = true;
        ran++;
        await runJob(b, spec, handler, job);
      }
    }
    if (!any) return ran;
  }
}

/**
 * Stop taking jobs and wait for the ones running here to finish (up to `timeoutMs`; one still running then
 * is failed, to be retried); pg-boss's own timers stop too. Queueing keeps working (requests still in
 * flight during a drain queue their mail in their transactions). The pool is ours and stays open.
 */
export async function stopQueue(timeoutMs = 8_000): Promise<void> {
  const b = boss;
  started = undefined;
  const running = [...workers.values()].map((w) => w.stop());
  workers.clear();
  if (!b) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
    timer.unref();
  });
  if ((await Promise.race([Promise.all(running), timedOut])) === "timeout") {
    logger.warn("a job was still running at shutdown; it expires and is retried by another instance");
  }
  clearTimeout(timer);
  await b.stop({ graceful: false, close: false }).catch((err: unknown) => {
    logger.warn({ err }, "the job queue did not stop cleanly");
  });
}

/** How many jobs of these queues wait or run (readiness pages, tests). */
export async function queuedJobCount(names: string[]): Promise<number> {
  const r = await dbPool().query<{ n: number }>(
    `select count(*)::int as n from pgboss.job where name = any($1) and state in ('created', 'retry', 'active')`,
    [names],
  );
  return r.rows[0]?.n ?? 0;
}
