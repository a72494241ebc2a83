import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertAdmin } from "~/server/admin-accounts.server";
import { db } from "~/server/db/client.server";
import { categories, sessions } from "~/server/db/schema";
import {
  eventListenerConnected,
  openStreamCount,
  startEventListener,
  stopEventListener,
} from "~/server/events.server";
import { loader as adminEvents } from "~/routes/api/admin-events";
import { loader as publicEvents } from "~/routes/api/events";
import { setupTestDatabase } from "../support/test-db";

// The LISTEN connection and the two event streams, against a real PostgreSQL with the migrations'
// NOTIFY triggers.

const t = setupTestDatabase();

beforeAll(async () => {
  await startEventListener(t.url);
  expect(eventListenerConnected()).toBe(true);
});
afterAll(async () => {
  await stopEventListener();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- route args are generated per route
const args = (request: Request) => ({ request, params: {}, context: {} }) as any;

/** Reads a stream's text until `until` appears (or fails after the timeout). */
function reader(res: Response) {
  const r = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    get text() {
      return text;
    },
    async until(pattern: RegExp, timeoutMs = 5000): Promise<string> {
      const end = Date.now() + timeoutMs;
      while (!pattern.test(text)) {
        const left = end - Date.now();
        if (left <= 0) throw new Error(`timed out waiting for ${pattern}; got:\n${text}`);
        const chunk = await Promise.race([
          r.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; got:\n${text}`)), left),
          ),
        ]);
        if (chunk.done) throw new Error(`stream ended; got:\n${text}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
      return text;
    },
  };
}

async function adminCookie(): Promise<string> {
  const { userId } = await upsertAdmin(
    db(),
    `events-${crypto.randomUUID()}@shop.test`,
    "stream watcher phrase",
  );
  const token = crypto.randomBytes(32).toString("base64url");
  await db()
    .insert(sessions)
    .values({
      idHash: crypto.createHash("sha256").update(token).digest("hex"),
      userId,
      expiresAt: sql`now() + interval '1 hour'`,
    });
  return `neon_admin=${token}`;
}

const order = sql`insert into orders (customer_name, customer_email, customer_phone, shipping_address, subtotal, delivery_fee, total_amount, payment_method)
  values ('A', 'a@b.in', '9876543210', '{"address1":"x","city":"y","state":"z","pincode":"411001"}', 100, 299, 399, 'cod')`;

describe("event streams", () => {
  it("the public stream carries catalogue changes (table name only), not orders", async () => {
    const ac = new AbortController();
    const res = await publicEvents(args(new Request("http://shop.test/api/events", { signal: ac.signal })));
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("Cache-Control")).toContain("no-cache");
    expect(res.headers.get("X-Accel-Buffering")).toBe("no");
    const s = reader(res);
    await s.until(/: connected/);
    await db().execute(order);
    await db()
      .insert(categories)
      .values({ name: `Live ${crypto.randomUUID()}` });
    await s.until(/"table":"categories"/);
    expect(s.text).toContain('event: change\ndata: {"table":"categories"}\n\n');
    expect(s.text).not.toContain("orders");
    expect(s.text).not.toContain("order_changes");
    expect(openStreamCount()).toBe(1);
    ac.abort();
    // Cleanup on disconnect.
    await new Promise((r) => setTimeout(r, 50));
    expect(openStreamCount()).toBe(0);
  });

  it("the admin stream needs an admin session and carries order changes too", async () => {
    await expect(adminEvents(args(new Request("http://shop.test/api/admin/events")))).rejects.toMatchObject({
      status: 401,
    });
    const ac = new AbortController();
    const res = await adminEvents(
      args(
        new Request("http://shop.test/api/admin/events", {
          headers: { Cookie: await adminCookie() },
          signal: ac.signal,
        }),
      ),
    );
    const s = reader(res);
    await s.until(/: connected/);
    await db().execute(order);
    await s.until(/"table":"orders"/);
    expect(s.text).toContain('data: {"channel":"order_changes","table":"orders"}');
    ac.abort();
  });

  it("reconnects when the LISTEN connection drops and tells pages to re-read", async () => {
    const ac = new AbortController();
    const s = reader(
      await publicEvents(args(new Request("http://shop.test/api/events", { signal: ac.signal }))),
    );
    await s.until(/: connected/);
    const killer = new pg.Client({ connectionString: t.url });
    await killer.connect();
    try {
      const r = await killer.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database() and pid <> pg_backend_pid()",
      );
      expect(r.rowCount).toBe(1);
    } finally {
      await killer.end();
    }
    await s.until(/event: resync/, 10_000);
    await db()
      .insert(categories)
      .values({ name: `After ${crypto.randomUUID()}` });
    await s.until(/"table":"categories"/);
    ac.abort();
  });
});
