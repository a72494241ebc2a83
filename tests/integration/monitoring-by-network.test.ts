import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as cspAction } from "~/features/site-speed/routes/api-csp-reports";
import { action as vitalsAction } from "~/features/site-speed/routes/api-vitals";
import * as adminVitals from "~/features/site-speed/routes/admin-site-speed";
import { addDays, todayInIndia } from "~/shared/ist-dates";
import { db } from "~/platform/db/client.server";
import { cspReports, monitoringDrops } from "~/features/site-speed/tables.server";
import { sweepExpiredRows } from "~/wiring/housekeeping.server";
import { LIMITS } from "~/platform/limits/rate-limit.server";
import { droppedSummary, vitalsSummary } from "~/features/site-speed/vitals.server";
import { adminSession } from "../support/admin-session";
import { callAs } from "../support/checkout-fixtures";
import { routeArgs } from "../support/route-calls";
import { countRows, setupTestDatabase } from "../support/test-db";

// Issue 25: CSP reports and vitals beacons are shared out per client network, so one sender (rotating
// addresses inside its IPv6 /64, or spelling one IPv4 address three ways) can neither fill the day's CSP
// kinds nor move a p75; what is left out is answered 204 and counted for the admin.
setupTestDatabase({ PUBLIC_URL: "http://shop.test" });

/** Addresses inside one /64, the last far from the others: one network. */
const sixtyFour = (i: number) => (i % 10 === 9 ? "2001:db8:7:1:ffff::9" : `2001:db8:7:1::${(i % 9) + 1}`);
/** One IPv4 client, spelt the three ways a proxy or Node may write it. */
const IPV4_SPELLINGS = ["198.51.100.7", "::ffff:198.51.100.7", "::ffff:c633:6407"];
const ipv4 = (i: number) => IPV4_SPELLINGS[i % 3]!;

const reportsHeaders = { "content-type": "application/reports+json" };
const madeUp = (from: string, n: number) =>
  Array.from({ length: n }, (_, j) => ({
    type: "csp-violation",
    body: {
      documentURL: "http://shop.test/products",
      blockedURL: `https://${from}-${j}.example/x.js`,
      effectiveDirective: "script-src-elem",
    },
  }));
