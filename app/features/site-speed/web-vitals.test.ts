import { describe, expect, it } from "vitest";
import {
  blockedSource,
  bucketOf,
  deviceClass,
  pagePattern,
  parseCspReports,
  percentile,
  rate,
  vitalsBeaconSchema,
  BUCKET_COUNT,
} from "./web-vitals";

describe("pagePattern", () => {
  it("keeps route patterns, never ids, tokens or queries", () => {
    expect(pagePattern("/")).toBe("/");
    expect(pagePattern("/products?q=love&sort=price")).toBe("/products");
    expect(pagePattern("/products/9b2c-led-heart")).toBe("/products/:id");
    expect(pagePattern("/orders/Zx81_secret-token?x=1#top")).toBe("/orders/:token");
    expect(pagePattern("/orders")).toBe("/orders");
    expect(pagePattern("/checkout/")).toBe("/checkout");
    expect(pagePattern("/return-policy")).toBe("/return-policy");
    expect(pagePattern("/admin/products")).toBe("/admin");
    expect(pagePattern("/products/a/b")).toBe("other");
    expect(pagePattern("/wp-login.php")).toBe("other");
  });
});

describe("deviceClass", () => {
  it("splits at the 768 px breakpoint", () => {
    expect(deviceClass(390)).toBe("mobile");
    expect(deviceClass(767)).toBe("mobile");
    expect(deviceClass(768)).toBe("desktop");
    expect(deviceClass(1280)).toBe("desktop");
  });
});

describe("p75 from the histogram", () => {
  const histogram = (metric: "LCP" | "CLS", values: number[]) => {
    const b = new Array<number>(BUCKET_COUNT).fill(0);
    for (const v of values) b[bucketOf(metric, v)]!++;
    return b;
  };

  it("is within 5 % of the exact 75th percentile", () => {
    const values = Array.from({ length: 400 }, (_, i) => 500 + i * 10); // 500 .. 4490 ms
    const exact = values[Math.ceil(values.length * 0.75) - 1]!; // 3490
    const p75 = percentile("LCP", histogram("LCP", values))!;
    expect(Math.abs(p75 - exact) / exact).toBeLessThan(0.05);
  });

  it("handles CLS (unitless, small) and one value", () => {
    expect(percentile("CLS", histogram("CLS", [0.12]))).toBeCloseTo(0.12, 2);
    expect(percentile("CLS", histogram("CLS", [0, 0, 0, 0.3]))).toBeCloseTo(0, 2);
    expect(percentile("LCP", new Array<number>(BUCKET_COUNT).fill(0))).toBeNull();
  });

  it("puts huge values in the last bucket", () => {
    expect(bucketOf("LCP", 119_000)).toBe(BUCKET_COUNT - 1);
    expect(bucketOf("LCP", 0)).toBe(0);
  });

  it("rates against the Core Web Vitals thresholds", () => {
    expect(rate("LCP", 2500)).toBe("good");
    expect(rate("LCP", 2501)).toBe("needs-improvement");
    expect(rate("LCP", 4001)).toBe("poor");
    expect(rate("INP", 199)).toBe("good");
    expect(rate("CLS", 0.3)).toBe("poor");
    expect(rate("TTFB", 1000)).toBe("needs-improvement");
  });
});

describe("the beacon schema", () => {
  const ok = { page: "/products/:id", device: "mobile", metrics: [{ name: "LCP", value: 2100.5 }] };
  it("accepts a beacon with route pattern, device and known metrics", () => {
    expect(vitalsBeaconSchema.safeParse(ok).success).toBe(true);
  });
  it.each([
    ["a full address", { ...ok, page: "/products/abc?x=1" }],
    ["an unknown device", { ...ok, device: "tablet" }],
    ["an unknown metric", { ...ok, metrics: [{ name: "FID", value: 10 }] }],
    ["a negative value", { ...ok, metrics: [{ name: "LCP", value: -1 }] }],
    ["an out-of-range CLS", { ...ok, metrics: [{ name: "CLS", value: 51 }] }],
    ["a repeated metric", { ...ok, metrics: [ok.metrics[0], ok.metrics[0]] }],
    ["no metrics", { ...ok, metrics: [] }],
    ["extra fields", { ...ok, userId: "u1" }],
    ["extra metric fields", { ...ok, metrics: [{ name: "LCP", value: 1, url: "/x" }] }],
  ])("refuses %s", (_, body) => {
    expect(vitalsBeaconSchema.safeParse(body).success).toBe(false);
  });
});

describe("CSP reports", () => {
  it("reads the Reporting API format, keeping origins and patterns only", () => {
    const v = parseCspReports("reports", [
      {
        type: "csp-violation",
        url: "https://shop.example/checkout?step=2",
        body: {
          documentURL: "https://shop.example/orders/secret-token?x=1",
          blockedURL: "https://checkout.razorpay.com/v1/checkout.js?key=abc",
          effectiveDirective: "script-src-elem",
        },
      },
      { type: "deprecation", body: {} },
      { type: "csp-violation", body: { documentURL: "nonsense", blockedURL: "inline" } },
    ]);
    expect(v).toEqual([
      { blocked: "https://checkout.razorpay.com", directive: "script-src-elem", page: "/orders/:token" },
    ]);
  });

  it("reads the report-uri format", () => {
    expect(
      parseCspReports("csp-report", {
        "csp-report": {
          "document-uri": "https://shop.example/checkout",
          "blocked-uri": "inline",
          "violated-directive": "script-src-elem 'self'",
        },
      }),
    ).toEqual([{ blocked: "inline", directive: "script-src-elem", page: "/checkout" }]);
  });

  it("refuses bodies of neither format", () => {
    expect(parseCspReports("reports", { type: "csp-violation" })).toBeNull();
    expect(parseCspReports("csp-report", [1, 2])).toBeNull();
  });

  it("reduces blocked addresses to origins or short keywords", () => {
    expect(blockedSource("https://evil.example:8443/a/b?c=d")).toBe("https://evil.example:8443");
    expect(blockedSource("data:image/png;base64,xyz")).toBe("data");
    expect(blockedSource("eval")).toBe("eval");
    expect(blockedSource("<script>")).toBeNull();
    expect(blockedSource("")).toBeNull();
  });
});
