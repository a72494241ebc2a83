import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as cspAction } from "~/features/site-speed/routes/api-csp-reports";
import { action as vitalsAction, loader as vitalsGet } from "~/features/site-speed/routes/api-vitals";
import * as adminVitals from "~/features/site-speed/routes/admin-site-speed";
import { CSP_ROWS_PER_DAY, vitalsBeaconSchema } from "~/features/site-speed/web-vitals";
import { todayInIndia, addDays } from "~/shared/ist-dates";
import { db } from "~/platform/db/client.server";
import { cspReports, webVitals } from "~/features/site-speed/tables.server";
import { sweepExpiredRows } from "~/wiring/housekeeping.server";
import { droppedSummary, recordVitals, vitalsSummary } from "~/features/site-speed/vitals.server";
import { adminSession } from "../support/admin-session";
import { callAs } from "../support/checkout-fixtures";
import { countRows, setupTestDatabase } from "../support/test-db";

// Issue 19: the real-user vitals beacon and CSP reports against the real route modules and PostgreSQL.
setupTestDatabase({ PUBLIC_URL: "http://shop.test" });

let ipCounter = 10;
const newIp = () => `198.51.100.${ipCounter++}`;
const beacon = (metrics: { name: string; value: number }[], page = "/products/:id", device = "mobile") => ({
  page,
  device,
  metrics,
});
const cspHeaders = { "content-type": "application/csp-report" };
const reportsHeaders = { "content-type": "application/reports+json" };
const cspBody = (blocked: string, page = "/checkout?cart=1") => ({
  "csp-report": {
    "document-uri": `http://shop.test${page}`,
    "blocked-uri": blocked,
    "violated-directive": "script-src-elem",
  },
});
describe("POST /api/vitals", () => {
  it("counts beacons into one histogram row per page, device and metric, and reports p75", async () => {
    const ip = newIp();
    // Four shoppers (one network adds at most three beacons per page and device a day).
    for (const v of [1000, 1200, 1400, 3000]) {
      const r = await callAs(
        newIp(),
        vitalsAction,
        beacon([
          { name: "LCP", value: v },
          { name: "CLS", value: 0.02 },
        ]),
      );
      expect(r.status).toBe(204);
    }
    await callAs(ip, vitalsAction, beacon([{ name: "INP", value: 350 }], "/", "desktop"));
    const rows = await db().select().from(webVitals);
    expect(rows).toHaveLength(3);
    const lcp = rows.find((r) => r.metric === "LCP")!;
    expect(lcp).toMatchObject({ page: "/products/:id", device: "mobile", count: 4, day: todayInIndia() });
    expect(lcp.buckets.reduce((a, b) => a + b, 0)).toBe(4);

    const summary = await vitalsSummary(7);
    const product = summary.find((s) => s.page === "/products/:id" && s.device === "mobile")!;
    // p75 of 1000, 1200, 1400, 3000 is the third value (1400), read from its 10 % bucket.
    expect(Math.abs(product.metrics.LCP.p75! - 1400) / 1400).toBeLessThan(0.06);
    expect(product.metrics.LCP.count).toBe(4);
    expect(product.metrics.INP).toEqual({ p75: null, count: 0 });
    const home = summary.find((s) => s.page === "/")!;
    expect(home.device).toBe("desktop");
    expect(home.metrics.INP.count).toBe(1);
  });

  it("refuses bad bodies with 400/413/415/405 and stores nothing", async () => {
    const before = await countRows(webVitals);
    const ip = newIp();
    expect((await callAs(ip, vitalsAction, beacon([{ name: "LCP", value: -5 }]))).status).toBe(400);
    expect((await callAs(ip, vitalsAction, beacon([{ name: "LCP", value: 10 }], "/orders/abc"))).status).toBe(
      400,
    );
    expect(
      (await callAs(ip, vitalsAction, { ...beacon([{ name: "LCP", value: 10 }]), ip: "1.2.3.4" })).status,
    ).toBe(400);
    expect((await callAs(ip, vitalsAction, "{not json")).status).toBe(400);
    expect((await callAs(ip, vitalsAction, { pad: "x".repeat(3000) })).status).toBe(413);
    expect(
      (await callAs(ip, vitalsAction, beacon([{ name: "LCP", value: 10 }]), { "content-type": "text/plain" }))
        .status,
    ).toBe(415);
    expect(vitalsGet().status).toBe(405);
    expect(await countRows(webVitals)).toBe(before);
  });

  it("limits beacons per address (30 per 10 minutes) and stores 3 a day per page and device; rows stay bounded by the page list", async () => {
    const ip = newIp();
    const ok = beacon([{ name: "TTFB", value: 300 }], "/contact");
    for (let i = 0; i < 30; i++) expect((await callAs(ip, vitalsAction, ok)).status).toBe(204);
    const refused = await callAs(ip, vitalsAction, ok);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await callAs(newIp(), vitalsAction, ok)).status).toBe(204);
    const [row] = await db()
      .select()
      .from(webVitals)
      .where(sql`page = '/contact'`);
    // 3 from the first address (27 answered 204 but dropped), 1 from the second.
    expect(row!.count).toBe(4);
    expect((await droppedSummary(7)).vitals).toEqual({ "network-cap": 27, "day-full": 0 });
  });
});

