import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { setEnv } from "~/platform/env.server";
import { JOBS, runQueuedJobs, startJobs } from "~/wiring/jobs.server";
import { enqueueOnce, stopQueue } from "~/platform/jobs/queue.server";
import { sweepExpiredRows } from "~/wiring/housekeeping.server";
import { enqueueOrderEmails } from "~/features/order-lifecycle/order-email-queue.server";
import { sendOrderConfirmation } from "~/features/checkout/order-emails.server";
import { idempotencyKey, makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { adminSession } from "../support/admin-session";
import { postCheckout } from "../support/orders";
import { outbox as outboxOf } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";

// The durable queue of issue 14: mail is queued in the order's own transaction, once per order event,
// delivered at least once with retries, never twice; scheduled sweeps are registered once for all instances.
const t = setupTestDatabase({ SHOP_NOTIFY_EMAIL: "orders@neonlights.in" });
afterAll(() => runQueuedJobs());

let productId = "";
beforeAll(async () => {
  productId = (await makeProduct(await makeCategory(), { stockQuantity: 1000 })).id;
});
beforeEach(async () => {
  setEnv(t.env);
  await runQueuedJobs();
  await db().execute(sql`delete from rate_limits`);
  mailbox.clear();
});

const mailbox = outboxOf(t.dataDir);
const outbox = () => mailbox.rawMails();

let orderNo = 0;
async function placeCod(): Promise<string> {
  // Each order from its own address: the per-customer waiting-order limit is not what this file tests.
  const r = await postCheckout([productLine(productId)], { ip: `203.0.113.${++orderNo}` });
  expect(r.status).toBe(201);
  return (r.body.checkout as { checkoutId: string }).checkoutId;
}

async function jobsFor(checkoutId: string) {
  const r = await db().execute<{ name: string; state: string; retry_count: number; wait_s: number }>(sql`
    select name, state, retry_count, extract(epoch from start_after - now())::int as wait_s
    from pgboss.job where data->>'checkoutId' = ${checkoutId} order by name`);
  return r.rows;
}

describe("queueing", () => {
  it("a job is queued in the order's transaction: none when it rolls back, one when it commits", async () => {
    const key = `test:${idempotencyKey()}`;
    await expect(
      db().transaction(async (tx) => {
        expect(
          await enqueueOnce(tx, "mail-order-confirmation", key, { checkoutId: crypto.randomUUID() }),
        ).toBe(true);
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    const none = await db().execute(sql`select 1 from pgboss.job where data->>'dedupeKey' = ${key}`);
    expect(none.rows).toHaveLength(0);
    const noKey = await db().execute(sql`select 1 from message_deliveries where dedupe_key = ${key}`);
    expect(noKey.rows).toHaveLength(0);

    await db().transaction((tx) =>
      enqueueOnce(tx, "mail-order-confirmation", key, { checkoutId: crypto.randomUUID() }),
    );
    const one = await db().execute(sql`select 1 from pgboss.job where data->>'dedupeKey' = ${key}`);
    expect(one.rows).toHaveLength(1);
  });

  it("a COD order queues its confirmation and its shop notice once, however often the event is replayed", async () => {
    const checkoutId = await placeCod();
    expect((await jobsFor(checkoutId)).map((j) => j.name)).toEqual([
      "mail-order-confirmation",
      "mail-shop-notice",
    ]);
    // The same event again (a replayed webhook, a retried request) queues nothing more.
    await db().transaction((tx) => enqueueOrderEmails(tx, checkoutId));
    await db().transaction((tx) => enqueueOrderEmails(tx, checkoutId));
    expect(await jobsFor(checkoutId)).toHaveLength(2);

    expect(await runQueuedJobs()).toBe(2);
    const mails = outbox();
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.includes("To: orders@neonlights.in"))).toHaveLength(1);
    expect((await jobsFor(checkoutId)).map((j) => j.state)).toEqual(["completed", "completed"]);
  });

  it("a job run again after its mail went out (its instance died before completing it) sends nothing more", async () => {
    const checkoutId = await placeCod();
    await runQueuedJobs();
    expect(outbox()).toHaveLength(2);
    mailbox.clear();
    await sendOrderConfirmation({ checkoutId });
    expect(outbox()).toHaveLength(0);
    const r = await db().execute<{ sent: boolean; attempts: number }>(
      sql`select sent_at is not null as sent, attempts from message_deliveries where dedupe_key = ${`order-confirmation:${checkoutId}`}`,
    );
    expect(r.rows[0]).toEqual({ sent: true, attempts: 2 });
  });

  it("a failed send is retried later with backoff, and sent once when the mail server is back", async () => {
    setEnv({ ...t.env, SMTP_URL: "smtp://127.0.0.1:1" });
    const checkoutId = await placeCod();
    expect(await runQueuedJobs()).toBe(2);
    const waiting = await jobsFor(checkoutId);
    expect(waiting.map((j) => j.state)).toEqual(["retry", "retry"]);
    // The first retry waits 10-20 s (10 s doubling at each retry, with jitter).
    expect(waiting.map((j) => j.wait_s >= 8 && j.wait_s <= 21)).toEqual([true, true]);
    // Not due yet: nothing runs.
    expect(await runQueuedJobs()).toBe(0);

    setEnv(t.env);
    await db().execute(
      sql`update pgboss.job set start_after = now() where data->>'checkoutId' = ${checkoutId}`,
    );
    expect(await runQueuedJobs()).toBe(2);
    expect(outbox()).toHaveLength(2);
    expect((await jobsFor(checkoutId)).map((j) => j.state)).toEqual(["completed", "completed"]);
  });

  it("the outbox and the Message-ID are keyed by the order event", async () => {
    const checkoutId = await placeCod();
    await runQueuedJobs();
    const files = mailbox.files();
    expect(files).toEqual([`order-confirmation-${checkoutId}.eml`, `shop-notice-${checkoutId}.eml`]);
    const mail = mailbox.read(files[0]!);
    expect(mail).toMatch(/^Message-ID: <[0-9a-f]{32}@neonlights\.in>$/m);
  });
});

describe("scheduled work", () => {
  it("the sweeps (payment holds, orphan uploads, expired rows, review requests, retention, the audit log, COD confirmations, cart reminders and their deletion, pay links), the courier tracking poll and the settlement fetch are scheduled once, for every instance to share", async () => {
    const r = await db().execute<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule order by name`,
    );
    expect(r.rows).toEqual([
      { name: "delete-abandoned-checkouts", cron: "37 3 * * *" },
      { name: "fetch-razorpay-settlements", cron: "0 7 * * *" },
      { name: "poll-courier-tracking", cron: "*/30 * * * *" },
      { name: "send-shop-digest", cron: "*/10 * * * *" },
      { name: "sweep-audit-log", cron: "23 3 * * *" },
      { name: "sweep-cart-reminders", cron: "*/5 * * * *" },
      { name: "sweep-cod-confirmations", cron: "*/5 * * * *" },
      { name: "sweep-expired-rows", cron: "*/15 * * * *" },
      { name: "sweep-orphan-uploads", cron: "17 * * * *" },
      { name: "sweep-pay-links", cron: "*/5 * * * *" },
      { name: "sweep-payment-holds", cron: "* * * * *" },
      { name: "sweep-retention", cron: "23 3 * * *" },
      { name: "sweep-review-requests", cron: "41 * * * *" },
    ]);
    // Every queue the shop runs exists.
    const q = await db().execute<{ name: string }>(sql`select name from pgboss.queue order by name`);
    expect(q.rows.map((x) => x.name)).toEqual(Object.keys(JOBS).sort());
  });
});

describe("workers", () => {
  it("a running worker sends a new order's mail without being asked", async () => {
    await stopQueue();
    await startJobs({ work: true });
    try {
      const checkoutId = await placeCod();
      await expect.poll(async () => outbox().length, { timeout: 15_000 }).toBe(2);
      await expect
        .poll(async () => (await jobsFor(checkoutId)).map((j) => j.state), { timeout: 10_000 })
        .toEqual(["completed", "completed"]);
    } finally {
      await stopQueue();
      await startJobs({ work: false });
    }
  });
});

describe("housekeeping", () => {
  it("removes ended or idle sessions, passed rate-limit windows and month-old sign-in rows, and nothing else", async () => {
    const keeper = `keeper.${idempotencyKey()}@shop.test`;
    const live = await adminSession(keeper, { expiresInMinutes: 60, idleMinutes: 1 });
    await adminSession(keeper, { expiresInMinutes: -1, idleMinutes: 1 }); // ended
    await adminSession(keeper, { expiresInMinutes: 5 * 60, idleMinutes: 3 * 60 }); // idle
    const now = Date.now();
    await db().execute(sql`insert into rate_limits (key, points, expire) values
      ('test:passed', 1, ${now - 1000}), ('test:current', 1, ${now + 60_000}), ('test:forever', 1, null)`);
    await db().execute(sql`insert into login_attempts (email, ip, succeeded, created_at) values
      ('old@shop.test', '203.0.113.1', false, now() - interval '31 days'),
      ('new@shop.test', '203.0.113.1', false, now() - interval '1 day')`);

    expect(await sweepExpiredRows()).toEqual({ sessions: 2, rateLimits: 1, loginAttempts: 1, vitals: 0 });
    const left = await db().execute<{ what: string }>(sql`
      select id_hash as what from sessions union all select key from rate_limits where key like 'test:%'
      union all select email from login_attempts order by 1`);
    expect(left.rows.map((r) => r.what).sort()).toEqual(
      [live.idHash, "new@shop.test", "test:current", "test:forever"].sort(),
    );
  });
});
