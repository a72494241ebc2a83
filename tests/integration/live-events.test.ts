import crypto from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/platform/db/client.server";
import { categories } from "~/features/catalog/tables.server";
import {
  eventListenerConnected,
  openStreamCount,
  openStreams,
  startEventListener,
  STREAM_LIMITS,
  stopEventListener,
} from "~/platform/events.server";
import { loader as adminEvents } from "~/features/admin-shell/routes/api-admin-events";
import { loader as publicEvents } from "~/features/storefront/routes/api-events";
import { adminSession } from "../support/admin-session";
import { insertOrder } from "../support/orders";
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

const adminCookie = async () => (await adminSession()).cookie;

/** A new order, written as the checkout writes one (its NOTIFY goes to the admin stream only). */
const newOrder = () => insertOrder({}, []);

describe("event streams", () => {
  it("the public stream carries catalogue changes (table name only), not orders", async () => {
    const ac = new AbortController();
    const res = await publicEvents(args(new Request("http://shop.test/api/events", { signal: ac.signal })));
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("Cache-Control")).toContain("no-cache");
    expect(res.headers.get("X-Accel-Buffering")).toBe("no");
    const s = reader(res);
    await s.until(/: connected/);
    await newOrder();
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
    await vi.waitFor(() => expect(openStreamCount()).toBe(0));
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
    await newOrder();
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

  // Issue 25: a few streams per client network (or admin session) per instance; 429 + Retry-After beyond.
  describe("per network", () => {
    const open: AbortController[] = [];
    const publicAs = async (clientIp: string) => {
      const ac = new AbortController();
      const res = await publicEvents({
        request: new Request("http://shop.test/api/events", { signal: ac.signal }),
        params: {},
        context: { clientIp },
      } as never);
      if (res.status === 200) open.push(ac);
      return { res, ac };
    };
    afterEach(async () => {
      for (const ac of open.splice(0)) ac.abort();
      await vi.waitFor(() => expect(openStreams("public")).toBe(0));
    });

    it("the 5th stream from one IPv6 /64 gets 429 with Retry-After; another network still gets one; closing one frees a slot", async () => {
      expect(STREAM_LIMITS.public.perKey).toBe(4);
      const first = [];
      for (const ip of ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1::3", "2001:db8:7:1::4"]) {
        const { res, ac } = await publicAs(ip);
        expect(res.status).toBe(200);
        first.push(ac);
      }
      expect(openStreams("public", "2001:db8:7:1::/64")).toBe(4);
      const refused = (await publicAs("2001:db8:7:1:ffff::9")).res;
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toBe("30");
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
      const body = (await refused.json()) as { message: string; code: string; retryAfterSeconds: number };
      expect(body).toMatchObject({ code: "too-many-streams", retryAfterSeconds: 30 });
      expect(body.message).toMatch(/Too many live-update connections from your network/);

      const other = await publicAs("2001:db8:7:2::1");
      expect(other.res.status).toBe(200);
      expect(other.res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);

      // The browser goes away: its slot is given back.
      first[0]!.abort();
      await vi.waitFor(() => expect(openStreams("public", "2001:db8:7:1::/64")).toBe(3));
      const again = await publicAs("2001:db8:7:1:ffff::9");
      expect(again.res.status).toBe(200);
      const s = reader(again.res);
      await s.until(/: connected/);
      expect((await publicAs("2001:db8:7:1::5")).res.status).toBe(429);
    });

    it("one IPv4 client spelt three ways is one network; a stream cancelled by its reader frees its slot", async () => {
      const spellings = ["198.51.100.7", "::ffff:198.51.100.7", "::ffff:c633:6407", "198.51.100.7"];
      const streams = [];
      for (const ip of spellings) {
        const { res } = await publicAs(ip);
        expect(res.status).toBe(200);
        streams.push(res);
      }
      expect(openStreams("public", "198.51.100.7")).toBe(4);
      const refused = (await publicAs("::ffff:c633:6407")).res;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await publicAs("203.0.113.9")).res.status).toBe(200);

      // The response body is cancelled (the server's writer gives up): the slot is freed too.
      await streams[0]!.body!.cancel();
      expect(openStreams("public", "198.51.100.7")).toBe(3);
      expect((await publicAs("::ffff:198.51.100.7")).res.status).toBe(200);
    });

    it("admin streams are counted per session: the 9th of one session gets 429, another session still gets one", async () => {
      const cookie = await adminCookie();
      const adminAs = async (c: string) => {
        const ac = new AbortController();
        open.push(ac);
        return adminEvents(
          args(
            new Request("http://shop.test/api/admin/events", { headers: { Cookie: c }, signal: ac.signal }),
          ),
        ) as Promise<Response>;
      };
      for (let i = 0; i < STREAM_LIMITS.admin.perKey; i++) expect((await adminAs(cookie)).status).toBe(200);
      const refused = await adminAs(cookie);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toBe("30");
      expect(((await refused.json()) as { message: string }).message).toMatch(/for this sign-in/);
      expect((await adminAs(await adminCookie())).status).toBe(200);
      for (const ac of open) ac.abort();
      await vi.waitFor(() => expect(openStreams("admin")).toBe(0));
    });
  });
});