describe("POST /api/csp-reports", () => {
  it("takes report-uri and Reporting API formats, keeps origins and patterns, deduplicates per day", async () => {
    const ip = newIp();
    const a = await callAs(
      ip,
      cspAction,
      cspBody("https://checkout.razorpay.com/v1/checkout.js?k=1"),
      cspHeaders,
    );
    expect(a.status).toBe(204);
    const b = await callAs(
      ip,
      cspAction,
      [
        {
          type: "csp-violation",
          url: "http://shop.test/checkout",
          body: {
            documentURL: "http://shop.test/checkout?x=secret",
            blockedURL: "https://checkout.razorpay.com/v2/other.js",
            effectiveDirective: "script-src-elem",
          },
        },
        {
          type: "csp-violation",
          body: {
            documentURL: "http://shop.test/orders/very-secret-token",
            blockedURL: "https://api.razorpay.com/v1/x",
            effectiveDirective: "connect-src",
          },
        },
      ],
      { "content-type": "application/reports+json; charset=utf-8" },
    );
    expect(b.status).toBe(204);
    const rows = await db().select().from(cspReports).orderBy(cspReports.directive);
    expect(rows.map((r) => [r.blocked, r.directive, r.page, r.count])).toEqual([
      ["https://api.razorpay.com", "connect-src", "/orders/:token", 1],
      ["https://checkout.razorpay.com", "script-src-elem", "/checkout", 2],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/secret|v1\/checkout|\?/);
  });

  it("refuses bad bodies and other types, and limits posts per address", async () => {
    const ip = newIp();
    expect(
      (await callAs(ip, cspAction, cspBody("inline"), { "content-type": "application/json" })).status,
    ).toBe(415);
    expect((await callAs(ip, cspAction, "{oops", cspHeaders)).status).toBe(400);
    expect((await callAs(ip, cspAction, { "not-a": "report" }, cspHeaders)).status).toBe(400);
    expect((await callAs(ip, cspAction, { x: "y".repeat(20_000) }, reportsHeaders)).status).toBe(413);
    const limited = newIp();
    for (let i = 0; i < 60; i++)
      expect((await callAs(limited, cspAction, cspBody("inline"), cspHeaders)).status).toBe(204);
    expect((await callAs(limited, cspAction, cspBody("inline"), cspHeaders)).status).toBe(429);
  });

  it("keeps at most CSP_ROWS_PER_DAY kinds a day; known kinds still count up", async () => {
    const before = await countRows(cspReports);
    expect(before).toBeLessThan(CSP_ROWS_PER_DAY);
    const flood = (i: number) => ({
      type: "csp-violation",
      body: {
        documentURL: "http://shop.test/",
        blockedURL: `https://flood${i}.example/x.js`,
        effectiveDirective: "script-src-elem",
      },
    });
    // Many networks each reporting 5 new made-up origins (a network's daily share) fill the day; no more.
    let networks = 0;
    while ((await countRows(cspReports)) < CSP_ROWS_PER_DAY && networks < 50) {
      const reports = Array.from({ length: 5 }, (_, j) => flood(networks * 5 + j));
      expect((await callAs(newIp(), cspAction, reports, reportsHeaders)).status).toBe(204);
      networks++;
    }
    expect(await countRows(cspReports)).toBe(CSP_ROWS_PER_DAY);
    expect(networks).toBeGreaterThanOrEqual(Math.ceil((CSP_ROWS_PER_DAY - before) / 5));
    const dropsBefore = (await droppedSummary(7)).csp;
    const late = Array.from({ length: 5 }, (_, j) => flood(1000 + j));
    expect((await callAs(newIp(), cspAction, late, reportsHeaders)).status).toBe(204);
    expect(await countRows(cspReports)).toBe(CSP_ROWS_PER_DAY);
    expect((await droppedSummary(7)).csp).toEqual({
      "network-cap": dropsBefore["network-cap"],
      "day-full": dropsBefore["day-full"] + 5,
    });
    await callAs(newIp(), cspAction, cspBody("https://checkout.razorpay.com/v1/checkout.js"), cspHeaders);
    const [rz] = await db()
      .select()
      .from(cspReports)
      .where(sql`blocked = 'https://checkout.razorpay.com' and directive = 'script-src-elem'`);
    expect(rz!.count).toBe(3);
  });
});

describe("retention and the admin page", () => {
  it("housekeeping deletes vitals and CSP rows older than 28 days", async () => {
    const today = todayInIndia();
    const old = new Date(`${addDays(today, -29)}T06:00:00Z`);
    const recent = new Date(`${addDays(today, -27)}T06:00:00Z`);
    await recordVitals(vitalsBeaconSchema.parse(beacon([{ name: "LCP", value: 900 }], "/customize")), old);
    await recordVitals(vitalsBeaconSchema.parse(beacon([{ name: "LCP", value: 900 }], "/customize")), recent);
    await db()
      .insert(cspReports)
      .values({ day: addDays(today, -29), blocked: "inline", directive: "style-src", page: "/", count: 1 });
    const swept = await sweepExpiredRows();
    expect(swept.vitals).toBe(2);
    const customize = await db()
      .select()
      .from(webVitals)
      .where(sql`page = '/customize'`);
    expect(customize.map((r) => r.day)).toEqual([addDays(today, -27)]);
    // 27 days ago is in the 28-day view, not the 7-day one.
    expect((await vitalsSummary(28)).some((r) => r.page === "/customize")).toBe(true);
    expect((await vitalsSummary(7)).some((r) => r.page === "/customize")).toBe(false);
  });

  it("shows p75 and CSP reports to admins only", async () => {
    const args = (cookie?: string, q = "") =>
      ({
        request: new Request(`http://shop.test/admin/vitals${q}`, { headers: cookie ? { cookie } : {} }),
        params: {},
        context: {},
      }) as never;
    const anonymous = await adminVitals.loader(args()).catch((e: unknown) => e);
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).status).toBe(302);

    const { cookie } = await adminSession("boss@example.com");
    const data = await adminVitals.loader(args(cookie, "?days=28"));
    expect(data.days).toBe(28);
    expect(data.vitals.some((r) => r.page === "/products/:id")).toBe(true);
    expect(data.csp.some((r) => r.blocked === "https://checkout.razorpay.com")).toBe(true);
  });
});
