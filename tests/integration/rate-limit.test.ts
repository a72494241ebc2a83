import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { consume, RateLimited, resetLimit, tooManyRequests } from "~/platform/limits/rate-limit.server";
import { setupTestDatabase } from "../support/test-db";

setupTestDatabase();

const small = { name: "test-small", def: { points: 3, duration: 60 } };

describe("rate limits stored in PostgreSQL", () => {
  it("lets the allowed number through, then refuses with a wait time, per key", async () => {
    for (let i = 0; i < 3; i++) await consume(small, "client-a");
    const err = await consume(small, "client-a").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimited);
    expect((err as RateLimited).retryAfterSeconds).toBeGreaterThan(0);
    expect((err as RateLimited).retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key is counted apart.
    await expect(consume(small, "client-b")).resolves.toBeUndefined();
  });

  it("keeps the counts in the shared table (what every instance reads)", async () => {
    const rows = await db().execute<{ key: string; points: number }>(
      sql`select key, points from rate_limits where key like 'test-small:%' order by key`,
    );
    expect(rows.rows).toEqual([
      { key: "test-small:client-a", points: 4 },
      { key: "test-small:client-b", points: 1 },
    ]);
  });

  it("counts concurrent requests exactly (no lost updates)", async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => consume(small, "client-c")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(results.filter((r) => r.status === "rejected" && r.reason instanceof RateLimited)).toHaveLength(7);
  });

  it("forgets a key when reset", async () => {
    await resetLimit(small, "client-a");
    await expect(consume(small, "client-a")).resolves.toBeUndefined();
  });

  it("answers 429 with Retry-After and a readable message", async () => {
    const res = tooManyRequests(new RateLimited("x", 120));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("120");
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe("rate-limited");
    expect(body.message).toContain("wait 2 minutes");
  });
});