const real = {
  "csp-report": {
    "document-uri": "http://shop.test/checkout",
    "blocked-uri": "https://checkout.razorpay.com/v1/checkout.js",
    "violated-directive": "script-src-elem",
  },
};
const kindsFrom = async (prefix: string) =>
  await countRows(cspReports, sql`blocked like ${`https://${prefix}-%`}`);
const razorpay = async () =>
  (
    await db()
      .select({ count: cspReports.count })
      .from(cspReports)
      .where(sql`blocked = 'https://checkout.razorpay.com'`)
  )[0]?.count ?? 0;

const newKindShare = LIMITS.cspNewKindsPerNetworkDay.points;
const vitalsShare = LIMITS.vitalsPerNetworkPageDay.points;

describe("CSP reports per network", () => {
  it("ten posts of 20 made-up origins from one /64 add 5 kinds; the rest is answered 204 and counted as dropped", async () => {
    for (let i = 0; i < 10; i++) {
      const r = await callAs(sixtyFour(i), cspAction, madeUp(`six-${i}`, 20), reportsHeaders);
      expect(r.status).toBe(204);
    }
    expect(await kindsFrom("six")).toBe(newKindShare);
    expect((await droppedSummary(7)).csp).toEqual({ "network-cap": 200 - newKindShare, "day-full": 0 });
    // A real report from another network is still stored.
    expect(
      (await callAs("203.0.113.20", cspAction, real, { "content-type": "application/csp-report" })).status,
    ).toBe(204);
    expect(await razorpay()).toBe(1);
  });

  it("one IPv4 client spelt three ways is one network", async () => {
    for (let i = 0; i < 6; i++) {
      const r = await callAs(ipv4(i), cspAction, madeUp(`four-${i}`, 20), reportsHeaders);
      expect(r.status).toBe(204);
    }
    expect(await kindsFrom("four")).toBe(newKindShare);
    expect((await droppedSummary(7)).csp["network-cap"]).toBe(10 * 20 - newKindShare + 6 * 20 - newKindShare);
    expect(
      (await callAs("203.0.113.21", cspAction, real, { "content-type": "application/csp-report" })).status,
    ).toBe(204);
    expect(await razorpay()).toBe(2);
  });

  it("a network counts up known kinds only to its daily share, so it cannot make a kind look common", async () => {
    const before = await razorpay();
    const fifty = Array.from({ length: 50 }, () => ({
      type: "csp-violation",
      body: {
        documentURL: "http://shop.test/checkout",
        blockedURL: "https://checkout.razorpay.com/v1/checkout.js",
        effectiveDirective: "script-src-elem",
      },
    }));
    const dropped = (await droppedSummary(7)).csp["network-cap"];
    for (let i = 0; i < 4; i++)
      expect((await callAs(sixtyFour(i + 3), cspAction, fifty, reportsHeaders)).status).toBe(204);
    // The /64 already counted 100 made-up violations today: its share of 100 is used up.
    expect(await razorpay()).toBe(before);
    for (let i = 0; i < 4; i++)
      expect((await callAs("2001:db8:9:9::1", cspAction, fifty, reportsHeaders)).status).toBe(204);
    expect(await razorpay()).toBe(before + LIMITS.cspReportsPerNetworkDay.points);
    expect((await droppedSummary(7)).csp["network-cap"]).toBe(
      dropped + 4 * 50 + 4 * 50 - LIMITS.cspReportsPerNetworkDay.points,
    );
  });
});

describe("vitals per network", () => {
  const lcp = (value: number) => ({
    page: "/products/:id",
    device: "mobile",
    metrics: [{ name: "LCP", value }],
  });
  const p75 = async () =>
    (await vitalsSummary(7)).find((r) => r.page === "/products/:id" && r.device === "mobile")!.metrics.LCP;

  it("a flood from one /64 and from one IPv4 client spelt three ways adds 3 samples each; the p75 stays among real values", async () => {
    // 20 shoppers from 20 networks: LCP 1.0 s to 2.9 s; p75 is the 15th (2.4 s).
    for (let i = 0; i < 20; i++)
      expect((await callAs(`203.0.113.${100 + i}`, vitalsAction, lcp(1000 + 100 * i))).status).toBe(204);
    const before = await p75();
    expect(before.count).toBe(20);
    expect(Math.abs(before.p75! - 2400) / 2400).toBeLessThan(0.06);

    // Each attacker sends as many 60 s beacons as the per-request limit lets through (30 in 10 minutes):
    // all answered 204 (a browser must not retry), 3 counted, 27 dropped; the 31st is refused.
    for (const address of [sixtyFour, ipv4]) {
      for (let i = 0; i < LIMITS.vitalsPerClient.points; i++)
        expect((await callAs(address(i), vitalsAction, lcp(60_000))).status).toBe(204);
      expect((await callAs(address(99), vitalsAction, lcp(60_000))).status).toBe(429);
    }
    const after = await p75();
    expect(after.count).toBe(20 + 2 * vitalsShare);
    // 26 samples: p75 is the 20th, the slowest real shopper (2.9 s), not the attackers' 60 s.
    expect(after.p75!).toBeLessThan(3000);
    const dropped = 2 * (LIMITS.vitalsPerClient.points - vitalsShare);
    expect((await droppedSummary(7)).vitals).toEqual({ "network-cap": dropped, "day-full": 0 });

    // Another network is still counted.
    expect((await callAs("203.0.113.200", vitalsAction, lcp(1500))).status).toBe(204);
    expect((await p75()).count).toBe(21 + 2 * vitalsShare);
  });

  it("the share is per page and device: the same network is counted on another page", async () => {
    const home = { page: "/", device: "desktop", metrics: [{ name: "TTFB", value: 300 }] };
    for (let i = 0; i < 5; i++)
      expect((await callAs("2001:db8:7:2::1", vitalsAction, home)).status).toBe(204);
    const row = (await vitalsSummary(7)).find((r) => r.page === "/" && r.device === "desktop")!;
    expect(row.metrics.TTFB.count).toBe(vitalsShare);
  });
});

describe("the dropped counts on Site Speed", () => {
  it("the admin page shows what was dropped, and why, over the shown period; housekeeping sweeps old counts", async () => {
    const today = todayInIndia();
    // Ten days ago: in the 28-day view only. 29 days ago: swept.
    await db()
      .insert(monitoringDrops)
      .values([
        { day: addDays(today, -10), kind: "csp", reason: "day-full", count: 7 },
        { day: addDays(today, -29), kind: "vitals", reason: "network-cap", count: 1000 },
      ]);
    const admin = await adminSession("drops@example.com");
    const load = (q: string) => adminVitals.loader(routeArgs(admin.request(`/admin/vitals${q}`)));

    const week = await load("");
    // The tests above: 10 posts of 20 from the /64 and 6 from the IPv4 client (5 kept each), then 8 posts
    // of 50 known ones (100 kept).
    const cspToday =
      10 * 20 - newKindShare + (6 * 20 - newKindShare) + (8 * 50 - LIMITS.cspReportsPerNetworkDay.points);
    const vitalsToday = 2 * (LIMITS.vitalsPerClient.points - vitalsShare) + (5 - vitalsShare);
    expect(week.days).toBe(7);
    expect(week.dropped).toEqual({
      csp: { "network-cap": cspToday, "day-full": 0 },
      vitals: { "network-cap": vitalsToday, "day-full": 0 },
    });
    expect(week.caps).toEqual({
      vitalsPerPageDay: 3,
      cspNewKindsPerDay: 5,
      cspReportsPerDay: 100,
      cspKindsPerDay: 200,
    });

    const month = await load("?days=28");
    expect(month.dropped.csp["day-full"]).toBe(7);
    expect(month.dropped.vitals["network-cap"]).toBe(vitalsToday);

    await sweepExpiredRows();
    const left = await db().select().from(monitoringDrops);
    expect(left.map((r) => r.day).sort()).not.toContain(addDays(today, -29));
    expect(left.some((r) => r.day === addDays(today, -10))).toBe(true);
  });
});
